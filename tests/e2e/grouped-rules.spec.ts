// Chakra's styles for `@layer`, `min-width` and hover blocks go into one block each, in a <style>
// after emotion's own (src/renderer/app/grouped-rules.ts): a block or query added to a sheet that
// holds a layer made Chromium restyle and lay out the whole page in each frame after a commit that
// brought one (docs/decisions.md, performance rule 28). The styles drawn by the client still apply
// as written, from a phone to a wide screen.
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

/** A block's prelude, spaces aside. */
const preludeOf = (text: string) => text.slice(0, text.indexOf('{')).replace(/\s+/g, '');

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
    const kinds = (rules: CSSRuleList) =>
      Array.from(rules).map((rule) => (rule instanceof CSSStyleRule ? 'style' : rule.cssText));
    const recipes = grouped && Array.from(grouped.sheet!.cssRules).find((rule) => rule instanceof CSSLayerBlockRule);
    return {
      groupedAfterEmotion: grouped ? runtime.every((tag) => tag.compareDocumentPosition(grouped) & 4) : false,
      blocks: grouped ? kinds(grouped.sheet!.cssRules) : [],
      inRecipes: recipes ? kinds((recipes as CSSGroupingRule).cssRules) : [],
      topBlocks,
      // What the grouped sheet gained, in order, recorded from the page's start (addInitScript below).
      gained: (window as unknown as { groupedGains: string[] }).groupedGains,
    };
  });
}

/** Records each rule inserted into the grouped <style> or one of its blocks: a block ('@…') or a style rule. */
const RECORD_GROUPED_GAINS = `
  window.groupedGains = [];
  const inGrouped = (sheet) => sheet && sheet.ownerNode && sheet.ownerNode.hasAttribute('data-grouped-rules');
  for (const [type, sheetOf] of [[CSSStyleSheet, (target) => target], [CSSGroupingRule, (target) => {
    let rule = target;
    while (rule.parentRule) rule = rule.parentRule;
    return rule.parentStyleSheet;
  }]]) {
    const insertRule = type.prototype.insertRule;
    type.prototype.insertRule = function (rule, index) {
      if (inGrouped(sheetOf(this))) window.groupedGains.push(String(rule).trim().startsWith('@') ? 'block' : 'style');
      return insertRule.call(this, rule, index);
    };
  }`;

test('the booking page’s client-drawn styles sit in one block per layer and width, and apply from 360 to 1,280 px', async ({
  page,
  request,
}) => {
  const { session, booking } = await customerWithBooking(request);

  await page.setViewportSize({ width: 1280, height: 800 });
  await seedToken(page, session.token);
  await page.addInitScript({ content: RECORD_GROUPED_GAINS });
  await page.goto(`/booking/${booking._id}#discussion`);
  const messages = page.getByTestId('chat-messages');
  await expect(messages).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('chat-empty')).toBeVisible();

  const styles = await stylesOf(page);
  expect(styles.groupedAfterEmotion).toBe(true);
  // Made with emotion's first tag: the recipes' layer, then the breakpoints' widths from the narrowest,
  // then hover, the same inside the layer after its own rules. After that, only style rules: a
  // block or a query added to a sheet that holds a layer restyles and lays out the whole page.
  const widths = ['30rem', '48rem', '64rem', '80rem', '96rem'].map((width) => `@mediascreenand(min-width:${width})`);
  expect(styles.blocks.map(preludeOf)).toEqual(['@layerrecipes', ...widths, '@media(hover:hover)']);
  const firstQuery = styles.inRecipes.findIndex((kind) => kind !== 'style');
  expect(firstQuery).toBeGreaterThan(0);
  expect(styles.inRecipes.slice(firstQuery).map(preludeOf)).toEqual([...widths, '@media(hover:hover)']);
  expect(styles.gained.filter((gain) => gain === 'block')).toHaveLength(13);
  expect(styles.gained.lastIndexOf('block')).toBeLessThan(styles.gained.indexOf('style'));
  expect(styles.gained.length).toBeGreaterThan(50);
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
