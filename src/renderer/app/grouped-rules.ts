import type { EmotionCache } from '@emotion/cache';

/** The `<style>` element that holds the grouped blocks, after emotion's own. */
export const GROUPED_RULES_ATTRIBUTE = 'data-grouped-rules';

const REM_PX = 16;
const MIN_WIDTH = /^@media screen and \(min-width: ?(\d+(?:\.\d+)?)(rem|em|px)\)$/;
const LAYER_BLOCK = /^@layer [\w-]+$/;

/**
 * Where a block of this prelude goes among the grouped ones, or undefined when it is left at the top
 * level: a layer's block first (unlayered rules win over layered ones wherever they are, and the
 * layers' order is declared once, `@layer reset, base, tokens, recipes`), then each `min-width` query
 * by its width, so that a wider screen's rule still comes after a narrower one's, as Chakra writes
 * them. Any other query keeps emotion's order at the top level.
 */
export function rankOf(prelude: string): number | undefined {
  if (LAYER_BLOCK.test(prelude)) return Number.NEGATIVE_INFINITY;
  const width = MIN_WIDTH.exec(prelude);
  if (!width) return undefined;
  return Number(width[1]) * (width[2] === 'px' ? 1 : REM_PX);
}

/** The index at which a block of `rank` goes among blocks of these ranks, in order, after its equals. */
export function placeOf(ranks: readonly number[], rank: number): number {
  const after = ranks.findIndex((other) => other > rank);
  return after === -1 ? ranks.length : after;
}

/**
 * Makes the cache put the rules of each `@layer` block and `min-width` query into one block of
 * that prelude, kept in a `<style>` after emotion's own, instead of a new block at the top level of
 * its sheet for every class. Chromium restyles and lays out the whole page when a top-level
 * `@media` or `@layer` block is inserted (about 20 ms on the booking page, 90 under 4× slowdown, in
 * each frame after a commit that brought new Chakra styles); a rule inserted into a block already
 * there costs under 1 ms (docs/decisions.md, performance rule 28). The order of the rules that can
 * meet on one element is kept: a class's base rule stays in emotion's sheet, before its queries in
 * this later sheet, the queries by width, and each block's rules in their order. Left as emotion
 * does it where a sheet cannot be parsed apart (a browser without constructable style sheets).
 */
export function groupBlockRules(cache: EmotionCache): void {
  if (typeof document === 'undefined' || typeof CSSStyleSheet === 'undefined') return;
  let scratch: CSSStyleSheet;
  try {
    scratch = new CSSStyleSheet();
    scratch.replaceSync('');
  } catch {
    return;
  }
  const { sheet } = cache;
  const insertAtTop = sheet.insert.bind(sheet);
  const blocks = new Map<string, CSSGroupingRule>();
  const ranks: number[] = [];
  let grouped: CSSStyleSheet | null = null;

  const groupedSheet = (): CSSStyleSheet => {
    if (grouped) return grouped;
    const tag = document.createElement('style');
    tag.setAttribute(GROUPED_RULES_ATTRIBUTE, cache.key);
    if (sheet.nonce) tag.setAttribute('nonce', sheet.nonce);
    const last = sheet.tags.at(-1);
    sheet.container.insertBefore(tag, last ? last.nextSibling : null);
    // Emotion's first tag, made after this one, goes before it.
    if (!last) sheet.before = tag;
    grouped = tag.sheet!;
    return grouped;
  };

  const blockOf = (prelude: string, rank: number): CSSGroupingRule => {
    const known = blocks.get(prelude);
    if (known) return known;
    const target = groupedSheet();
    const index = placeOf(ranks, rank);
    target.insertRule(`${prelude}{}`, index);
    ranks.splice(index, 0, rank);
    const block = target.cssRules[index] as CSSGroupingRule;
    blocks.set(prelude, block);
    return block;
  };

  sheet.insert = (rule: string) => {
    const open = rule.indexOf('{');
    const prelude = open > 0 ? rule.slice(0, open).trim() : '';
    const rank = rankOf(prelude);
    if (rank === undefined) return insertAtTop(rule);
    try {
      scratch.replaceSync(rule);
      const parsed = scratch.cssRules[0] as CSSGroupingRule | undefined;
      if (!parsed || scratch.cssRules.length !== 1 || !('cssRules' in parsed)) return insertAtTop(rule);
      const block = blockOf(prelude, rank);
      for (const inner of Array.from(parsed.cssRules)) block.insertRule(inner.cssText, block.cssRules.length);
    } catch {
      insertAtTop(rule);
    }
  };
}
