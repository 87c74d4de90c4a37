// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { InvitationDetails } from '@shared/api/invitation.schema';
import { startLocalServer, type Reply } from './support/local-server';
import { installMatchMedia } from './support/match-media';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const URL_DETAILS = `/api/v1/invitations/${TOKEN}`;
const BOOKING_ID = 'b0000000-0000-4000-8000-000000000001';

const details: InvitationDetails = {
  invitationInfo: {
    kind: 'link',
    createdBy: { firstName: 'Léa', lastName: 'Martin' },
    maxUses: 5,
    remainingUses: 3,
    expiresAt: '2030-06-01T21:59:59.999Z',
    participants: [
      { firstName: 'Léa', lastName: 'Martin' },
      { firstName: 'Jules', lastName: 'Bernard' },
    ],
    invitee: null,
    participantLimit: 12,
    isFull: false,
  },
  bookingDetails: {
    id: BOOKING_ID,
    bookingRequestId: 'GRP-2030-00001',
    startDate: '2030-06-15',
    endDate: '2030-06-16',
    bookingType: 'anniv',
    type: 'anniv',
    participants: 12,
    organizer: { firstName: 'Léa', lastName: 'Martin' },
    activities: [
      { name: 'Parcours aventure', date: '2030-06-15' },
      { name: 'Paintball', date: '2030-06-16' },
    ],
  },
};

const failure = (status: number, error: string): Reply => ({
  status,
  body: { success: false, error, message: error, code: 'ERROR' },
});
let detailsReplies: Reply[] = [];
let joinReply: Reply = { status: 500 };
const server = await startLocalServer(({ method, url }) => {
  if (method === 'GET' && url === URL_DETAILS)
    return detailsReplies.shift() ?? { status: 200, body: { success: true, data: details } };
  if (method === 'POST' && url === `${URL_DETAILS}/join`) return joinReply;
  if (method === 'GET' && url === '/api/v1/establishment/info') return failure(500, 'x');
  return failure(404, 'Ressource non trouvée');
});
vi.stubEnv('VITE_API_URL', server.origin);
const { InvitationPage } = await import('@renderer/features/invitation/invitation-page');
const { clearAuthToken, getAuthToken } = await import('@renderer/shared/session/auth-token');
const { setSessionExpiredHandler } = await import('@renderer/shared/api/client');
const { toaster } = await import('@renderer/shared/ui/toaster-store');
const { currentLocation, renderRoute } = await import('./support/render-route');
setSessionExpiredHandler(() => undefined);
installMatchMedia();
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  toaster.remove();
  clearAuthToken();
  detailsReplies = [];
  joinReply = { status: 500 };
  server.requests.length = 0;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

function renderPage() {
  const { user } = renderRoute({
    at: `/invitation/${TOKEN}`,
    routes: [
      { path: '/invitation/:token', element: <InvitationPage /> },
      { path: '/booking/:id', element: <p>page réservation</p> },
      { path: '/', element: <p>page accueil</p> },
    ],
  });
  return { user };
}

