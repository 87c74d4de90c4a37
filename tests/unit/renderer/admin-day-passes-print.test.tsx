// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { ParcBridge, PrintResult } from '@shared/desktop-bridge';
import { ADMIN } from './support/admin-fixtures';
import { startLocalServer } from './support/local-server';

/**
 * The day's passes printed in one batch (docs/decisions.md, "On site"): the check-in board links
 * to the print page, which shows one block per pass grouped by booking, prints the page on the web
 * and asks main to print passes and contracts on the desktop app.
 */
const QR =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const pass = (participantId: string, firstName: string, lastName: string) => ({
  participantId,
  firstName,
  lastName,
  code: `pa1.b.${participantId}.20301201.20301201.sig`,
  qrPng: QR,
});
const DAY = {
  date: '2030-12-01',
  bookings: [
    {
      bookingId: 'b1',
      bookingRequestId: 'GRP-2030-00001',
      organizerName: 'Claire Organisatrice',
      walkIn: false,
      contractFile: 'contrat-GRP-2030-00001.pdf',
      passes: [pass('p1', 'Jules', 'Bernard'), pass('p2', 'Zoé', 'Lambert')],
    },
    {
      bookingId: 'b2',
      bookingRequestId: 'GRP-2030-00002',
      organizerName: 'Marc Dupont',
      walkIn: true,
      contractFile: null,
      passes: [pass('p3', 'Marc', 'Dupont')],
    },
  ],
};
const server = await startLocalServer(({ method, url }) => {
  if (method === 'GET' && url === '/api/v1/staff/day/2030-12-01/passes') {
    return { status: 200, body: { success: true, data: DAY } };
  }
  if (method === 'GET' && url === '/api/v1/staff/day/2030-12-02/passes') {
    return { status: 200, body: { success: true, data: { date: '2030-12-02', bookings: [] } } };
  }
  if (method === 'GET' && url.startsWith('/api/v1/staff/check-in/board')) {
    return { status: 200, body: { success: true, data: { date: '2030-12-01', groups: [] } } };
  }
  return { status: 404, body: { success: false } };
});
vi.stubEnv('VITE_API_URL', server.origin);
const { DayPassesPrintPage } = await import('@renderer/admin/check-in/day-passes-print-page');
const { CheckInPage } = await import('@renderer/admin/check-in/check-in-page');
const { clearStaffToken } = await import('@renderer/admin/session/staff-token');
const { toaster } = await import('@renderer/shared/ui/toaster-store');
const { renderRoute } = await import('./support/render-route');

const routes = [{ path: '/admin/accueil/impression', element: <DayPassesPrintPage /> }];

function installBridge(dayPasses: () => Promise<PrintResult>) {
  const bridge = {
    token: { get: vi.fn(), set: vi.fn(), clear: vi.fn() },
    print: { qrCode: vi.fn(), contract: vi.fn(), dayPasses: vi.fn(dayPasses) },
    onDeepLink: vi.fn(() => () => undefined),
    mode: 'desktop',
    apiBaseUrl: server.origin,
  } satisfies ParcBridge;
  window.parc = bridge;
  return bridge;
}

afterEach(() => {
  cleanup();
  clearStaffToken();
  toaster.remove();
  delete window.parc;
  vi.restoreAllMocks();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

describe('DayPassesPrintPage', { timeout: 30_000 }, () => {
  it('lays out every pass under its booking and prints the page with the browser', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user, view } = renderRoute({ at: '/admin/accueil/impression?date=2030-12-01', staff: ADMIN, routes });

    const first = await screen.findByRole('list', { name: 'Pass de la réservation GRP-2030-00001' });
    expect(screen.getByRole('heading', { level: 2, name: 'GRP-2030-00001 · Claire Organisatrice' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'GRP-2030-00002 · Marc Dupont' })).toBeVisible();
    const blocks = within(first).getAllByRole('listitem');
    expect(blocks).toHaveLength(2);
    const jules = within(blocks[0]!);
    expect(jules.getByRole('img', { name: 'QR code du pass de Jules Bernard' })).toHaveAttribute('src', QR);
    expect(jules.getByText('Jules Bernard')).toBeVisible();
    expect(jules.getByText('Réservation GRP-2030-00001')).toBeVisible();
    expect(jules.getByText('Organisateur : Claire Organisatrice')).toBeVisible();
    expect(screen.getByRole('img', { name: 'QR code du pass de Zoé Lambert' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'QR code du pass de Marc Dupont' })).toBeVisible();
    expect(server.requests.map((request) => request.url)).toContain('/api/v1/staff/day/2030-12-01/passes');

    await user.click(screen.getByRole('button', { name: 'Imprimer' }));
    expect(print).toHaveBeenCalledTimes(1);

    // jsdom computes no layout nor colours: contrast is checked by the Playwright journeys.
    const results = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('says when the day has nothing to print, and offers no print button', async () => {
    renderRoute({ at: '/admin/accueil/impression?date=2030-12-02', staff: ADMIN, routes });
    const empty = await screen.findByText('Aucun pass à imprimer pour ce jour');
    expect(empty).toHaveTextContent(/^Aucun pass à imprimer pour ce jour$/);
    expect(screen.queryByRole('button', { name: 'Imprimer' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('asks the desktop app to print the day, and says what main answered', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const bridge = installBridge(() =>
      Promise.resolve({ ok: false, error: 'connectez-vous pour imprimer les pass du jour' }),
    );
    const { user } = renderRoute({ at: '/admin/accueil/impression?date=2030-12-01', staff: ADMIN, routes });
    await user.click(await screen.findByRole('button', { name: 'Imprimer' }));
    expect(bridge.print.dayPasses).toHaveBeenCalledWith('2030-12-01');
    expect(
      await screen.findByText('Impression impossible : connectez-vous pour imprimer les pass du jour'),
    ).toBeInTheDocument();

    bridge.print.dayPasses.mockImplementation(() => Promise.resolve({ ok: true }));
    await user.click(screen.getByRole('button', { name: 'Imprimer' }));
    expect(await screen.findByText('Impression lancée')).toBeInTheDocument();
    expect(print).not.toHaveBeenCalled();
  });

  it('is opened from the check-in board for the server’s day', async () => {
    renderRoute({
      at: '/admin/accueil',
      staff: ADMIN,
      routes: [{ path: '/admin/accueil', element: <CheckInPage /> }, ...routes],
    });
    await screen.findByText('Aucun groupe n’est attendu aujourd’hui.');
    const link = screen.getByRole('link', { name: 'Imprimer les pass du jour' });
    expect(link).toHaveAttribute('href', '/admin/accueil/impression?date=2030-12-01');
  });
});
