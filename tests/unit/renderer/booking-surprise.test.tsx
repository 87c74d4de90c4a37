// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { customer, detail, line, participant } from './support/booking-fixtures';
import { bookingDetailLoaded } from './support/booking-detail-page';
import { startLocalServer, type Reply } from './support/local-server';
import { installMatchMedia } from './support/match-media';

const ID = 'b0000000-0000-4000-8000-000000000001';
const DETAIL_URL = `/api/v1/customer-booking-requests/${ID}`;
const ok = (data: unknown): Reply => ({ status: 200, body: { success: true, data } });

const organizerView = detail({ bookingActivities: [line()], surprise: false });
const guestView = detail({
  userRole: 'participant',
  surprise: true,
  programmeHidden: true,
  estimatedTotal: 0,
  bookingActivities: [],
  bookingServices: [],
  activities: [],
  permissions: { canModify: false, canModifyActivities: false, canAddParticipants: false, canPay: false },
  bookingParticipants: [participant()],
});

let detailReply: Reply = ok(organizerView);
const server = await startLocalServer(({ method, url }) => {
  if (method === 'GET' && url === DETAIL_URL) return detailReply;
  if (method === 'PUT' && url === DETAIL_URL) return ok({ ...organizerView, surprise: true });
  return { status: 404, body: { success: false, error: 'Ressource non trouvée', message: 'Ressource non trouvée' } };
});
vi.stubEnv('VITE_API_URL', server.origin);
const { BookingDetailPage } = await import('@renderer/app/booking-detail-route');
const { ProtectedRoute } = await import('@renderer/app/customer-area');
const { clearAuthToken } = await import('@renderer/shared/session/auth-token');
const { renderRoute } = await import('./support/render-route');
const { setSessionExpiredHandler } = await import('@renderer/shared/api/client');

setSessionExpiredHandler(() => undefined);
installMatchMedia();
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  clearAuthToken();
  detailReply = ok(organizerView);
  server.requests.length = 0;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

function renderDetail() {
  return renderRoute({
    at: `/booking/${ID}`,
    as: customer,
    routes: [
      {
        path: '/booking/:bookingId',
        element: (
          <ProtectedRoute>
            <BookingDetailPage />
          </ProtectedRoute>
        ),
      },
    ],
  });
}

const loaded = () => bookingDetailLoaded();

describe('Surprise mode on the booking detail (docs/decisions.md, "Group shares")', () => {
  it('shows a guest of honour the « Surprise » card in place of the programme and the total', async () => {
    detailReply = ok(guestView);
    renderDetail();
    await loaded();
    expect(screen.getByRole('heading', { name: 'Surprise' })).toBeInTheDocument();
    expect(screen.getByText('Le programme est une surprise !')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Activités' })).toBeNull();
    expect(screen.queryByText('Total estimé')).toBeNull();
    expect(document.body.textContent).not.toContain('Parcours aventure');
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('gives the organizer of a birthday the surprise switch, which sends { surprise: true }', async () => {
    renderDetail();
    await loaded();
    const toggle = screen.getByRole('switch', {
      name: 'Mode surprise : les invités d’honneur ne voient ni le programme ni les prix',
    });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toEqual({ surprise: true });
    await waitFor(() => expect(screen.getByRole('switch')).toBeChecked());
  });
});
