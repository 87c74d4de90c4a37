import type { EmotionCache } from '@emotion/cache';

/** The `<style>` element that holds the grouped blocks, after emotion's own. */
export const GROUPED_RULES_ATTRIBUTE = 'data-grouped-rules';

const REM_PX = 16;
const MIN_WIDTH = /^@media screen and \(min-width: ?(\d+(?:\.\d+)?)(rem|em|px)\)$/;
const HOVER = /^@media \(hover: ?hover\)$/;
const LAYER_BLOCK = /^@layer [\w-]+$/;

/**
 * Where a block of this prelude goes among its grouped siblings, or undefined when it is not
 * grouped: a layer's block first (unlayered rules win over layered ones wherever they are, and the
 * layers' order is declared once, `@layer reset, base, tokens, recipes`), then each `min-width` query
 * by its width, then `(hover: hover)`: the order in which Chakra writes a class's queries (a query
 * without a length after the widths). Any other query keeps emotion's order.
 */
export function rankOf(prelude: string): number | undefined {
  if (LAYER_BLOCK.test(prelude)) return Number.NEGATIVE_INFINITY;
  if (HOVER.test(prelude)) return Number.MAX_VALUE;
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
 * The blocks made with emotion's first tag: Chakra's recipes' layer and, at the top level and in that
 * layer, each breakpoint's width (`system.breakpoints.conditions`) and hover.
 */
export function preparedBlocks(conditions: Readonly<Record<string, string>>): string[][] {
  const queries = [...new Set(Object.values(conditions))].filter((query) => rankOf(query) !== undefined);
  queries.push('@media (hover: hover)');
  return [['@layer recipes'], ...queries.map((query) => ['@layer recipes', query]), ...queries.map((query) => [query])];
}

/** A sheet or block of the grouped `<style>`: its own rules first, then its grouped blocks by rank. */
interface Block {
  target: CSSStyleSheet | CSSGroupingRule;
  ownRules: number;
  ranks: number[];
  blocks: Map<string, Block>;
}

/** A rule's prelude as Chromium writes it back (`@media screen and (min-width: 48rem)`, `@layer recipes`). */
const preludeOf = (rule: CSSRule) => rule.cssText.slice(0, rule.cssText.indexOf('{')).trim();

/** Where a parsed rule goes among grouped blocks: undefined for a style rule or a query of another kind. */
const rankOfRule = (rule: CSSRule) => (rule instanceof CSSStyleRule ? undefined : rankOf(preludeOf(rule)));

/**
 * Makes the cache put the rules of each `@layer` block, `min-width` and hover query into one block of
 * that prelude (a query inside a layer into one block inside that layer's), kept in a `<style>` after
 * emotion's own, made with the usual blocks at the cache's first rule. Chromium restyles and lays out the
 * whole page, its fonts' cache rebuilt, when a sheet holding a layer gains anything but a style rule:
 * a new top-level block as emotion writes each class's recipe part and responsive values, or a query
 * inside a layer's block; a style rule added to a block already there costs under 1 ms
 * (docs/decisions.md, performance rule 28). The order of the rules that can meet on one element is
 * kept: a class's base rule stays in emotion's sheet, before its queries in this later sheet; in a
 * block, its style rules before its queries, the queries by width then hover, as Chakra sorts them.
 * Left as emotion does it where a sheet cannot be parsed apart (a browser without constructable style
 * sheets).
 */
export function groupBlockRules(cache: EmotionCache, prepared: readonly (readonly string[])[] = []): void {
  // Neither in Node (the pre-rendering) nor where a sheet cannot be made.
  let scratch: CSSStyleSheet;
  try {
    scratch = new CSSStyleSheet();
    scratch.replaceSync('');
  } catch {
    return;
  }
  const { sheet } = cache;
  const insertAtTop = sheet.insert.bind(sheet);
  let grouped: Block | null = null;

  const parsed = (text: string): CSSRule | undefined => {
    scratch.replaceSync(text);
    return scratch.cssRules.length === 1 ? scratch.cssRules[0] : undefined;
  };

  // Emotion's first tag and this one come in the same task, with their blocks: Chromium then adds
  // two sheets at the end of the document's. A sheet put before one that holds a layer, in the same
  // update as a change of the latter, would cost the whole-page restyle this avoids.
  const top = (): Block => {
    if (grouped) return grouped;
    if (sheet.tags.length === 0) {
      const own = document.createElement('style');
      own.setAttribute('data-emotion', cache.key);
      if (sheet.nonce) own.setAttribute('nonce', sheet.nonce);
      own.appendChild(document.createTextNode(''));
      own.setAttribute('data-s', '');
      sheet.hydrate([own]);
      // Emotion makes a new tag when its count of rules is a multiple of 65,000: not at its next one.
      sheet.ctr = 1;
    }
    const tag = document.createElement('style');
    tag.setAttribute(GROUPED_RULES_ATTRIBUTE, cache.key);
    if (sheet.nonce) tag.setAttribute('nonce', sheet.nonce);
    sheet.container.insertBefore(tag, sheet.tags.at(-1)!.nextSibling);
    grouped = { target: tag.sheet!, ownRules: 0, ranks: [], blocks: new Map() };
    for (const path of prepared) {
      let block = grouped;
      for (const query of path) {
        const rule = parsed(`${query}{}`);
        const rank = rule && rankOfRule(rule);
        if (rank === undefined) break;
        block = blockOf(block, preludeOf(rule!), rank);
      }
    }
    return grouped;
  };

  const blockOf = (parent: Block, prelude: string, rank: number): Block => {
    const known = parent.blocks.get(prelude);
    if (known) return known;
    const index = parent.ownRules + placeOf(parent.ranks, rank);
    parent.target.insertRule(`${prelude}{}`, index);
    parent.ranks.splice(index - parent.ownRules, 0, rank);
    const block = {
      target: parent.target.cssRules[index] as CSSGroupingRule,
      ownRules: 0,
      ranks: [],
      blocks: new Map(),
    };
    parent.blocks.set(prelude, block);
    return block;
  };

  const place = (parent: Block, rule: CSSRule) => {
    const rank = rankOfRule(rule);
    if (rank !== undefined) {
      const block = blockOf(parent, preludeOf(rule), rank);
      for (const inner of Array.from((rule as CSSGroupingRule).cssRules)) place(block, inner);
    } else if (rule instanceof CSSStyleRule) {
      parent.target.insertRule(rule.cssText, parent.ownRules);
      parent.ownRules += 1;
    } else {
      // Another query inside a block: after its grouped blocks, as emotion would.
      parent.target.insertRule(rule.cssText, parent.target.cssRules.length);
    }
  };

  sheet.insert = (rule: string) => {
    const groupedBlocks = top();
    const open = rule.indexOf('{');
    if (open <= 0 || rankOf(rule.slice(0, open).trim()) === undefined) return insertAtTop(rule);
    try {
      const block = parsed(rule);
      if (!block || rankOfRule(block) === undefined) return insertAtTop(rule);
      place(groupedBlocks, block);
    } catch {
      insertAtTop(rule);
    }
  };
}
