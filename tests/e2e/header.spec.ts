import { expect, test } from '@playwright/test';
import { expectNoHorizontalScroll } from './support';

const LINKS = ['Accueil', 'Réservation', 'Contact', 'Connexion', 'Inscription'];

test.describe('En-tête', () => {
  test('on desktop the header shows Accueil, Réservation, Contact, Connexion and Inscription', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    for (const name of LINKS) {
      await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(header.getByRole('button', { name: 'Ouvrir le menu' })).toBeHidden();
    await header.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(header.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('at 360px the links are in a menu opened by "Ouvrir le menu" @mobile', async ({ page }) => {
    test.skip(test.info().project.name !== 'mobile', 'mobile layout only');
    await page.goto('/');
    const header = page.getByRole('banner');
    for (const name of LINKS) {
      await expect(header.getByRole('link', { name, exact: true })).toBeHidden();
    }
    await header.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const name of LINKS) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Contactez-nous' })).toBeVisible();
  });

  for (const path of ['/', '/contact', '/cgv', '/mentions-legales', '/nimporte-quoi']) {
    test(`${path} has no horizontal scroll at 360px @mobile`, async ({ page }) => {
      test.skip(test.info().project.name !== 'mobile', 'mobile layout only');
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('footer-name')).toBeVisible();
      expect(page.viewportSize()?.width).toBe(360);
      await expectNoHorizontalScroll(page);
    });
  }
});