const errorCard = () => screen.findByTestId('invitation-error');
/** A form field by the start of its label (required ones end with an indicator). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

describe('Invitation page: loading and errors (SPEC.md §2, §8)', () => {
  it("shows 'Invitation non valide', 'Tentative n / 3', and stops offering 'Réessayer' after 3 failed loads", async () => {
    detailsReplies = [failure(500, 'x'), failure(500, 'x'), failure(503, 'x')];
    const { user } = renderPage();
    expect(screen.getByText("Chargement de l'invitation…")).toBeInTheDocument();
    const card = await errorCard();
    expect(within(card).getByRole('heading', { name: 'Invitation non valide' })).toBeInTheDocument();
    expect(within(card).getByText('Erreur serveur, veuillez réessayer plus tard')).toBeInTheDocument();
    expect(within(card).getByTestId('attempts')).toHaveTextContent('Tentative 1 / 3');
    expect(within(card).getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');

    await user.click(within(card).getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(screen.getByTestId('attempts')).toHaveTextContent('Tentative 2 / 3'));
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(screen.getByTestId('attempts')).toHaveTextContent('Tentative 3 / 3'));
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });

  it("hides 'Réessayer' when the message says invalid or not found", async () => {
    // An unknown token (SPEC.md §5): 404 'Token d'invitation invalide'.
    detailsReplies = [failure(404, "Token d'invitation invalide")];
    renderPage();
    const card = await errorCard();
    expect(within(card).getByText("Token d'invitation invalide")).toBeInTheDocument();
    expect(within(card).getByTestId('attempts')).toHaveTextContent('Tentative 1 / 3');
    expect(within(card).queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
    cleanup();

    // A token too short or malformed: 400, the same text.
    detailsReplies = [failure(400, "Token d'invitation invalide")];
    renderPage();
    const again = await errorCard();
    expect(within(again).getByText("Token d'invitation invalide")).toBeInTheDocument();
    expect(within(again).queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
    cleanup();

    detailsReplies = [failure(404, 'Réservation non trouvée')];
    renderPage();
    const missing = await errorCard();
    expect(within(missing).getByText('Réservation non trouvée')).toBeInTheDocument();
    expect(within(missing).queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });

  it('a 403 (exhausted link) shows its message, and retrying it does not count as a failed attempt', async () => {
    const exhausted = failure(403, "Ce lien d'invitation a atteint sa limite d'utilisation");
    detailsReplies = [exhausted, exhausted];
    const { user } = renderPage();
    const card = await errorCard();
    expect(within(card).getByText("Ce lien d'invitation a atteint sa limite d'utilisation")).toBeInTheDocument();
    expect(within(card).getByTestId('attempts')).toHaveTextContent('Tentative 1 / 3');
    await user.click(within(card).getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(server.requests.filter((r) => r.url === URL_DETAILS)).toHaveLength(2));
    expect(await screen.findByTestId('attempts')).toHaveTextContent('Tentative 1 / 3');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});

describe('Invitation page: the invitation and the join form', () => {
  it('shows what SPEC.md §2 lists: organizer, dates, type, count, activities, registered names, places and expiry', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Léa Martin vous invite à rejoindre sa réservation' }),
    ).toBeInTheDocument();
    expect(screen.getByText('samedi 15 juin 2030 au dimanche 16 juin 2030')).toBeInTheDocument();
    expect(screen.getByText('12 participants')).toBeInTheDocument();
    expect(screen.getByText('Parcours aventure — samedi 15 juin 2030')).toBeInTheDocument();
    expect(within(screen.getByTestId('registered-participants')).getByText('Jules Bernard')).toBeInTheDocument();
    expect(screen.getByText('3 places restantes')).toBeInTheDocument();
    expect(screen.getByText('Cette invitation expire le 01/06/2030.')).toBeInTheDocument();
  });

  it('shows the messages of SPEC.md §5 and the live password mismatch, and sends nothing invalid', async () => {
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Rejoindre la réservation' });
    await user.click(screen.getByRole('button', { name: 'Rejoindre la réservation' }));
    for (const message of ['Le prénom est requis', 'Le nom est requis', "L'email est requis"]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(field('Email'), 'zoe@exemple');
    await user.type(field('Téléphone'), 'appelle-moi');
    await user.type(field('Mot de passe'), '12345');
    await user.click(screen.getByRole('button', { name: 'Rejoindre la réservation' }));
    expect(await screen.findByText("Format d'email invalide")).toBeInTheDocument();
    expect(screen.getByText('Format de téléphone invalide')).toBeInTheDocument();
    expect(screen.getByText('Le mot de passe doit contenir au moins 6 caractères')).toBeInTheDocument();

    await user.type(field('Mot de passe'), '6');
    await user.click(screen.getByRole('button', { name: 'Rejoindre la réservation' }));
    expect(await screen.findByText('La confirmation du mot de passe est requise')).toBeInTheDocument();
    // Live, before any submit: the confirmation differs.
    await user.type(field('Confirmation du mot de passe'), '1234');
    expect(await screen.findByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("stores the token, says 'Inscription confirmée !' and opens the booking 1.5 s later", async () => {
    joinReply = {
      status: 200,
      body: {
        success: true,
        message: 'Inscription confirmée !',
        shouldRedirect: true,
        token: 'nouvelle-session',
        redirectTo: `/booking/${BOOKING_ID}`,
        data: { bookingDetails: { id: BOOKING_ID, bookingRequestId: 'GRP-2030-00001' } },
      },
    };
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Rejoindre la réservation' });
    await user.type(field('Prénom'), 'Zoé');
    await user.type(field('Nom'), 'Petit');
    await user.type(field('Email'), 'zoe@exemple.fr');
    await user.type(field('Mot de passe'), 'Cabane-Dune-77');
    await user.type(field('Confirmation du mot de passe'), 'Cabane-Dune-77');
    await user.click(screen.getByRole('button', { name: 'Rejoindre la réservation' }));
    expect(await screen.findByRole('heading', { name: 'Inscription confirmée !' })).toBeInTheDocument();
    expect(getAuthToken()).toBe('nouvelle-session');
    expect(currentLocation()).toBe(`/invitation/${TOKEN}`);
    await waitFor(() => expect(currentLocation()).toBe(`/booking/${BOOKING_ID}`), {
      timeout: 8000,
    });
  });

  it('without a password: the confirmation with the booking, the e-mail note and a home button', async () => {
    joinReply = {
      status: 200,
      body: {
        success: true,
        message: 'Inscription confirmée ! Un e-mail contenant un mot de passe temporaire vient de vous être envoyé.',
        shouldRedirect: false,
        token: null,
        redirectTo: null,
        data: { bookingDetails: { id: BOOKING_ID, bookingRequestId: 'GRP-2030-00001' } },
      },
    };
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Rejoindre la réservation' });
    await user.type(field('Prénom'), 'Zoé');
    await user.type(field('Nom'), 'Petit');
    await user.type(field('Email'), 'zoe@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Rejoindre la réservation' }));
    const confirmation = await screen.findByTestId('join-confirmation');
    expect(within(confirmation).getByText('GRP-2030-00001')).toBeInTheDocument();
    expect(within(confirmation).getByText(/plus d'informations par e-mail/)).toBeInTheDocument();
    expect(within(confirmation).getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    expect(getAuthToken()).toBeNull();
  });

  it('says the list is full before any form, with the text of the join’s 409, and offers no form', async () => {
    const full = { ...details, invitationInfo: { ...details.invitationInfo, isFull: true } };
    detailsReplies = [{ status: 200, body: { success: true, data: full } }];
    renderPage();
    const notice = await screen.findByTestId('invitation-full');
    expect(notice).toHaveTextContent(
      'La liste des participants est complète : 12 personnes au maximum pour cette réservation',
    );
    expect(screen.getByRole('alert')).toBe(notice);
    expect(screen.getByText('Aucune place restante')).toBeInTheDocument();
    // Right under the title, before the details; no form, no join button.
    const title = screen.getByRole('heading', { level: 1, name: 'Léa Martin vous invite à rejoindre sa réservation' });
    expect(title.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      notice.compareDocumentPosition(screen.getByText('12 participants')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Rejoindre la réservation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rejoindre la réservation' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Prénom/)).not.toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('offers the form and no full notice while places remain', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Rejoindre la réservation' });
    expect(screen.queryByTestId('invitation-full')).not.toBeInTheDocument();
    expect(screen.queryByText(/La liste des participants est complète/)).not.toBeInTheDocument();
  });

  it("shows the server's refusal, or 'Erreur lors de l'inscription' without one", async () => {
    joinReply = failure(403, "Ce lien d'invitation a atteint sa limite d'utilisation");
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Rejoindre la réservation' });
    await user.type(field('Prénom'), 'Zoé');
    await user.type(field('Nom'), 'Petit');
    await user.type(field('Email'), 'zoe@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Rejoindre la réservation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Ce lien d'invitation a atteint sa limite d'utilisation",
    );
    joinReply = { status: 502 };
    await user.click(screen.getByRole('button', { name: 'Rejoindre la réservation' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent("Erreur lors de l'inscription"));
  });
});
