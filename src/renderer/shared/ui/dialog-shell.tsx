import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { cloneElement, useState, type FormEvent, type MouseEvent, type ReactElement, type ReactNode } from 'react';

export interface DialogShellProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Under the title (the day a catalogue dialog fills). */
  description?: ReactNode;
  children: ReactNode;
  /** The footer's actions, after the cancel button. */
  actions?: ReactNode;
  /** An outline button that closes the dialog ('Annuler', 'Retour', 'Fermer'); none when omitted. */
  cancelLabel?: string;
  /** The button that opens the dialog, when the dialog owns it. */
  trigger?: ReactElement;
  /** An alertdialog: asks before what cannot be undone. */
  alert?: boolean;
  /** Wraps header, body and footer in a form submitted by the footer's submit button. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Back-office density: default-size buttons and a small close button. */
  compact?: boolean;
  /** A long content: full screen on phones, this width from md up, scrolling inside. */
  size?: 'lg' | 'xl';
  closeLabel?: string;
  /**
   * The element that takes the focus back once the dialog closes, when it is not the one focused
   * before it opened: a dialog opened from a menu item (gone with its menu) names the menu's button.
   */
  finalFocusEl?: () => HTMLElement | null;
  closeSize?: 'sm' | 'md' | 'lg';
  footerAlign?: 'center';
}

type TriggerProps = { onClick?: (event: MouseEvent<HTMLElement>) => void; type?: string };

/**
 * The trigger of a dialog never opened yet, without Chakra's Dialog around it: it says what it opens
 * and opens it, as Dialog.Trigger would.
 */
function closedTrigger(trigger: ReactElement<TriggerProps>, open: () => void): ReactElement {
  return cloneElement(trigger, {
    type: trigger.props.type ?? 'button',
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    onClick: (event: MouseEvent<HTMLElement>) => {
      trigger.props.onClick?.(event);
      if (!event.defaultPrevented) open();
    },
  } as TriggerProps);
}

/**
 * The one dialog frame of the renderer (title, body, footer, 'Fermer' cross), customer and back-office.
 * Chakra's Dialog (its state machine) mounts when the dialog first opens and stays for its closing
 * and later openings; until then a dialog is its trigger, or nothing: a page with a confirmation per
 * participant or per link starts no machine for them (docs/decisions.md, performance rule 25).
 */
export function DialogShell({
  open,
  onOpenChange,
  title,
  description,
  children,
  actions,
  cancelLabel,
  trigger,
  alert = false,
  onSubmit,
  compact = false,
  size,
  closeLabel = 'Fermer',
  finalFocusEl,
  closeSize,
  footerAlign,
}: DialogShellProps) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return trigger ? closedTrigger(trigger as ReactElement<TriggerProps>, () => onOpenChange(true)) : null;
  const sections = (
    <>
      <Dialog.Header
        {...(description ? { flexDirection: 'column', alignItems: 'flex-start', gap: '1', pe: '14' } : {})}
      >
        <Dialog.Title>{title}</Dialog.Title>
        {description && <Dialog.Description color="fg.muted">{description}</Dialog.Description>}
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      {(cancelLabel || actions) && (
        <Dialog.Footer flexWrap="wrap" justifyContent={footerAlign}>
          {cancelLabel && (
            <Dialog.ActionTrigger asChild>
              <Button variant="outline" size={compact ? undefined : 'lg'}>
                {cancelLabel}
              </Button>
            </Dialog.ActionTrigger>
          )}
          {actions}
        </Dialog.Footer>
      )}
    </>
  );
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      role={alert ? 'alertdialog' : undefined}
      open={open}
      onOpenChange={(event) => onOpenChange(event.open)}
      finalFocusEl={finalFocusEl}
      placement={size ? undefined : 'center'}
      size={size ? { base: 'full', md: size } : undefined}
      scrollBehavior={size ? 'inside' : undefined}
      lazyMount
      unmountOnExit
    >
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={size ? undefined : '4'}>
          <Dialog.Content>
            {onSubmit ? (
              <form noValidate onSubmit={onSubmit}>
                {sections}
              </form>
            ) : (
              sections
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton aria-label={closeLabel} size={closeSize ?? (compact ? 'sm' : 'md')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
