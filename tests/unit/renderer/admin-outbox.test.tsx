// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/admin-fixtures';
import { startLocalApi } from './support/local-api';

const FAILED_ID = 'e0000000-0000-4000-8000-000000000002';
const mail = (overrides: Record<string, unknown>) => ({
  _id: 'e0000000-0000-4000-8000-000000000001',
  template: 'welcome',
  to: 'lea@example.fr',
  subject: 'Bienvenue au Parc Aventure',
  text: 'Bonjour Léa',
  html: '<p>Bonjour Léa</p>',
  createdAt: '2026-11-20T09:00:00.000Z',
  status: 'sent',
  attempts: 1,
  lastError: null,
  sentAt: '2026-11-20T09:00:05.000Z',
  ...overrides,
});
let failedStatus = 'failed';

const server = await startLocalApi(({ method, url }) => {
  if (method === 'GET' && url.startsWith('/api/v1/staff/outbox')) {
    return {
      status: 200,
      body: {
        success: true,
        data: {
          emails: [
            mail({}),
            mail({
              _id: FAILED_ID,
              to: 'hugo@example.fr',
              subject: 'Votre devis est prêt',
              status: failedStatus,
              attempts: failedStatus === 'failed' ? 14 : 0,
              lastError: failedStatus === 'failed' ? 'connect ECONNREFUSED 127.0.0.1:25' : null,
              sentAt: null,
            }),
            mail({ _id: 'e0000000-0000-4000-8000-000000000003', status: 'pending', attempts: 2, sentAt: null }),
          ],
          pagination: { page: 1, limit: 50, total: 3, pages: 1 },
        },
      },
    };
  }
  if (method === 'POST' && url === `/api/v1/staff/outbox/${FAILED_ID}/resend`) {
    failedStatus = 'pending';
    return {
      status: 200,
      body: {
        success: true,
        message: 'E-mail remis dans la file d’envoi',
        data: mail({ _id: FAILED_ID, status: 'pending', attempts: 0, sentAt: null }),
      },
    };
  }
  return { status: 404, body: { success: false } };
});
const { OutboxPage } = await import('@renderer/admin/outbox/outbox-page');
const { renderRoute } = await import('./support/render-route');

describe('OutboxPage', { timeout: 30_000 }, () => {
  it('shows each mail’s delivery and resends a failed one', async () => {
    const { user } = renderRoute({
      at: '/admin/emails',
      staff: ADMIN,
      routes: [{ path: '/admin/emails', element: <OutboxPage /> }],
    });
    const list = await screen.findByTestId('outbox-list');
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Envoyé');
    expect(items[1]).toHaveTextContent('Échec de l’envoi');
    expect(items[1]).toHaveTextContent('14 tentatives · dernière erreur : connect ECONNREFUSED 127.0.0.1:25');
    expect(items[2]).toHaveTextContent('En attente d’envoi');
    expect(items[2]).toHaveTextContent('2 tentatives');
    // Only the failed mail can be resent.
    expect(within(items[0]!).queryByRole('button', { name: 'Renvoyer' })).toBeNull();
    expect(within(items[2]!).queryByRole('button', { name: 'Renvoyer' })).toBeNull();

    await user.click(within(items[1]!).getByRole('button', { name: 'Renvoyer' }));
    expect(await screen.findByText('E-mail remis dans la file d’envoi')).toBeInTheDocument();
    const resend = server.requests.find((request) => request.method === 'POST');
    expect(resend?.url).toBe(`/api/v1/staff/outbox/${FAILED_ID}/resend`);
    expect(resend?.headers.authorization).toBe('Bearer staff-tok');
    await waitFor(() =>
      expect(within(screen.getByTestId('outbox-list')).getAllByRole('listitem')[1]).toHaveTextContent(
        'En attente d’envoi',
      ),
    );
  });
});
