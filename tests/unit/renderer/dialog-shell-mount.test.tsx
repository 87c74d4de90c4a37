// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '@renderer/shared/ui/confirm-dialog';
import { DialogShell } from '@renderer/shared/ui/dialog-shell';
import { installMatchMedia } from './support/match-media';
import { renderRoute } from './support/render-route';

// Chakra's Dialog mounts when a dialog first opens (docs/decisions.md, performance rule 25): until
// then a dialog is its trigger, which says what it opens and opens it as Dialog.Trigger would.

installMatchMedia();
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => cleanup());

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Voir le QR code
      </button>
      <DialogShell open={open} onOpenChange={setOpen} title="QR code" cancelLabel="Fermer la fenêtre">
        <p>Le code</p>
      </DialogShell>
    </>
  );
}

describe('DialogShell before its first opening', () => {
  it('is its trigger alone, announced as opening a dialog, then the dialog at the press', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn().mockResolvedValue(true);
    renderRoute({
      element: (
        <form onSubmit={() => undefined}>
          <ConfirmDialog
            title="Retirer Léa ?"
            confirmLabel="Retirer"
            onConfirm={onConfirm}
            trigger={<button>Retirer Léa</button>}
          >
            <p>Elle ne fera plus partie du groupe.</p>
          </ConfirmDialog>
        </form>
      ),
    });
    const trigger = screen.getByRole('button', { name: 'Retirer Léa' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // A button inside a form: it opens the dialog, it does not submit the form.
    expect(trigger).toHaveAttribute('type', 'button');
    // No Dialog yet: Chakra's trigger carries the dialog's data-scope.
    expect(trigger).not.toHaveAttribute('data-scope');

    await user.click(trigger);
    const dialog = await screen.findByRole('alertdialog', { name: 'Retirer Léa ?' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retirer Léa' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Retirer Léa' })).toHaveAttribute('data-scope', 'dialog');

    // It opens again, and confirms.
    await user.click(screen.getByRole('button', { name: 'Retirer Léa' }));
    const again = await screen.findByRole('alertdialog', { name: 'Retirer Léa ?' });
    await user.click(within(again).getByRole('button', { name: 'Retirer' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('keeps the trigger’s own press, and opens nothing when it prevents the default', async () => {
    const user = userEvent.setup();
    const pressed = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderRoute({
      element: (
        <ConfirmDialog
          title="Annuler la réservation ?"
          confirmLabel="Confirmer"
          onConfirm={() => undefined}
          trigger={
            <button type="button" onClick={pressed}>
              Annuler la réservation
            </button>
          }
        >
          <p>Texte</p>
        </ConfirmDialog>
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Annuler la réservation' }));
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('draws nothing without a trigger until its owner opens it', async () => {
    const user = userEvent.setup();
    renderRoute({ element: <Controlled /> });
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voir le QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR code' });
    expect(within(dialog).getByText('Le code')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer la fenêtre' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Voir le QR code' })).toHaveFocus());
  });
});
