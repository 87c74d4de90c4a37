// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareMenu } from '@renderer/features/invitation/links/share-menu';
import { installMatchMedia, installResizeObserver } from './support/match-media';
import { renderRoute } from './support/render-route';
import { readyMenuItem } from './support/menu';

// The share menu mounts at the first press of its button (docs/decisions.md, performance rule 21):
// before, the button alone, announced as opening a menu; then the menu, open, with the focus in it,
// and the focus back on 'Partager' when it closes.

installMatchMedia();
installResizeObserver();
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => cleanup());

function renderMenu() {
  const onCopied = vi.fn();
  renderRoute({
    element: (
      <ShareMenu
        url="https://parc.example/invitation/AbCdEfGhIjKlMnOpQrStUv"
        label="GRP-2030-00001"
        onCopied={onCopied}
        onManualCopy={() => undefined}
      />
    ),
  });
  return { onCopied, user: userEvent.setup() };
}

describe('ShareMenu', () => {
  it('draws only its button until pressed, announced as opening a menu', () => {
    renderMenu();
    const share = screen.getByRole('button', { name: 'Partager' });
    expect(share).toHaveAttribute('aria-haspopup', 'menu');
    expect(share).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu', { hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { hidden: true })).not.toBeInTheDocument();
  });

  it('opens at the first press with the focus inside, and gives it back to Partager on Escape', async () => {
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Partager' }));
    const menu = await screen.findByRole('menu');
    expect(screen.getByRole('menuitem', { name: 'Copier le lien' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'QR code' })).toBeVisible();
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    expect(screen.getByRole('button', { name: 'Partager' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Partager' })).toHaveFocus());
  });

  it('opens from the keyboard and its items answer: Copier le lien copies the link', async () => {
    const { user, onCopied } = renderMenu();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Partager' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(await readyMenuItem('Copier le lien'));
    await waitFor(() => expect(onCopied).toHaveBeenCalledTimes(1));
    expect(writeText).toHaveBeenCalledWith('https://parc.example/invitation/AbCdEfGhIjKlMnOpQrStUv');
  });
});
