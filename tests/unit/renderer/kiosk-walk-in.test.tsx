// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, startLocalServer } from './support/local-server';
import { installMatchMedia } from './support/match-media';

/**
 * The kiosk's walk-in (docs/decisions.md, "Walk-ins"): « Réserver maintenant », a slot with free
 * places and the headcount, the organizer's contact, then the group's QR code and who joined.
 */
const BOOKING = 'b0000000-0000-4000-8000-000000000009';
let joined: Array<{ name: string; paid: boolean }> = [];
let paymentMode: 'full' | 'collective' | null = null;
const server = await startLocalServer(({ method, url }) => {
  if (method === 'GET' && url === '/api/v1/kiosk/today') {
    return {
      status: 200,
      body: {
        success: true,
        data: {
          date: '2030-12-01',
          activities: [
            {
              id: 'a1',
              name: 'Tir à l’arc',
              slots: [
                { startTime: '10:30', endTime: '11:30', free: 12 },
                { startTime: '12:00', endTime: '13:00', free: 20 },
              ],
            },
          ],
        },
      },
    };
  }
  if (method === 'POST' && url === '/api/v1/kiosk/walk-ins') {
    return {
      status: 201,
      body: {
        success: true,
        message: 'ok',
        data: {
          bookingId: BOOKING,
          bookingRequestId: 'GRP-2030-00042',
          joinUrl: 'https://parc.example/invitation/JetonDuGroupe',
          token: 'tok',
        },
      },
    };
  }
  if (method === 'GET' && url.startsWith(`/api/v1/kiosk/walk-ins/${BOOKING}?token=JetonDuGroupe`)) {
    return {
      status: 200,
      body: {
        success: true,
        data: { bookingRequestId: 'GRP-2030-00042', participants: 5, joined, paymentMode, paid: false },
      },
    };
  }
  if (method === 'POST' && url === `/api/v1/kiosk/walk-ins/${BOOKING}/payment`) {
    paymentMode = 'collective';
    return {
      status: 200,
      body: {
        success: true,
        message: 'ok',
        data: { mode: 'collective', totalAmount: 75, shareAmount: 15 },
      },
    };
  }
  return { status: 404, body: { success: false } };
});
vi.stubEnv('VITE_API_URL', server.origin);
installMatchMedia();
vi.setConfig({ testTimeout: 30_000 });
const { renderRoute } = await import('./support/render-route');
const { WalkInPage } = await import('@renderer/features/kiosk-walk-in/walk-in-page');

afterEach(() => cleanup());
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

describe('Kiosk walk-in', () => {
  it('books today’s slot for the group, shows its QR code and who joined', async () => {
    joined = [{ name: 'Marc S.', paid: false }];
    paymentMode = null;
    const { user } = renderRoute({ element: <WalkInPage /> });
    await user.click(screen.getByRole('button', { name: 'Réserver maintenant' }));
    await user.click(await screen.findByRole('button', { name: 'Tir à l’arc à 12:00, 20 places libres' }));
    await user.click(screen.getByRole('button', { name: 'Une personne de plus' }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getByText('Tir à l’arc à 12:00, 5 personnes')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Prénom/ }), 'Marc');
    await user.type(screen.getByRole('textbox', { name: /^Nom/ }), 'Sansrésa');
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'marc@example.fr');
    await user.type(screen.getByRole('textbox', { name: /Téléphone/ }), '0612345678');
    await user.click(screen.getByRole('button', { name: 'Réserver' }));

    expect(await screen.findByRole('heading', { name: 'Réservation GRP-2030-00042 enregistrée' })).toBeInTheDocument();
    expect(await screen.findByTestId('group-qr')).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(await screen.findByText('Marc S.')).toBeInTheDocument();
    expect(screen.getByText('Membres inscrits : 1 / 5')).toBeInTheDocument();
    expect(bodiesOf(server, 'POST', '/api/v1/kiosk/walk-ins')).toEqual([
      {
        participants: 5,
        date: '2030-12-01',
        bookingActivities: [{ catalogActivityId: 'a1', startTime: '12:00' }],
        mainContact: { firstName: 'Marc', lastName: 'Sansrésa', email: 'marc@example.fr', phone: '0612345678' },
      },
    ]);

    // « Qui règle ? »: each member pays their share from their phone.
    await user.click(screen.getByRole('button', { name: 'Chaque membre règle sa part' }));
    expect(
      await screen.findByText(
        'Chaque membre règle sa part depuis son téléphone après avoir scanné le QR code (15,00 € par personne).',
      ),
    ).toBeInTheDocument();
    expect(bodiesOf(server, 'POST', `/api/v1/kiosk/walk-ins/${BOOKING}/payment`)).toEqual([
      { token: 'JetonDuGroupe', mode: 'collective' },
    ]);

    joined = [...joined, { name: 'Nina M.', paid: true }];
    expect(await screen.findByText('Nina M.', {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(screen.getByText('Membres inscrits : 2 / 5')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Terminer' }));
    expect(screen.getByRole('button', { name: 'Réserver maintenant' })).toBeInTheDocument();
  });
});
