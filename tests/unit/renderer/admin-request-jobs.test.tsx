// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/admin-fixtures';
import { startLocalApi } from './support/local-api';

const BOOKING = 'b0000000-0000-4000-8000-000000000001';
const EMPTY = 'b0000000-0000-4000-8000-000000000002';
const job = (overrides: Record<string, unknown>) => ({
  _id: 'j1',
  kind: 'option-expiry',
  kindLabel: 'Libération de l’option à l’échéance',
  dueAt: '2026-11-21T09:00:00.000Z',
  state: 'completed',
  attempts: 0,
  retryLimit: 10,
  lastError: null,
  completedAt: '2026-11-21T09:00:01.000Z',
  ...overrides,
});

const server = await startLocalApi(({ method, url }) => {
  if (method === 'GET' && url === `/api/v1/staff/booking-requests/${BOOKING}/jobs`) {
    return {
      status: 200,
      body: {
        success: true,
        data: [
          job({}),
          job({
            _id: 'j2',
            kind: 'booking-completion',
            kindLabel: 'Passage en « Terminée » après le séjour',
            dueAt: '2026-11-29T23:00:00.000Z',
            state: 'retry',
            attempts: 2,
            lastError: 'connexion à la base perdue',
            completedAt: null,
          }),
        ],
      },
    };
  }
  if (method === 'GET' && url === `/api/v1/staff/booking-requests/${EMPTY}/jobs`) {
    return { status: 200, body: { success: true, data: [] } };
  }
  return { status: 500, body: { success: false, message: 'Erreur interne' } };
});
const { JobsSection } = await import('@renderer/admin/request/request-jobs');
const { renderRoute } = await import('./support/render-route');

describe('JobsSection', { timeout: 30_000 }, () => {
  it('shows each job of the request: kind in French, due time, state, attempts and last error', async () => {
    renderRoute({ staff: ADMIN, element: <JobsSection bookingId={BOOKING} /> });
    const table = await screen.findByRole('table', { name: 'Liste des tâches planifiées' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Libération de l’option à l’échéance');
    expect(rows[0]).toHaveTextContent('21/11/2026');
    expect(rows[0]).toHaveTextContent('Faite');
    expect(rows[1]).toHaveTextContent('Passage en « Terminée » après le séjour');
    expect(rows[1]).toHaveTextContent('Nouvel essai prévu');
    expect(rows[1]).toHaveTextContent('2 échecs sur 11 essais');
    expect(rows[1]).toHaveTextContent('connexion à la base perdue');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer staff-tok');
  });

  it('says when nothing is planned, and when the list cannot be loaded', async () => {
    renderRoute({ staff: ADMIN, element: <JobsSection bookingId={EMPTY} /> });
    expect(await screen.findByText('Aucune tâche planifiée pour cette demande.')).toBeInTheDocument();
    cleanup();
    renderRoute({ staff: ADMIN, element: <JobsSection bookingId="b0000000-0000-4000-8000-000000000009" /> });
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Les tâches de cette demande n’ont pas pu être chargées.',
    );
  });
});
