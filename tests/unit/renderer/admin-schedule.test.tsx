// @vitest-environment jsdom
// The team edits a booking's schedule from the request page (PUT …/schedule), with the
// organizer's editor composed in app/admin.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, staffDetail } from './support/admin-fixtures';
import { line } from './support/booking-fixtures';
import { bodiesOf, startLocalServer } from './support/local-server';

const paintball = line({
  _id: 'line-paintball',
  name: 'Paintball',
  catalogActivityId: 'act-paintball',
  scheduledDate: '2099-03-06',
  customParticipants: 12,
});
const editable = staffDetail({ bookingActivities: [paintball], estimatedTotal: 300 });
const closed = staffDetail({
  _id: 'b0000000-0000-4000-8000-000000000009',
  status: 'confirmed',
  bookingActivities: [paintball],
  allowedActions: { ...editable.allowedActions, schedule: false },
});
const EDITABLE_URL = `/api/v1/staff/booking-requests/${editable._id}`;
let scheduleReply: { status: number; body: unknown } = { status: 200, body: {} };

const server = await startLocalServer(({ method, url }) => {
  if (method === 'GET' && url === EDITABLE_URL) return { status: 200, body: { success: true, data: editable } };
  if (method === 'GET' && url === `/api/v1/staff/booking-requests/${closed._id}`) {
    return { status: 200, body: { success: true, data: closed } };
  }
  if (method === 'PUT' && url === `${EDITABLE_URL}/schedule`) return scheduleReply;
  if (method === 'GET' && url.startsWith('/api/v1/staff/booking-requests/')) {
    return {
      status: 200,
      body: { success: true, data: { messages: [], pagination: { page: 1, limit: 50, total: 0, pages: 0 } } },
    };
  }
  return {
    status: 404,
    body: { success: false, error: 'Ressource non trouvée', message: 'Ressource non trouvée', code: 'NOT_FOUND' },
  };
});
vi.stubEnv('VITE_API_URL', server.origin);
const { renderRoute } = await import('./support/render-route');
const { AdminRequestRoute } = await import('@renderer/app/admin/admin-request-route');
const { clearStaffToken } = await import('@renderer/admin/session/staff-token');
const { toaster } = await import('@renderer/shared/ui/toaster-store');

afterEach(() => {
  cleanup();
  toaster.remove();
  clearStaffToken();
  server.requests.length = 0;
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

const toastText = (text: string) =>
  waitFor(() =>
    expect(screen.getAllByTestId('toast').some((toast) => (toast.textContent ?? '').includes(text))).toBe(true),
  );

function renderRequest(id: string) {
  return renderRoute({
    at: `/admin/demandes/${id}`,
    staff: ADMIN,
    routes: [{ path: '/admin/demandes/:id', element: <AdminRequestRoute /> }],
  });
}

describe('the team edits the schedule on the request page', { timeout: 30_000 }, () => {
  it('saves a line’s participants through the staff call, with the booking’s lastModified', async () => {
    const saved = staffDetail({
      bookingActivities: [{ ...paintball, customParticipants: 20, followsBookingCount: false, total: 500 }],
      lastModified: '2026-11-22T09:00:00.000Z',
    });
    scheduleReply = { status: 200, body: { success: true, message: 'Programme enregistré', data: saved } };
    const { user } = renderRequest(editable._id);

    const programme = await screen.findByRole('region', { name: 'Programme' });
    const count = await within(programme).findByRole('spinbutton', { name: /^Participants/ });
    await user.clear(count);
    await user.type(count, '20');
    await user.click(within(programme).getByRole('button', { name: /^Appliquer/ }));

    await toastText('Participants mis à jour');
    const [body] = bodiesOf(server, 'PUT', `${EDITABLE_URL}/schedule`) as [
      {
        lastModified: string;
        bookingActivities: { _id: string; customParticipants: number; followsBookingCount: boolean }[];
      },
    ];
    expect(body.lastModified).toBe('2026-11-21T10:00:00.000Z');
    expect(body.bookingActivities).toEqual([
      expect.objectContaining({ _id: 'line-paintball', customParticipants: 20, followsBookingCount: false }),
    ]);
    // The answer replaces the page's detail.
    expect(await within(programme).findByText('500,00 €')).toBeInTheDocument();
  });

  it('shows the server’s refusal and keeps the schedule as it was', async () => {
    scheduleReply = {
      status: 409,
      body: {
        success: false,
        error: 'Plus que 4 places sur ce créneau',
        message: 'Plus que 4 places sur ce créneau',
        code: 'SLOT_FULL',
      },
    };
    const { user } = renderRequest(editable._id);

    const programme = await screen.findByRole('region', { name: 'Programme' });
    const count = await within(programme).findByRole('spinbutton', { name: /^Participants/ });
    await user.clear(count);
    await user.type(count, '30');
    await user.click(within(programme).getByRole('button', { name: /^Appliquer/ }));

    await toastText('Plus que 4 places sur ce créneau');
    expect(within(programme).getByRole('spinbutton', { name: /^Participants/ })).toHaveValue(30);
  });

  it('shows the read-only programme once the rules no longer let the team edit', async () => {
    renderRequest(closed._id);

    // The section, and its scrollable table named alike.
    const [programme] = await screen.findAllByRole('region', { name: 'Programme' });
    if (!programme) throw new Error('Programme introuvable');
    expect(await within(programme).findByText('Paintball')).toBeInTheDocument();
    expect(within(programme).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(programme).queryByRole('button', { name: /^Appliquer/ })).not.toBeInTheDocument();
  });
});
