import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import type { DialogShellProps } from './dialog-shell';

/**
 * What `DialogShell` draws once its dialog has opened: Chakra's Dialog (its state machine, focus
 * trap and portal), in a chunk of its own that loads at the first opening, or before when the
 * trigger is hovered or focused (docs/decisions.md, performance rule 25).
 */
export function DialogFrame({
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
      onExitComplete={() => {
        // Closed before its focus trap was set up (a key pressed within a frame of its opening, on a
        // busy device): nothing gave the focus back, and it is left on the page's body.
        const active = document.activeElement;
        if (finalFocusEl && (!active || active === document.body)) finalFocusEl()?.focus();
      }}
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
