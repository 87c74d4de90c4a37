// The account menu is shown from Chakra's `md` up; a phone does not load it nor start its Menu
// machine for a hidden button (docs/decisions.md, performance rule 21), and keeps its drawer.
// Widening the window brings the menu.
import { randomInt } from 'node:crypto';
import { expect, test as base } from '@playwright/test';
import type { AuthSessionResponse } from '../../src/shared/api/auth.schema';
import { seedToken } from './support';

const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({
      ...extraHTTPHeaders,
      'X-Forwarded-For': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    });
  },
});

test('a phone signed in loads no account menu; a wide window shows it @mobile', async ({ page, request }) => {
  const email = `menu.${Date.now()}.${randomInt(1e6)}@exemple.fr`;
  const registered = await request.post('/api/v1/customer-auth/register', {
    data: { firstName: 'Soizic', lastName: 'Largeur', email, password: 'Clairiere-des-pins-2026', phone: null },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as AuthSessionResponse;
  const menuChunks: string[] = [];
  page.on('request', (sent) => {
    if (/\/assets\/account-menu-wide-[^/]*\.js$/.test(new URL(sent.url()).pathname)) menuChunks.push(sent.url());
  });

  await page.setViewportSize({ width: 360, height: 740 });
  await seedToken(page, token);
  await page.goto('/dashboard');
  await expect(page.getByText('Vous n’avez pas encore de demande de réservation')).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const header = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(header.getByRole('button', { name: 'Soizic' })).toHaveCount(0);
  expect(menuChunks).toEqual([]);
  // The drawer keeps the account's links on a phone.
  await header.getByRole('button', { name: 'Ouvrir le menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 800 });
  const account = header.getByRole('button', { name: 'Soizic' });
  await expect(account).toBeVisible();
  expect(menuChunks).toHaveLength(1);
  await account.click();
  await expect(page.getByRole('menuitem', { name: 'Déconnexion' })).toBeVisible();
});
