import { expect, test } from '@playwright/test';
import { expectNoHorizontalScroll, mockVerifiedCustomer, seedToken } from './support';

const EMPTY_LIST = {
  success: true,
  data: { bookingRequests: [], pagination: { page: 1, limit: 50, total: 0, pages: 0 }, nextCursor: null },
};
const EMPTY_INVITATIONS = {
  success: true,
  data: { invitations: [], pagination: { page: 1, limit: 50, total: 0, pages: 0 } },
};

test.describe('dashboard at 360 px @mobile', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('shows all four tabs without sideways scrolling, Profil and Paiements included', async ({ page }) => {
    await seedToken(page);
    await mockVerifiedCustomer(page, { email: 'camille.durand-de-la-fontaine@exemple.fr' });
    await page.route('**/api/v1/customer-booking-requests/invitations*', (route) =>
      route.fulfill({ json: EMPTY_INVITATIONS }),
    );
    await page.route('**/api/v1/customer-booking-requests?*', (route) => route.fulfill({ json: EMPTY_LIST }));
    await page.route('**/api/v1/customer-booking-requests', (route) => route.fulfill({ json: EMPTY_LIST }));
    await page.goto('/dashboard');
    const tabs = page.getByTestId('dashboard-tabs');
    await expect(tabs).toBeVisible();
    // Measured with the counts shown, the widest the tabs get: each once pushed its tab past its column.
    await expect(page.getByTestId('tab-count')).toHaveText(['0', '0']);
    const box = (await tabs.boundingBox())!;
    for (const name of [/Mes réservations/, /Mes invitations/, /Profil/, /Paiements/]) {
      const tab = page.getByRole('tab', { name });
      await expect(tab).toBeInViewport({ ratio: 1 });
      const tabBox = (await tab.boundingBox())!;
      expect(tabBox.x).toBeGreaterThanOrEqual(box.x - 1);
      expect(tabBox.x + tabBox.width).toBeLessThanOrEqual(box.x + box.width + 1);
    }
    const scrolls = await tabs.evaluate(
      (element: { scrollWidth: number; clientWidth: number }) => element.scrollWidth > element.clientWidth,
    );
    expect(scrolls).toBe(false);
    await expectNoHorizontalScroll(page);
  });
});
