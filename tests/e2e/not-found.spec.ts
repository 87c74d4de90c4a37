import { expect, test } from '@playwright/test';

test.describe('Page introuvable', () => {
  test('an unknown page shows "Page introuvable" with a link back home', async ({ page }) => {
    await page.goto('/nimporte-quoi');
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    const home = page.getByRole('main').getByRole('link', { name: 'Retour à l’accueil' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('featured-activity').first()).toBeVisible();
  });

  test('an unknown API route answers a JSON 404, not the web page', async ({ request }) => {
    const response = await request.get('/api/v1/x');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toMatchObject({ success: false, code: 'NOT_FOUND', error: 'Ressource non trouvée' });
  });
});

test.describe('Écran d’erreur', () => {
  test('a page that fails to load shows "Une erreur est survenue" and the refresh button recovers', async ({
    page,
  }) => {
    // The 404 page is its own chunk: refusing it makes the route throw into the error boundary.
    await page.route('**/assets/not-found-page-*.js', (route) => route.abort());
    await page.goto('/nimporte-quoi');
    await expect(page.getByRole('heading', { level: 1, name: 'Une erreur est survenue' })).toBeVisible();
    const refresh = page.getByRole('button', { name: 'Actualiser la page' });
    await expect(refresh).toBeVisible();

    await page.unroute('**/assets/not-found-page-*.js');
    await refresh.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
  });
});
