import { describe, expect, it } from 'vitest';
import { placeOf, rankOf } from '@renderer/app/grouped-rules';

describe('the blocks emotion’s rules are grouped in (docs/decisions.md, performance rule 28)', () => {
  it('groups layers first, then the min-width queries by width, and leaves any other query alone', () => {
    expect(rankOf('@layer recipes')).toBe(Number.NEGATIVE_INFINITY);
    expect(rankOf('@media screen and (min-width:48rem)')).toBe(768);
    expect(rankOf('@media screen and (min-width: 30rem)')).toBe(480);
    expect(rankOf('@media screen and (min-width:1280px)')).toBe(1280);
    expect(rankOf('@media screen and (min-width:2.5em)')).toBe(40);
    // A layer statement, hover, a max-width or a range keep emotion's own order at the top level.
    expect(rankOf('@layer reset, base, tokens, recipes')).toBeUndefined();
    expect(rankOf('@media (hover: hover)')).toBeUndefined();
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
});
