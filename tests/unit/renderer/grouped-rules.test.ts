import { describe, expect, it } from 'vitest';
import { placeOf, preparedBlocks, rankOf } from '@renderer/app/grouped-rules';

describe('the blocks emotion’s rules are grouped in (docs/decisions.md, performance rule 28)', () => {
  it('groups layers first, then the min-width queries by width, then hover, and leaves any other query alone', () => {
    expect(rankOf('@layer recipes')).toBe(Number.NEGATIVE_INFINITY);
    expect(rankOf('@media screen and (min-width:48rem)')).toBe(768);
    expect(rankOf('@media screen and (min-width: 30rem)')).toBe(480);
    expect(rankOf('@media screen and (min-width:1280px)')).toBe(1280);
    expect(rankOf('@media screen and (min-width:2.5em)')).toBe(40);
    // Chakra writes a query without a length after the widths.
    expect(rankOf('@media (hover:hover)')).toBe(Number.MAX_VALUE);
    expect(rankOf('@media (hover: hover)')).toBe(Number.MAX_VALUE);
    // A layer statement, a max-width or a range keep emotion's own order.
    expect(rankOf('@layer reset, base, tokens, recipes')).toBeUndefined();
    expect(rankOf('@media (hover: none)')).toBeUndefined();
    expect(rankOf('@media screen and (max-width:47.9975rem)')).toBeUndefined();
    expect(rankOf('@media screen and (min-width:48rem) and (max-width:63.9975rem)')).toBeUndefined();
    expect(rankOf('.css-abc')).toBeUndefined();
    expect(rankOf('@supports (display:grid)')).toBeUndefined();
  });

  it('puts a new block after the narrower and equal ones, before the wider ones', () => {
    const layer = Number.NEGATIVE_INFINITY;
    expect(placeOf([], 768)).toBe(0);
    expect(placeOf([layer, 480, 1024], 768)).toBe(2);
    expect(placeOf([layer, 480, 768], 768)).toBe(3);
    expect(placeOf([480, 768], layer)).toBe(0);
    expect(placeOf([layer, 480], layer)).toBe(1);
  });

  it('makes the recipes’ layer, each breakpoint’s width and hover, at the top level and in the layer', () => {
    const conditions = {
      sm: '@media screen and (min-width: 30rem)',
      smOnly: '@media screen and (min-width: 30rem) and (max-width: 47.9975rem)',
      smDown: '@media screen and (max-width: 29.9975rem)',
      md: '@media screen and (min-width: 48rem)',
      base: '@media screen and (min-width: 30rem)',
    };
    expect(preparedBlocks(conditions)).toEqual([
      ['@layer recipes'],
      ['@layer recipes', '@media screen and (min-width: 30rem)'],
      ['@layer recipes', '@media screen and (min-width: 48rem)'],
      ['@layer recipes', '@media (hover: hover)'],
      ['@media screen and (min-width: 30rem)'],
      ['@media screen and (min-width: 48rem)'],
      ['@media (hover: hover)'],
    ]);
  });
});
