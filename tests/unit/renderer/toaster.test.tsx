// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notify } from '@renderer/shared/ui/toaster';
import { TOAST_TOP_OFFSET, toaster } from '@renderer/shared/ui/toaster-store';
import { renderRoute } from './support/render-route';

afterEach(() => {
  cleanup();
  toaster.remove();
});

const WIZARD_ERROR = 'Veuillez corriger les erreurs avant de continuer';

describe('toasts', () => {
  it('shows an identical toast once, however often it is raised', async () => {
    // The app's providers, which show the toasts, around an empty page.
    renderRoute();
    act(() => {
      for (let click = 0; click < 4; click += 1) notify.error(WIZARD_ERROR);
    });
    await waitFor(() => expect(screen.getAllByText(WIZARD_ERROR)).toHaveLength(1));
    expect(toaster.getVisibleToasts()).toHaveLength(1);

    // Different texts or types still each get their toast.
    act(() => {
      notify.error('Erreur lors de la sauvegarde des activités');
      notify.success(WIZARD_ERROR);
    });
    await waitFor(() => expect(toaster.getVisibleToasts()).toHaveLength(3));
  });

  it('shows toasts in the order they were raised, the store loading with the first one', async () => {
    renderRoute();
    let ids: string[] = [];
    act(() => {
      ids = [notify.info('Lien copié'), notify.warning('Session bientôt expirée'), notify.success('Profil mis à jour')];
    });
    expect(ids).toEqual(['info:Lien copié:', 'warning:Session bientôt expirée:', 'success:Profil mis à jour:']);
    await waitFor(() => expect(toaster.getVisibleToasts()).toHaveLength(3));
    expect(toaster.getVisibleToasts().map((toast) => toast.title)).toEqual([
      'Profil mis à jour',
      'Session bientôt expirée',
      'Lien copié',
    ]);
  });

  it('names its region in French, not with the library placement and hot key', async () => {
    renderRoute();
    act(() => {
      notify.success('Profil mis à jour');
    });
    expect(await screen.findByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('stands below the sticky header, never over its account button', () => {
    expect(toaster.attrs.offsets).toMatchObject({ top: TOAST_TOP_OFFSET });
    // The header is at least 4rem high (minH 16).
    expect(parseFloat(TOAST_TOP_OFFSET)).toBeGreaterThan(4);
  });
});
