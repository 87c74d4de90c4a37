// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN } from './support/admin-fixtures';
import { bodiesOf, startLocalServer } from './support/local-server';

/**
 * The reception's check-in page (docs/decisions.md, "Check-in"): a code typed by the USB scanner
 * and Enter; a pass without a waiver is refused with the waiver form, signed on site, then checked
 * in; search by name; the board's n / N.
 */
const CODE = 'pa1.b.p.20301201.20301201.abc';
const WAIVER_MISSING = 'Décharge non signée : faites-la signer sur place avant l’entrée';
let waiverSigned = false;
let arrived = 0;
const person = (
  id: string,
  firstName: string,
  lastName: string,
  code: string,
  signed: boolean,
  inAt: string | null,
) => ({
  participantId: id,
  firstName,
  lastName,
  code,
  waiverSigned: signed,
  checkedInAt: inAt,
});
const server = await startLocalServer(({ method, url, body }) => {
  if (method === 'GET' && url.startsWith('/api/v1/staff/check-in/board')) {
    return {
      status: 200,
      body: {
        success: true,
        data: {
          date: '2030-12-01',
          groups: [
            {
              bookingId: 'b1',
              bookingRequestId: 'GRP-2030-00001',
              organizerName: 'Claire Organisatrice',
              status: 'confirmed',
              arrived,
              expected: 5,
              checkedOutAt: null,
              balanceDue: { amount: 60, onSiteChosen: true },
              participants: [
                person('p1', 'Jules', 'Bernard', CODE, waiverSigned, arrived ? '2030-12-01T09:00:00.000Z' : null),
                person('p2', 'Zoé', 'Lambert', 'pa1.other', true, null),
              ],
            },
          ],
        },
      },
    };
  }
  if (method === 'POST' && url === '/api/v1/staff/check-in') {
    if (!waiverSigned) {
      return {
        status: 409,
        body: { success: false, error: WAIVER_MISSING, message: WAIVER_MISSING, code: 'WAIVER_MISSING' },
      };
    }
    arrived = 1;
    return {
      status: 200,
      body: {
        success: true,
        message: 'Arrivée de Jules Bernard enregistrée',
        data: {
          participantId: 'p1',
          firstName: 'Jules',
          lastName: 'Bernard',
          checkedInAt: '2030-12-01T09:00:00.000Z',
          booking: {
            id: 'b1',
            bookingRequestId: 'GRP-2030-00001',
            organizerName: 'Claire Organisatrice',
            arrived: 1,
            expected: 5,
          },
        },
      },
    };
  }
  if (method === 'POST' && url === '/api/v1/staff/check-in/waiver') {
    expect(body).toMatchObject({ code: CODE, fullName: 'Jules Bernard', accepted: true });
    waiverSigned = true;
    return {
      status: 200,
      body: {
        success: true,
        message: 'Décharge signée',
        data: { fullName: 'Jules Bernard', version: 'v', signedAt: '2030-12-01T08:59:00.000Z', signedOnSite: true },
      },
    };
  }
  return { status: 404, body: { success: false } };
});
vi.stubEnv('VITE_API_URL', server.origin);
const { CheckInPage } = await import('@renderer/admin/check-in/check-in-page');
const { clearStaffToken } = await import('@renderer/admin/session/staff-token');
const { renderRoute } = await import('./support/render-route');

afterEach(() => {
  cleanup();
  clearStaffToken();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

describe('CheckInPage', { timeout: 30_000 }, () => {
  it('refuses a pass without waiver, records the waiver on site, checks in, and finds people by name', async () => {
    const { user } = renderRoute({
      at: '/admin/accueil',
      staff: ADMIN,
      routes: [{ path: '/admin/accueil', element: <CheckInPage /> }],
    });
    const board = await screen.findByRole('list', { name: 'Arrivées du jour par groupe' });
    expect(within(board).getByLabelText('0 arrivés sur 5')).toHaveTextContent('0 / 5');
    // What reception collects, as the server computed it.
    expect(
      within(board).getByText((_, element) =>
        element?.tagName === 'P'
          ? element.textContent?.replace(/\s+/g, ' ') ===
            'Solde à encaisser sur place : 60,00 € (choisi par l’organisateur)'
          : false,
      ),
    ).toBeInTheDocument();
    // The day is the server's (its clock), never the reception computer's: no date is sent.
    expect(server.requests.find((request) => request.url.startsWith('/api/v1/staff/check-in/board'))?.url).toBe(
      '/api/v1/staff/check-in/board',
    );

    // The USB scanner types the code and presses Enter.
    const field = screen.getByRole('textbox', { name: 'Code du pass (scanner ou coller)' });
    expect(field).toHaveFocus();
    await user.type(field, `${CODE}{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(WAIVER_MISSING);

    await user.type(screen.getByRole('textbox', { name: /Nom complet/ }), 'Jules Bernard');
    await user.click(screen.getByRole('checkbox', { name: 'J’ai lu la décharge et je l’accepte' }));
    await user.click(screen.getByRole('button', { name: 'Signer la décharge' }));
    expect(await screen.findByText('Arrivée de Jules Bernard enregistrée')).toBeInTheDocument();
    expect(screen.getByText('Groupe GRP-2030-00001 (Claire Organisatrice) : 1 / 5 arrivés')).toBeInTheDocument();
    expect(await within(board).findByLabelText('1 arrivés sur 5')).toBeInTheDocument();
    expect(bodiesOf(server, 'POST', '/api/v1/staff/check-in')).toEqual([{ code: CODE }, { code: CODE }]);

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un participant ou un groupe' }), 'zoe');
    expect(screen.queryByText(/Jules Bernard/, { selector: 'p' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer l’arrivée de Zoé Lambert' })).toBeInTheDocument();
  });
});
