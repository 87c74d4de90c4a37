// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { PersonalPass } from '@shared/api/onsite.schema';
import { WAIVER_VERSION } from '@shared/waiver';
import { bodiesOf, startLocalServer } from './support/local-server';
import { installMatchMedia } from './support/match-media';

/**
 * The booking detail's « Mon pass » (docs/decisions.md, "Personal pass", "Waiver"): the QR and its
 * PNG download, the waiver form's French refusals (its own and the server's), then the signed state.
 */
const BOOKING = 'b0000000-0000-4000-8000-000000000001';
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
let signed = false;
const pass = (): PersonalPass => ({
  code: 'pa1.code',
  qrPng: PNG,
  participantId: 'p1',
  firstName: 'Claire',
  lastName: 'Organisatrice',
  bookingId: BOOKING,
  bookingRequestId: 'GRP-2030-00001',
  startDate: '2030-06-01',
  endDate: '2030-06-01',
  waiver: signed
    ? {
        fullName: 'Claire Organisatrice',
        version: WAIVER_VERSION,
        signedAt: '2030-05-20T08:30:00.000Z',
        signedOnSite: false,
      }
    : null,
  checkedInAt: null,
});
const MISMATCH = 'Le nom saisi ne correspond pas au participant : saisissez votre prénom et votre nom';
const server = await startLocalServer((request) => {
  if (request.method === 'GET') return { status: 200, body: { success: true, data: pass() } };
  const body = request.body as { fullName: string };
  if (body.fullName !== 'Claire Organisatrice') {
    return {
      status: 400,
      body: {
        success: false,
        error: MISMATCH,
        message: MISMATCH,
        code: 'VALIDATION_ERROR',
        details: { fullName: MISMATCH },
      },
    };
  }
  signed = true;
  return { status: 200, body: { success: true, message: 'Décharge signée', data: pass().waiver } };
});
vi.stubEnv('VITE_API_URL', server.origin);
installMatchMedia();
vi.setConfig({ testTimeout: 20_000 });
const { renderRoute } = await import('./support/render-route');
const { PassSection } = await import('@renderer/features/onsite/pass-section');

afterEach(() => cleanup());
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

describe('Mon pass', () => {
  it('shows the QR with its PNG download, refuses the waiver without acceptance or with another name, then signs', async () => {
    const user = userEvent.setup();
    renderRoute({ element: <PassSection bookingId={BOOKING} /> });
    expect(await screen.findByRole('img', { name: 'QR code du pass de Claire Organisatrice' })).toHaveAttribute(
      'src',
      PNG,
    );
    expect(screen.getByRole('link', { name: 'Télécharger le pass (PNG)' })).toHaveAttribute(
      'download',
      'pass-GRP-2030-00001-Organisatrice.png',
    );

    await user.click(screen.getByRole('button', { name: 'Signer la décharge' }));
    expect(screen.getByText('Veuillez saisir votre nom complet')).toBeInTheDocument();
    expect(screen.getByText('Veuillez accepter la décharge pour continuer')).toBeInTheDocument();
    expect(bodiesOf(server, 'POST')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /Nom complet/ }), 'Jean Dupont');
    await user.click(screen.getByRole('checkbox', { name: 'J’ai lu la décharge et je l’accepte' }));
    await user.click(screen.getByRole('button', { name: 'Signer la décharge' }));
    expect(await screen.findByText(MISMATCH)).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: /Nom complet/ }));
    await user.type(screen.getByRole('textbox', { name: /Nom complet/ }), 'Claire Organisatrice');
    await user.click(screen.getByRole('button', { name: 'Signer la décharge' }));
    expect(
      await screen.findByText(
        `Décharge signée le 20 mai 2030 à 10:30 par Claire Organisatrice (version ${WAIVER_VERSION})`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Signer la décharge' })).not.toBeInTheDocument();
    expect(bodiesOf(server, 'POST', `/api/v1/customer-booking-requests/${BOOKING}/waiver`)).toEqual([
      { fullName: 'Jean Dupont', accepted: true },
      { fullName: 'Claire Organisatrice', accepted: true },
    ]);
  });
});
