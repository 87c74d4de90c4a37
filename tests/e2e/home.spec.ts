import { expect, test } from '@playwright/test';
import type { CatalogueItem } from '../../src/shared/api/catalogue.schema';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import { fetchEstablishmentInfo, waitForEstablishmentInfo } from './support';

test.describe('Accueil', () => {
  test('shows the establishment name from the API in the hero and the footer', async ({ page, request }) => {
    const info = await fetchEstablishmentInfo(request);
    expect(info.name).toBe('Parc Aventure des Landes');
    await page.goto('/');
    await expect(page.getByTestId('hero-establishment')).toHaveText(info.name);
    await waitForEstablishmentInfo(page, info);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByTestId('footer-email')).toHaveText(info.email);
    await expect(footer.getByTestId('footer-phone')).toHaveText(info.phone);
    await expect(footer.getByTestId('footer-address')).toContainText(info.address.street);
    await expect(footer.getByTestId('footer-address')).toContainText(`${info.address.zipCode} ${info.address.city}`);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${info.name}`);
    await expect(page).toHaveTitle(/Accueil/);
  });

  test('lists the three featured activities of the catalogue with their price and duration', async ({
    page,
    request,
  }) => {
    const response = await request.get('/api/v1/public-booking-requests/activities', {
      params: { establishment_id: ESTABLISHMENT_ID, isActive: 'true' },
    });
    expect(response.ok()).toBe(true);
    const catalogue = ((await response.json()) as { data: CatalogueItem[] }).data.slice(0, 3);
    expect(catalogue.map((item) => [item.pricing.basePrice, item.availability.duration])).toEqual([
      [25, 120],
      [20, 90],
      [18, 150],
    ]);

    await page.goto('/');
    const cards = page.getByTestId('featured-activity');
    await expect(cards).toHaveCount(3);
    const expected = [
      { price: '25,00 €', duration: '2 h' },
      { price: '20,00 €', duration: '1 h 30' },
      { price: '18,00 €', duration: '2 h 30' },
    ];
    for (const [index, item] of catalogue.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(item.name);
      await expect(card).toContainText(expected[index]!.price);
      await expect(card).toContainText(expected[index]!.duration);
    }
  });

  test('hero calls to action lead to the booking wizard and the contact page', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Vos événements de groupe en pleine nature' });
    await expect(hero.getByRole('link', { name: 'Réserver un événement' })).toHaveAttribute('href', '/reservation');
    await expect(hero.getByRole('link', { name: 'Nous contacter' })).toHaveAttribute('href', '/contact');

    await hero.getByRole('link', { name: 'Nous contacter' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contactez-nous' })).toBeVisible();

    await page.goBack();
    await page
      .getByRole('region', { name: 'Vos événements de groupe en pleine nature' })
      .getByRole('link', { name: 'Réserver un événement' })
      .click();
    await expect(page).toHaveURL(/\/reservation$/);
  });

  test('practical information shows the event hours and the address from the API', async ({ page, request }) => {
    const info = await fetchEstablishmentInfo(request);
    await page.goto('/');
    const practical = page.getByRole('region', { name: 'Informations pratiques' });
    await expect(practical).toContainText('Sur réservation uniquement, événements 9h - 19h');
    await expect(practical.getByTestId('practical-address')).toContainText(info.address.street);
    await expect(practical.getByTestId('practical-address')).toContainText(
      `${info.address.zipCode} ${info.address.city}`,
    );
  });
});

test.describe('Pied de page sans informations de l’établissement', () => {
  test('falls back to default texts when the establishment info call fails, and the page still renders', async ({
    page,
  }) => {
    let calls = 0;
    await page.route('**/api/v1/establishment/info', (route) => {
      calls += 1;
      return route.fulfill({
        status: 500,
        json: { success: false, error: 'Erreur serveur', message: 'Erreur serveur', code: 'INTERNAL_ERROR' },
      });
    });
    await page.goto('/');
    // The query retries once: wait until it has given up.
    await expect.poll(() => calls, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByTestId('footer-name')).toHaveText('Parc Aventure');
    await expect(footer.getByTestId('footer-email')).toHaveText('contact@parc-aventure-landes.fr');
    await expect(footer.getByTestId('footer-email')).toHaveAttribute('href', 'mailto:contact@parc-aventure-landes.fr');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vos événements de groupe en pleine nature' }),
    ).toBeVisible();
    await expect(page.getByTestId('featured-activity')).toHaveCount(3);
    await expect(page.getByText('Une erreur est survenue')).toHaveCount(0);
  });
});
