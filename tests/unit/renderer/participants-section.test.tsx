// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { InviteLink } from '@shared/api/invitation.schema';
import { customer, detail, participant } from './support/booking-fixtures';
import { startLocalServer, type Reply } from './support/local-server';
import { installMatchMedia, installResizeObserver } from './support/match-media';
import { readyMenuItem } from './support/menu';

const ID = 'b0000000-0000-4000-8000-000000000001';
const BASE = `/api/v1/customer-booking-requests/${ID}`;
const ok = (data: unknown, message?: string): Reply => ({ status: 200, body: { success: true, data, message } });

function link(overrides: Partial<InviteLink> = {}): InviteLink {
  return {
    _id: 'l-active',
    token: 'AbCdEfGhIjKlMnOpQrStUv',
    url: 'https://parc.example/invitation/AbCdEfGhIjKlMnOpQrStUv',
    isActive: true,
    maxUses: 3,
    usedCount: 1,
    remainingUses: 2,
    expiresAt: '2030-06-01T21:59:59.999Z',
    createdAt: '2026-11-22T17:05:00.000Z',
    status: 'active',
    participants: [
      {
        name: 'Jules Bernard',
        firstName: 'Jules',
        lastName: 'Bernard',
        email: 'jules@example.fr',
        joinedAt: '2026-11-22T18:00:00.000Z',
      },
    ],
    createdBy: { firstName: 'Camille', lastName: 'Durand' },
    ...overrides,
  };
}

const guest = participant({
  _id: 'p-guest',
  customerId: null,
  firstName: 'Jules',
  lastName: 'Bernard',
  email: 'jules@example.fr',
  phone: '+33612345678',
  role: 'Participant',
  hasConnected: false,
  joinedAt: null,
  status: 'invited',
});
const links = [
  link(),
  link({ _id: 'l-full', status: 'exhausted', usedCount: 3, remainingUses: 0 }),
  link({
    _id: 'l-revoked',
    status: 'revoked',
    isActive: false,
    maxUses: null,
    usedCount: 0,
    remainingUses: null,
    expiresAt: null,
  }),
];

const server = await startLocalServer(({ method, url }) => {
  if (method === 'GET' && url === BASE) return ok(detail({ bookingParticipants: [participant(), guest] }));
  if (method === 'GET' && url === `${BASE}/invite-links`) return ok(links);
  if (method === 'POST' && url === `${BASE}/invite-links`)
    return { status: 201, body: { success: true, message: 'ok', data: link({ _id: 'l-new' }) } };
  if (method === 'PUT' && url === `${BASE}/participants/p-guest`)
    return ok({ ...guest, guestOfHonour: true, paymentStatus: 'not_required' }, 'Participant mis à jour');
  if (method === 'DELETE' && url.startsWith(`${BASE}/`)) return ok(link({ status: 'revoked', isActive: false }), 'ok');
  return {
    status: 404,
    body: { success: false, error: 'Ressource non trouvée', message: 'Ressource non trouvée', code: 'NOT_FOUND' },
  };
});
vi.stubEnv('VITE_API_URL', server.origin);
const { BookingDetailPage } = await import('@renderer/app/booking-detail-route');
const { clearAuthToken } = await import('@renderer/shared/session/auth-token');
const { setSessionExpiredHandler } = await import('@renderer/shared/api/client');
const { toaster } = await import('@renderer/shared/ui/toaster-store');
const { renderRoute } = await import('./support/render-route');
setSessionExpiredHandler(() => undefined);
installMatchMedia();
installResizeObserver();
vi.setConfig({ testTimeout: 20_000 });

