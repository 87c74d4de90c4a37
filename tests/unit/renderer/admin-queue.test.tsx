// @vitest-environment jsdom
// Whole back-office pages render here: on a busy two-core machine they take more than 5 s.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { filtersFromSearch, searchFromFilters, withFilter } from '@renderer/admin/queue/queue-filters';
import { ADMIN, COUNTS, queueItem } from './support/admin-fixtures';
import { startLocalApi } from './support/local-api';

const NEXT_CURSOR = 'c0000000-0000-4000-8000-000000000042';
const server = await startLocalApi(({ method, url }) => {
  if (method === 'GET' && url.startsWith('/api/v1/staff/booking-requests')) {
    // The page after the first one, asked for by its cursor (« Afficher plus »).
    if (new URL(url, 'http://x').searchParams.get('cursor') === NEXT_CURSOR) {
      return {
        status: 200,
        body: {
          success: true,
          data: {
            bookingRequests: [
              queueItem({ _id: 'b0000000-0000-4000-8000-000000000044', bookingRequestId: 'GRP-2026-00044' }),
            ],
            pagination: { page: 1, limit: 25, total: 30, pages: 2 },
            counts: COUNTS,
            nextCursor: null,
          },
        },
      };
    }
    return {
      status: 200,
      body: {
        success: true,
        data: {
          bookingRequests: [
            queueItem(),
            // An option past its due date whose card hold lapses in a day: both flagged.
            queueItem({
              _id: 'b0000000-0000-4000-8000-000000000043',
              bookingRequestId: 'GRP-2026-00043',
              status: 'prebooked',
              adminValidation: 'validated',
              waitingOnTeam: false,
              paymentAlerts: [
                { kind: 'payment_overdue', at: '2026-11-22T09:00:00.000Z' },
                { kind: 'hold_expiring', at: '2026-11-24T17:30:00.000Z' },
              ],
            }),
          ],
          pagination: { page: 1, limit: 25, total: 30, pages: 2 },
          counts: COUNTS,
          nextCursor: NEXT_CURSOR,
        },
      },
    };
  }
  return { status: 404, body: { success: false } };
});
const { QueuePage } = await import('@renderer/admin/queue/queue-page');
const { currentLocation, renderRoute } = await import('./support/render-route');

function renderQueue(path = '/admin') {
  return renderRoute({ at: path, staff: ADMIN, routes: [{ path: '/admin', element: <QueuePage /> }] });
}

const queueCalls = () =>
  server.requests
    .filter((r) => r.url.startsWith('/api/v1/staff/booking-requests'))
    .map((r) => new URL(r.url, server.origin));

describe('queue filters in the URL (pure)', () => {
  it('reads every filter from the query string and writes the same view back in a stable order', () => {
    const search =
      'q=martin&status=draft&clientValidation=validated&adminValidation=pending&from=2027-01-01&to=2027-02-01&bookingType=anniv&sort=-createdAt&page=3';
    const filters = filtersFromSearch(new URLSearchParams(search));
    expect(filters).toEqual({
      status: 'draft',
      clientValidation: 'validated',
      adminValidation: 'pending',
      from: '2027-01-01',
      to: '2027-02-01',
      bookingType: 'anniv',
      q: 'martin',
      sort: '-createdAt',
    });
    // An old link's page number is dropped: pages follow by cursor, from the first.
    expect(searchFromFilters(filters).toString()).toBe(
      'status=draft&clientValidation=validated&adminValidation=pending&from=2027-01-01&to=2027-02-01&bookingType=anniv&q=martin&sort=-createdAt',
    );
  });

  it('drops each invalid value on its own and keeps the rest of a hand-edited link', () => {
    const filters = filtersFromSearch(
      new URLSearchParams('status=perdu&from=2027-02-30&bookingType=anniv&sort=n%27importe&page=-2'),
    );
    expect(filters).toEqual({ bookingType: 'anniv', sort: 'priority' });
  });

  it('leaves defaults out of the URL and drops a filter set to nothing', () => {
    const confirmed = { status: 'confirmed' as const, sort: 'priority' as const };
    expect(searchFromFilters({ sort: 'priority' }).toString()).toBe('');
    expect(withFilter(confirmed, { bookingType: 'group' })).toEqual({
      status: 'confirmed',
      bookingType: 'group',
      sort: 'priority',
    });
    expect(withFilter(confirmed, { status: undefined })).toEqual({ sort: 'priority' });
  });
});

