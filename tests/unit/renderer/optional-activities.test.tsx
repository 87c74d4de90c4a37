// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OptOutsView } from '@shared/api/opt-outs.schema';
import { customer } from './support/booking-fixtures';
import { NOT_FOUND, ok, startLocalApi } from './support/local-api';
import { installMatchMedia } from './support/match-media';

const ID = 'b0000000-0000-4000-8000-000000000001';
const ME = 'c0000000-0000-4000-8000-000000000002';
const PAINTBALL = 'd0000000-0000-4000-8000-000000000003';
const PARCOURS = 'd0000000-0000-4000-8000-000000000004';
const BASE = `/api/v1/customer-booking-requests/${ID}`;

const lines = (optedOut: string[]): OptOutsView['lines'] => [
  {
    lineId: PAINTBALL,
    name: 'Paintball',
    scheduledDate: '2030-06-01',
    perPersonPrice: 20,
    eligible: true,
    optional: true,
    optedOut,
  },
  {
    lineId: PARCOURS,
    name: 'Parcours aventure',
    scheduledDate: '2030-06-01',
    perPersonPrice: 25,
    eligible: true,
    optional: false,
    optedOut: [],
  },
];

let current: OptOutsView = { me: ME, canManage: false, open: true, lines: lines([]) };
const server = await startLocalApi(({ method, url, body }) => {
  if (method === 'GET' && url === `${BASE}/opt-outs`) return ok(current);
  if (method === 'PUT' && url === `${BASE}/participants/${ME}/opt-outs/${PAINTBALL}`) {
    const out = (body as { optedOut: boolean }).optedOut;
    current = { ...current, lines: lines(out ? [ME] : []) };
    return ok(current, 'Vous ne participez pas à cette activité : votre part est mise à jour');
  }
  if (method === 'PUT' && url === `${BASE}/activities/${PARCOURS}/optional`) return ok(current, 'Activité mise à jour');
  return NOT_FOUND;
});
const { OptionalActivities } = await import('@renderer/features/booking-detail/optional-activities');
const { renderRoute } = await import('./support/render-route');
installMatchMedia();
vi.setConfig({ testTimeout: 20_000 });

describe('optional activities on the booking page (docs/decisions.md, "Group shares")', () => {
  it('a participant chooses « Je ne participe pas » on an optional line and sees their share drop by its price', async () => {
    current = { me: ME, canManage: false, open: true, lines: lines([]) };
    const { user } = renderRoute({ as: customer, element: <OptionalActivities bookingId={ID} /> });
    const takes = await screen.findByRole('radio', { name: 'Je participe : Paintball' });
    expect(takes).toBeChecked();
    expect(screen.getByText(/Cette activité compte 20/)).toBeInTheDocument();
    // A line the organizer did not make optional offers no choice, and no switch to a participant.
    expect(screen.queryByText(/Parcours aventure/)).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Je ne participe pas : Paintball' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Je ne participe pas : Paintball' })).toBeChecked());
    expect(await screen.findByText(/Votre part est réduite de 20/)).toBeInTheDocument();
    const put = server.requests.find((request) => request.method === 'PUT');
    expect(put).toMatchObject({ url: `${BASE}/participants/${ME}/opt-outs/${PAINTBALL}`, body: { optedOut: true } });
  });

  it('the organizer sees a « Facultative » switch per per-person line; closed choices are disabled', async () => {
    current = { me: ME, canManage: true, open: true, lines: lines([]) };
    const { user } = renderRoute({ as: customer, element: <OptionalActivities bookingId={ID} /> });
    const parcours = await screen.findByRole('switch', { name: 'Facultative : Parcours aventure' });
    expect(parcours).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Facultative : Paintball' })).toBeChecked();
    await user.click(parcours);
    await waitFor(() =>
      expect(server.requests.find((request) => request.method === 'PUT')).toMatchObject({
        url: `${BASE}/activities/${PARCOURS}/optional`,
        body: { optional: true },
      }),
    );
    cleanup();
    current = { me: ME, canManage: false, open: false, lines: lines([ME]) };
    renderRoute({ as: customer, element: <OptionalActivities bookingId={ID} /> });
    expect(await screen.findByRole('radio', { name: 'Je ne participe pas : Paintball' })).toBeDisabled();
  });
});