/** What the page wrote to the server (every call but reads), as the local server received it. */
const sent = () =>
  server.requests.filter((call) => call.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toaster.remove();
  clearAuthToken();
  server.requests.length = 0;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

function renderPage() {
  const { user } = renderRoute({
    at: `/booking/${ID}`,
    routes: [{ path: '/booking/:bookingId', element: <BookingDetailPage /> }],
    as: customer,
  });
  return { user };
}

const section = () => screen.getByRole('region', { name: 'Participants' });
const linkCards = async () =>
  within(await screen.findByRole('region', { name: 'Participants' })).findAllByTestId('invite-link');

describe('Participants section (SPEC.md §2)', () => {
  it("lists participants with role, 'Rejoint' or 'Invité', and the links with status, uses, expiry and creator", async () => {
    renderPage();
    const cards = await linkCards();
    const people = within(section()).getAllByTestId('participant');
    expect(within(people[0]!).getByTestId('participant-status')).toHaveTextContent('Rejoint');
    expect(within(people[0]!).getByText('Rejoint le 22/11/2026')).toBeInTheDocument();
    expect(within(people[1]!).getByTestId('participant-status')).toHaveTextContent('Invité');
    expect(within(people[1]!).getByText('Participant')).toBeInTheDocument();
    // Stored as +33…, shown in the national form (docs/decisions.md, "Phone numbers").
    expect(within(people[1]!).getByText('06 12 34 56 78')).toBeInTheDocument();
    expect(within(section()).queryByText('+33612345678')).not.toBeInTheDocument();

    expect(cards.map((card) => within(card).getByTestId('link-status').textContent)).toEqual([
      'Actif',
      'Épuisé',
      'Révoqué',
    ]);
    expect(cards.map((card) => within(card).getByTestId('link-uses').textContent)).toEqual([
      '1 / 3',
      '3 / 3',
      '0 / illimité',
    ]);
    expect(within(cards[0]!).getByText('Expiration : 01/06/2030')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Expiration : aucune')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('par Camille Durand')).toBeInTheDocument();
    // Share and revoke only for the active link (SPEC.md §4).
    expect(within(cards[0]!).getByRole('button', { name: /Partager/ })).toBeInTheDocument();
    expect(within(cards[1]!).queryByRole('button', { name: /Partager/ })).not.toBeInTheDocument();
    expect(within(cards[2]!).queryByRole('button', { name: 'Révoquer' })).not.toBeInTheDocument();
  });

  it('creates a link with a maximum and an expiry day; a past day is refused before sending', async () => {
    const { user } = renderPage();
    await linkCards();
    await user.click(within(section()).getByRole('button', { name: "Créer un lien d'invitation" }));
    const dialog = await screen.findByRole('dialog', { name: "Créer un lien d'invitation" });
    const options = within(dialog)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Illimité', '1 invité', '3 invités', '5 invités', '10 invités']);
    await user.selectOptions(within(dialog).getByRole('combobox'), '3');
    const date = within(dialog).getByLabelText(/^Date d'expiration/);
    await user.type(date, '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le lien' }));
    expect(await within(dialog).findByText("La date d'expiration ne peut pas être dans le passé")).toBeInTheDocument();
    expect(sent()).toHaveLength(0);

    await user.clear(date);
    await user.type(date, '2030-06-01');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le lien' }));
    await waitFor(() =>
      expect(sent()).toEqual([
        {
          method: 'POST',
          url: expect.stringContaining('/invite-links'),
          body: { maxUses: 3, expiresAt: '2030-06-01' },
        },
      ]),
    );
  });

  it('revokes a link and removes a participant only after confirmation', async () => {
    const { user } = renderPage();
    const cards = await linkCards();
    await user.click(within(cards[0]!).getByRole('button', { name: 'Révoquer' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Révoquer ce lien ?' });
    expect(sent()).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Révoquer le lien' }));
    await waitFor(() =>
      expect(sent().map((call) => call.url)).toEqual([expect.stringMatching(/\/invite-links\/l-active$/)]),
    );

    // The page is inert while the dialog closes.
    const removeButton = await waitFor(() => within(section()).getByRole('button', { name: 'Retirer Jules Bernard' }));
    await user.click(removeButton);
    const remove = await screen.findByRole('alertdialog', { name: 'Retirer Jules Bernard ?' });
    await user.click(within(remove).getByRole('button', { name: 'Retirer' }));
    await waitFor(() =>
      expect(
        sent()
          .map((call) => call.url)
          .at(-1),
      ).toMatch(/\/participants\/p-guest$/),
    );
    // The organizer's own row has no remove button.
    await waitFor(() => expect(within(section()).getAllByTestId('participant')).toHaveLength(2));
    expect(within(section()).queryByRole('button', { name: 'Retirer Camille Durand' })).not.toBeInTheDocument();
  });

  it('copies the link, or shows the manual-copy notice when the clipboard is refused', async () => {
    const { user } = renderPage();
    const cards = await linkCards();
    const writeText = vi.fn().mockRejectedValue(new Error('refusé'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(cards[0]!).getByRole('button', { name: /Partager/ }));
    await user.click(await readyMenuItem('Copier le lien'));
    expect(await within(cards[0]!).findByRole('alert')).toHaveTextContent(
      'Copie automatique impossible : sélectionnez le lien et copiez-le manuellement',
    );
    // {origin}/invitation/{token} on the site the organizer is on (SPEC.md §9), not the server's name.
    const shared = `${window.location.origin}/invitation/AbCdEfGhIjKlMnOpQrStUv`;
    expect(writeText).toHaveBeenCalledWith(shared);
    expect(within(cards[0]!).getByLabelText("Lien d'invitation")).toHaveValue(shared);
  });

  it('the organizer marks a guest of honour with « Invité d’honneur »; the organizer’s own row has no toggle', async () => {
    const { user } = renderPage();
    await linkCards();
    expect(within(section()).queryByLabelText('Invité d’honneur : Camille Durand')).not.toBeInTheDocument();
    const toggle = within(section()).getByLabelText('Invité d’honneur : Jules Bernard');
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() =>
      expect(sent()).toEqual([
        { method: 'PUT', url: expect.stringMatching(/\/participants\/p-guest$/), body: { guestOfHonour: true } },
      ]),
    );
    expect(
      await screen.findByText('Jules est invité d’honneur : sa part est répartie entre les autres'),
    ).toBeInTheDocument();
  });
});
