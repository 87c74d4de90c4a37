import { Button } from '@chakra-ui/react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { DialogShell } from './dialog-shell';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  loadingText?: string;
  /**
   * Runs on confirm. A promise resolving to true closes the dialog; false (a failure the caller
   * has already told) keeps it open.
   */
  onConfirm: () => void | Promise<boolean>;
  /** Red confirm button for what cannot be undone. */
  danger?: boolean;
  busy?: boolean;
  /** While the body's own input (a reason) is missing. */
  confirmDisabled?: boolean;
  cancelLabel?: string;
  compact?: boolean;
  /** The button that opens it (the dialog then keeps its own open state)… */
  trigger?: ReactElement;
  /** …or the caller's open state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** The confirmation (an alertdialog) every irreversible action goes through, customer and back-office. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  loadingText,
  onConfirm,
  danger = false,
  busy = false,
  confirmDisabled = false,
  cancelLabel = 'Annuler',
  compact = false,
  trigger,
  open,
  onOpenChange,
}: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  const confirm = async () => {
    setRunning(true);
    try {
      if ((await onConfirm()) === true) setOpen(false);
    } finally {
      setRunning(false);
    }
  };
  return (
    <DialogShell
      alert
      open={isOpen}
      onOpenChange={setOpen}
      trigger={trigger}
      title={title}
      cancelLabel={cancelLabel}
      compact={compact}
      actions={
        <Button
          colorPalette={danger ? 'red' : 'brand'}
          size={compact ? undefined : 'lg'}
          loading={busy || running}
          loadingText={loadingText}
          disabled={confirmDisabled}
          onClick={() => void confirm()}
        >
          {confirmLabel}
        </Button>
      }
    >
      {children}
    </DialogShell>
  );
}
