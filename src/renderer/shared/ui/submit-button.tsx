import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';

const OWN_WIDTH_FROM = {
  sm: { base: 'stretch', sm: 'flex-start' },
  md: { base: 'stretch', md: 'flex-start' },
} as const;

/** A form's main button: brand, large, its icon first, and what it is doing while the call runs. */
export function SubmitButton({
  icon,
  loading,
  loadingText,
  disabled,
  inline = false,
  size = 'lg',
  children,
}: {
  icon: ReactNode;
  loading?: boolean;
  loadingText?: string;
  disabled?: boolean;
  /** Full width on phones, its own width from `sm` up (`true`) or from `md` up, rather than the form's. */
  inline?: boolean | 'md';
  /** 'md' in the back office. */
  size?: 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      colorPalette="brand"
      size={size}
      loading={loading}
      loadingText={loadingText}
      alignSelf={inline ? OWN_WIDTH_FROM[inline === true ? 'sm' : inline] : undefined}
      disabled={disabled}
    >
      {icon}
      {children}
    </Button>
  );
}
