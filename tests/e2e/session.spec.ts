import { expect, test } from '@playwright/test';
import { mockVerifiedCustomer, seedToken, storedToken } from './support';

const RESET_TEMPORARY = /\/auth\/reset-password\?temp=true$/;

test.describe('Routes protégées', () => {
  for (const path of ['/dashboard', '/booking/123']) {
    test(`${path} sends a logged-out visitor to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test('a token the server does not accept is removed and /dashboard ends on /login', async ({ page }) => {
    await seedToken(page, 'abc');
    const verify = page.waitForRequest('**/api/v1/customer-auth/verify');
    await page.goto('/dashboard');
    expect(await (await verify).headerValue('authorization')).toBe('Bearer abc');
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => storedToken(page)).toBeNull();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion', exact: true })).toBeVisible();
  });
});

test.describe('Mot de passe temporaire', () => {
  for (const path of ['/', '/contact', '/login']) {
    test(`a customer with a temporary password visiting ${path} is sent to the reset page`, async ({ page }) => {
      await seedToken(page);
      await mockVerifiedCustomer(page, { isTemporaryPassword: true });
      await page.goto(path);
      await expect(page).toHaveURL(RESET_TEMPORARY);
    });
  }

  test('the reset page itself stays reachable with a temporary password', async ({ page }) => {
    await seedToken(page);
    await mockVerifiedCustomer(page, { isTemporaryPassword: true });
    await page.goto('/auth/reset-password?temp=true');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(RESET_TEMPORARY);
  });
});

test.describe('Client connecté', () => {
  test.beforeEach(async ({ page }) => {
    await seedToken(page);
    await mockVerifiedCustomer(page, { isTemporaryPassword: false });
    await page.route('**/api/v1/customer-auth/logout', (route) =>
      route.fulfill({ status: 200, json: { success: true } }),
    );
  });

  test('the header shows the first name with a menu offering Mon profil and Déconnexion', async ({ page }) => {
    await page.goto('/');
    const account = page.getByRole('button', { name: 'Léa' });
    await expect(account).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion', exact: true })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Inscription', exact: true })).toHaveCount(0);

    await account.click();
    await expect(page.getByRole('menuitem', { name: 'Mon profil' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Déconnexion' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Mon profil' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Déconnexion returns to the home page and removes the token', async ({ page }) => {
    await page.goto('/contact');
    await expect(await storedToken(page)).toBe('abc');
    const logout = page.waitForRequest('**/api/v1/customer-auth/logout');
    await page.getByRole('button', { name: 'Léa' }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await logout;
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => storedToken(page)).toBeNull();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Léa' })).toHaveCount(0);
  });
});
