// The back-office asks for its frame's and its page's chunks together at start-up, not the page's
// once the frame has loaded and rendered (docs/decisions.md, performance rule 20): opening /admin,
// the request queue's chunk goes out while the frame's is held back.
import { expect, test } from '@playwright/test';

test('the back-office’s frame and page are asked for together, not one after the other', async ({ page }) => {
  const events: string[] = [];
  // The frame's chunk is answered once the page's has been asked for (or after 5 s, and the test fails).
  let pageAsked: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (pageAsked = resolve));
  page.on('request', (sent) => {
    if (/\/assets\/queue-page-[^/]*\.js$/.test(new URL(sent.url()).pathname)) {
      events.push('page requested');
      pageAsked();
    }
  });
  await page.route(/\/assets\/admin-layout-[^/]*\.js$/, async (route) => {
    events.push('frame requested');
    await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    events.push('frame answered');
    await route.continue();
  });

  await page.goto('/admin');
  // No staff session here: the frame, once loaded, sends the visitor to the team's login.
  await expect(page).toHaveURL('/admin/login', { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(events).toContain('page requested');
  expect(events.indexOf('page requested')).toBeLessThan(events.indexOf('frame answered'));
});
