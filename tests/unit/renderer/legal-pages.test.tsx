// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { EstablishmentInfo } from '@shared/api/establishment.schema';
import { AppProviders, createQueryClient } from '../../../src/renderer/app/providers';
import { startLocalServer } from './support/local-server';

/** The four legal pages: their h1, their document title and the park's identity from the info call. */
const park: EstablishmentInfo = {
  _id: 'park-1',
  name: 'Parc des Pins',
  description: 'Parc de loisirs',
  address: { street: '12 route des Lacs', zipCode: '40200', city: 'Mimizan', country: 'France' },
  phone: '05 58 00 00 00',
  email: 'bonjour@parc-des-pins.fr',
  website: 'https://parc-des-pins.fr',
  legalName: 'Parc des Pins SAS',
  siret: '12345678900012',
  openingHours: [],
  socialLinks: [],
};
const server = await startLocalServer(({ url }) =>
  url === '/api/v1/establishment/info'
    ? { status: 200, body: { success: true, data: park } }
    : { status: 404, body: { success: false } },
);
vi.stubEnv('VITE_API_URL', server.origin);
const { LegalNoticePage } = await import('../../../src/renderer/features/legal/legal-notice-page');
const { PrivacyPage } = await import('../../../src/renderer/features/legal/privacy-page');
const { TermsOfSalePage } = await import('../../../src/renderer/features/legal/terms-of-sale-page');
const { TermsOfUsePage } = await import('../../../src/renderer/features/legal/terms-of-use-page');

afterEach(() => cleanup());
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

const PAGES: Array<[string, ComponentType]> = [
  ['Mentions légales', LegalNoticePage],
  ['Politique de confidentialité', PrivacyPage],
  ['Conditions générales de vente', TermsOfSalePage],
  ['Conditions d’utilisation', TermsOfUsePage],
];

describe('legal pages (SPEC.md §2 static pages)', { timeout: 15_000 }, () => {
  it.each(PAGES)('%s: h1, document title and the park’s address', async (title, Page) => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <Page />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(document.title).toBe(`${title} – Parc Aventure des Landes`);
    expect((await screen.findAllByText(/12 route des Lacs, 40200 Mimizan, France/)).length).toBeGreaterThan(0);
  });
});
