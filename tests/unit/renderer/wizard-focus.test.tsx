// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLocalServer } from './support/local-server';
import { installMatchMedia } from './support/match-media';
import { ACTIVITIES, customer, PARCOURS, SERVICES, START } from './wizard-fixtures';

// Where the focus goes between the wizard's steps (WCAG 2.4.3): on the new step's title, whether
// the step was already loaded or not, logged in or not; never on the page's body.

const server = await startLocalServer(({ method, url }) => {
  if (method === 'GET' && url.startsWith('/api/v1/public-booking-requests/activities')) {
    return { status: 200, body: { success: true, data: ACTIVITIES } };
  }
  if (method === 'GET' && url.startsWith('/api/v1/public-booking-requests/services')) {
    return { status: 200, body: { success: true, data: SERVICES } };
  }
  return { status: 404, body: { success: false } };
});
vi.stubEnv('VITE_API_URL', server.origin);
const { BookingWizardPage } = await import('@renderer/features/booking-wizard/booking-wizard-page');
const { DRAFT_STORAGE_KEY, EMPTY_DRAFT } = await import('@renderer/features/booking-wizard/wizard-draft');
const { toaster } = await import('@renderer/shared/ui/toaster-store');
const { clearAuthToken } = await import('@renderer/shared/session/auth-token');
const { renderRoute } = await import('./support/render-route');

installMatchMedia();
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => sessionStorage.clear());

afterEach(() => {
  cleanup();
  toaster.remove();
  clearAuthToken();
  sessionStorage.clear();
  server.requests.length = 0;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

/** The wizard reopened on step 2 with one activity chosen, as after a reload. */
function renderAtStep2(as?: typeof customer) {
  sessionStorage.setItem(
    DRAFT_STORAGE_KEY,
    JSON.stringify({
      ...EMPTY_DRAFT,
      step: 2,
      event: { ...EMPTY_DRAFT.event, bookingType: 'act', participants: '12', date: START },
      lines: [{ id: 'temp_1', kind: 'activity', catalogId: PARCOURS._id, scheduledDate: START }],
    }),
  );
  return renderRoute({ at: '/reservation', routes: [{ path: '/reservation', element: <BookingWizardPage /> }], as });
}

const stepTitle = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('Booking wizard: the focus on each new step’s title', { timeout: 30_000 }, () => {
  // First in the file: step 3 has never been shown yet, so its lazy component suspends on its
  // first render, and React keeps step 2 in the page, hidden, meanwhile.
  it('from step 2 to step 3 (loading, then loaded), and back to step 2', async () => {
    const { user } = renderAtStep2();
    await screen.findByTestId('day-line');
    const toStep3 = screen.getByRole('button', { name: 'Continuer' });
    toStep3.focus();

    await user.keyboard('{Enter}');

    const finalisation = await stepTitle('Finalisation');
    await waitFor(() => expect(finalisation).toHaveFocus());
    // And it stays there once everything has settled (the old step's content is gone).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(finalisation);

    screen.getByRole('button', { name: /Précédent/ }).focus();
    await user.keyboard('{Enter}');
    const activities = await stepTitle('Activités & Services');
    await waitFor(() => expect(activities).toHaveFocus());

    // Step 3 again, now loaded: shown at once.
    screen.getByRole('button', { name: 'Continuer' }).focus();
    await user.keyboard('{Enter}');
    const again = await stepTitle('Finalisation');
    await waitFor(() => expect(again).toHaveFocus());
  });

  it('from step 2 to step 3 when logged in', async () => {
    const { user } = renderAtStep2(customer);
    await screen.findByTestId('day-line');
    screen.getByRole('button', { name: 'Continuer' }).focus();

    await user.keyboard('{Enter}');

    expect(await screen.findByTestId('connected-as')).toHaveTextContent('Camille Durand');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Finalisation' })).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
  });
});
