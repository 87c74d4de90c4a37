import { expect, test } from '@playwright/test';
import { fetchEstablishmentInfo } from './support';

const LEGAL_PAGES = [
  { path: '/cgv', title: 'Conditions générales de vente' },
  { path: '/mentions-legales', title: 'Mentions légales' },
  { path: '/conditions', title: /Conditions/ },
  { path: '/privacy', title: 'Politique de confidentialité' },
];

test.describe('Pages légales', () => {
  for (const { path, title } of LEGAL_PAGES) {
    test(`${path} fills in the establishment name, address and e-mail from the API`, async ({ page, request }) => {
      const info = await fetchEstablishmentInfo(request);
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(main).toContainText(info.name);
      await expect(main).toContainText(info.address.street);
      await expect(main).toContainText(`${info.address.zipCode} ${info.address.city}`);
      await expect(main.getByRole('link', { name: info.email }).first()).toHaveAttribute(
        'href',
        `mailto:${info.email}`,
      );
    });
  }

  test('/cgv states the refund terms and the 24-hour option', async ({ page }) => {
    await page.goto('/cgv');
    const main = page.getByRole('main');
    await expect(main).toContainText(/remboursement de 80\s?%/);
    await expect(main).toContainText(/remboursement de 50\s?%/);
    await expect(main).toContainText('aucun remboursement');
    await expect(main).toContainText('24 heures');
  });
});
