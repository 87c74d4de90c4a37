import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, fetchEstablishmentInfo, waitForEstablishmentInfo } from './support';

const PAGES = [
  { path: '/', heading: 'Vos événements de groupe en pleine nature' },
  { path: '/contact', heading: 'Contactez-nous' },
  { path: '/cgv', heading: 'Conditions générales de vente' },
  { path: '/mentions-legales', heading: 'Mentions légales' },
  { path: '/conditions', heading: undefined },
  { path: '/privacy', heading: 'Politique de confidentialité' },
  { path: '/nimporte-quoi', heading: 'Page introuvable' },
  { path: '/reservation', heading: undefined },
  // An unknown token: the error state of the invitation page.
  { path: '/invitation/abcdefghijklmnop', heading: 'Invitation non valide' },
];

test.describe('Accessibilité (axe, WCAG 2.2 AA)', () => {
  for (const { path, heading } of PAGES) {
    test(`${path} has no axe violations @mobile`, async ({ page, request }) => {
      const info = await fetchEstablishmentInfo(request);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) })).toBeVisible();
      await waitForEstablishmentInfo(page, info);
      if (path.startsWith('/invitation/')) await expect(page.getByText("Token d'invitation invalide")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('the contact form with its error messages has no axe violations @mobile', async ({ page }) => {
    await page.goto('/contact');
    await page.locator('form').getByRole('button').click();
    await expect(page.getByText('Le nom est requis')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the open mobile menu has no axe violations @mobile', async ({ page }) => {
    test.skip(test.info().project.name !== 'mobile', 'mobile layout only');
    await page.goto('/');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
