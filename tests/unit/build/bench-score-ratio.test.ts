import { describe, expect, it } from 'vitest';
import { meetsScoreRatio } from '../../bench/table';

describe('the bench’s public-page ratio (docs/decisions.md, "Performance")', () => {
  it('counts a score of exactly 1.10 times the reference as met', () => {
    expect(1.1 * 90).toBeGreaterThan(99);
    expect(meetsScoreRatio(99, 90)).toBe(true);
    expect(meetsScoreRatio(88, 80)).toBe(true);
  });

  it('counts a score under 1.10 times the reference as not met', () => {
    expect(meetsScoreRatio(98, 90)).toBe(false);
    expect(meetsScoreRatio(100, 91)).toBe(false);
    expect(meetsScoreRatio(87, 80)).toBe(false);
  });
});
