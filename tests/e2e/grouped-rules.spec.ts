// Chakra's styles for `@layer` and `min-width` blocks go into one block each, in a <style> after
// emotion's own (src/renderer/app/grouped-rules.ts): a new top-level block made Chromium restyle
// and lay out the whole page in each frame after a commit that brought one (docs/decisions.md,
// performance rule 28). The styles drawn by the client still apply as written, from a phone to a
// wide screen.
import { randomInt } from 'node:crypto';
import { expect, test as base, type Page } from '@playwright/test';
import { customerWithBooking, seedToken } from './support';

const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({
      ...extraHTTPHeaders,
      'X-Forwarded-For': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    });
  },
});

/** The <style> elements in <head>, in order, and the top-level blocks of the ones emotion wrote at run time. */
function stylesOf(page: Page) {
  return page.evaluate(() => {
    const tags = Array.from(document.head.querySelectorAll('style'));
    const grouped = tags.find((tag) => tag.hasAttribute('data-grouped-rules'));
    const runtime = tags.filter((tag) => tag.getAttribute('data-emotion') === 'css');
    const topBlocks = runtime.flatMap((tag) =>
      Array.from(tag.sheet!.cssRules)
        .filter((rule) => rule instanceof CSSMediaRule || rule instanceof CSSLayerBlockRule)
        .map((rule) => rule.cssText.slice(0, rule.cssText.indexOf('{')).trim()),
    );
    return {
      groupedAfterEmotion: grouped ? runtime.every((tag) => tag.compareDocumentPosition(grouped) & 4) : false,
      blocks: grouped
        ? Array.from(grouped.sheet!.cssRules).map((rule) => ({
            prelude: rule.cssText.slice(0, rule.cssText.indexOf('{')).trim(),
            rules: (rule as CSSGroupingRule).cssRules.length,
          }))
        : [],
      topBlocks,
    };
  });
}

test('the booking page’s client-drawn styles sit in one block per layer and width, and apply from 360 to 1,280 px', async ({
  page,
  request,
}) => {
  const { session, booking } = await customerWithBooking(request);

  await page.setViewportSize({ width: 1280, height: 800 });
  await seedToken(page, session.token);
  await page.goto(`/booking/${booking._id}#discussion`);
  const messages = page.getByTestId('chat-messages');
  await expect(messages).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('chat-empty')).toBeVisible();

  const styles = await stylesOf(page);
  expect(styles.groupedAfterEmotion).toBe(true);
  // Chakra's recipes and the `md` width at least; layers first, then the widths from the narrowest.
  const preludes = styles.blocks.map((block) => block.prelude.replace(/\s+/g, ''));
  expect(preludes).toContain('@layerrecipes');
  expect(preludes).toContain('@mediascreenand(min-width:48rem)');
  const widths = preludes
    .filter((prelude) => prelude.startsWith('@media'))
    .map((prelude) => Number(/min-width:([\d.]+)rem/.exec(prelude)![1]));
  expect(widths).toEqual([...widths].sort((a, b) => a - b));
  expect(preludes.findIndex((prelude) => prelude.startsWith('@media'))).toBeGreaterThan(
    preludes.findLastIndex((prelude) => prelude.startsWith('@layer')),
  );
  for (const block of styles.blocks) expect(block.rules, block.prelude).toBeGreaterThan(0);
  // No layer or width block left at the top level of emotion's sheet.
  expect(styles.topBlocks.filter((prelude) => /^@layer|min-width/.test(prelude) && !/max-width/.test(prelude))).toEqual(
    [],
  );

  // The discussion's box as written: `maxH={{ base: '60vh', md: '480px' }}`, `p={{ base: '3', md: '4' }}`.
  await expect(messages).toHaveCSS('max-height', '480px');
  await expect(messages).toHaveCSS('padding-top', '16px');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(messages).toHaveCSS('max-height', '444px');
  await expect(messages).toHaveCSS('padding-top', '12px');
  // The send button's colour comes from the button recipe, whose rule is in the recipes' block.
  const send = page.getByRole('button', { name: 'Envoyer' });
  await expect(send).toBeVisible();
  await expect(send).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
});
