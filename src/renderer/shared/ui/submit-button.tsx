import { Button } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

const OWN_WIDTH_FROM = {
  sm: { base: 'stretch', sm: 'flex-start' },
  md: { base: 'stretch', md: 'flex-start' },
} as const;

/**
 * A form's main button: brand, large, its icon first, and what it is doing while the call runs.
 * While it runs the button is disabled (Chakra's `loading`), and a browser moves the focus off a
 * disabled button to the page: the focus comes back to the button once the call is over, unless
 * something else took it meanwhile (WCAG 2.4.3; the form stays where the keyboard user was).
 */
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
  const ref = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  const busy = useRef(Boolean(loading));
  useLayoutEffect(() => {
    busy.current = Boolean(loading);
  }, [loading]);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!loading && hadFocus.current && lost) ref.current?.focus();
  }, [loading]);
  return (
    <Button
      ref={ref}
      onFocus={() => {
        hadFocus.current = true;
      }}
      onBlur={() => {
        // Losing the focus because the call made the button disabled is not leaving it.
        if (!busy.current) hadFocus.current = false;
      }}
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
