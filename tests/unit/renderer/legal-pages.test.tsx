// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startLocalServer } from './support/local-server';
import { park } from './support/park-fixtures';

/** The four legal pages: their h1, their document title and the park's identity from the info call. */
const server = await startLocalServer(({ url }) =>
  url === '/api/v1/establishment/info'
    ? { status: 200, body: { success: true, data: park } }
    : { status: 404, body: { success: false } },
);
vi.stubEnv('VITE_API_URL', server.origin);
const { LegalNoticePage } = await import('@renderer/features/legal/legal-notice-page');
const { PrivacyPage } = await import('@renderer/features/legal/privacy-page');
const { TermsOfSalePage } = await import('@renderer/features/legal/terms-of-sale-page');
const { TermsOfUsePage } = await import('@renderer/features/legal/terms-of-use-page');
const { renderRoute } = await import('./support/render-route');

afterEach(() => cleanup());
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

/** Each page at its address in the app's router. */
const PAGES: Array<[string, string, ComponentType]> = [
  ['Mentions légales', '/mentions-legales', LegalNoticePage],
  ['Politique de confidentialité', '/privacy', PrivacyPage],
  ['Conditions générales de vente', '/cgv', TermsOfSalePage],
  ['Conditions d’utilisation', '/conditions', TermsOfUsePage],
];

describe('legal pages (SPEC.md §2 static pages)', { timeout: 30_000 }, () => {
  it.each(PAGES)('%s: h1, document title and the park’s address', async (title, path, Page) => {
    renderRoute({ at: path, routes: [{ path, element: <Page /> }] });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(document.title).toBe(`${title} – Parc Aventure des Landes`);
    expect((await screen.findAllByText(/12 route des Lacs, 40200 Mimizan, France/)).length).toBeGreaterThan(0);
  });
});