describe('QueuePage', { timeout: 30_000 }, () => {
  it('asks the server for the view the URL describes, with the staff token', async () => {
    const { user } = renderQueue('/admin?status=draft&q=lea');

    expect(await screen.findByRole('link', { name: 'GRP-2026-00042' })).toHaveAttribute(
      'href',
      '/admin/demandes/b0000000-0000-4000-8000-000000000001',
    );
    const call = queueCalls()[0]!;
    expect(call.searchParams.get('status')).toBe('draft');
    expect(call.searchParams.get('q')).toBe('lea');
    expect(call.searchParams.get('cursor')).toBeNull();
    expect(server.requests[0]!.headers.authorization).toBe('Bearer staff-tok');
    // jsdom applies no media query: the phone layout, where the selects fold under one button.
    const toggle = screen.getByRole('button', { name: 'Afficher les filtres (1 actif)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Masquer les filtres (1 actif)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('combobox', { name: 'Statut' })).toHaveValue('draft');
    expect(screen.getByRole('searchbox', { name: 'Rechercher (référence, nom, e-mail)' })).toHaveValue('lea');
  });

  it('writes a chosen filter in the URL (back to page 1) and reloads the list with it', async () => {
    const { user } = renderQueue('/admin?page=2');
    await screen.findByRole('link', { name: 'GRP-2026-00042' });
    await user.click(screen.getByRole('button', { name: 'Afficher les filtres' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'confirmed');
    expect(currentLocation()).toBe('/admin?status=confirmed');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type d’événement' }), 'company');
    expect(currentLocation()).toBe('/admin?status=confirmed&bookingType=company');
    await waitFor(() => expect(queueCalls().at(-1)!.searchParams.get('bookingType')).toBe('company'));
    expect(queueCalls().at(-1)!.searchParams.get('status')).toBe('confirmed');
  });

  it('applies the search on Entrée, and "/" puts the focus in the search box', async () => {
    const { user } = renderQueue();
    await screen.findByRole('link', { name: 'GRP-2026-00042' });

    await user.keyboard('/');
    const search = screen.getByRole('searchbox', { name: 'Rechercher (référence, nom, e-mail)' });
    expect(search).toHaveFocus();
    await user.keyboard('GRP-2026{Enter}');
    expect(currentLocation()).toBe('/admin?q=GRP-2026');
  });

  it('shows the counts per status as links to bookmarkable views, and the team’s to-do first', async () => {
    renderQueue();
    const nav = await screen.findByRole('navigation', { name: 'Demandes par statut' });

    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Toutes (7)',
      'À traiter (2)',
      'Brouillon (3)',
      'Pré-réservée (2)',
      'Confirmée (1)',
      'Annulée (1)',
      'Terminée (0)',
    ]);
    expect(within(nav).getByRole('link', { name: 'Confirmée (1)' })).toHaveAttribute('href', '/admin?status=confirmed');
    expect(within(nav).getByRole('link', { name: 'À traiter (2)' })).toHaveAttribute(
      'href',
      '/admin?status=draft&clientValidation=validated&adminValidation=pending',
    );
    expect(within(nav).getByRole('link', { name: 'Toutes (7)' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps the counts’ row while they load, so that the filters under it do not move when they come', async () => {
    renderQueue();
    const placeholder = screen.getByTestId('status-counts-placeholder');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Chargement des demandes…')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Demandes par statut' })).toBeNull();

    const nav = await screen.findByRole('navigation', { name: 'Demandes par statut' });
    expect(within(nav).getByRole('link', { name: 'Toutes (7)' })).toBeInTheDocument();
    expect(screen.queryByTestId('status-counts-placeholder')).toBeNull();
  });

  it('shows French badges in the row', async () => {
    renderQueue();
    const row = (await screen.findAllByTestId('queue-row'))[0]!;

    expect(within(row).getByText('Brouillon')).toBeInTheDocument();
    expect(within(row).getByText('À traiter')).toBeInTheDocument();
    expect(within(row).getByText('Client : validée')).toBeInTheDocument();
    expect(within(row).getByText('Équipe : en attente')).toBeInTheDocument();
    expect(within(row).getByText('Non payée')).toBeInTheDocument();
    expect(screen.getByText('30 demandes · 2 affichées')).toBeInTheDocument();
    expect(within(row).queryAllByTestId('payment-alert')).toHaveLength(0);
  });

  it('« Afficher plus » asks for the page after the first by its cursor and adds it under the first', async () => {
    const { user } = renderQueue('/admin?status=draft');
    await screen.findByRole('link', { name: 'GRP-2026-00042' });
    expect(screen.queryByRole('link', { name: 'Page suivante' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Afficher plus' }));
    expect(await screen.findByRole('link', { name: 'GRP-2026-00044' })).toBeInTheDocument();
    expect(screen.getAllByTestId('queue-row')).toHaveLength(3);
    const next = queueCalls().at(-1)!;
    expect(next.searchParams.get('cursor')).toBe(NEXT_CURSOR);
    expect(next.searchParams.get('status')).toBe('draft');
    expect(screen.getByText('30 demandes · 3 affichées')).toBeInTheDocument();
    // The last page: nothing more to show.
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).toBeNull();
    expect(currentLocation()).toBe('/admin?status=draft');
  });

  it('flags an overdue payment and a card hold about to lapse with French badges', async () => {
    renderQueue();
    const row = (await screen.findAllByTestId('queue-row'))[1]!;
    expect(
      within(row)
        .getAllByTestId('payment-alert')
        .map((badge) => badge.textContent),
    ).toEqual(['Paiement en retard · 22/11/2026 à 10:00', 'Caution bientôt expirée · 24/11/2026 à 18:30']);
  });
});
