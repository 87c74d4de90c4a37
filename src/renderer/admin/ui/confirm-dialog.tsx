import { Checkbox } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';
import { ConfirmDialog as SharedConfirmDialog } from '@renderer/shared/ui/confirm-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red confirm button for what cannot be undone (cancel). */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  /** While the body's own input (a reason) is missing. */
  confirmDisabled?: boolean;
}

/** The confirmation every irreversible back-office action goes through: the shared one, back-office density. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return <SharedConfirmDialog {...props} cancelLabel="Retour" compact />;
}

/** An option of a confirmation (keep the fee, the park cancels…): a checkbox and its label. */
export function ConfirmOption({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Checkbox.Root
      recipe={checkboxSlotRecipe}
      checked={checked}
      onCheckedChange={(event) => onChange(event.checked === true)}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{children}</Checkbox.Label>
    </Checkbox.Root>
  );
}
