import { describe, expect, it } from 'vitest';
import { parisDayStart } from '../../../src/shared/paris-day-start';

describe('parisDayStart', () => {
  it.each([
    ['2026-01-15', '2026-01-14T23:00:00.000Z'], // winter, UTC+1
    ['2026-07-14', '2026-07-13T22:00:00.000Z'], // summer, UTC+2
    ['2026-03-29', '2026-03-28T23:00:00.000Z'], // the spring change happens at 02:00, after midnight
    ['2026-10-25', '2026-10-24T22:00:00.000Z'], // the autumn change, at 03:00
    ['2028-02-29', '2028-02-28T23:00:00.000Z'], // a leap day
  ])('%s begins at %s', (day, instant) => {
    expect(parisDayStart(day).toISOString()).toBe(instant);
  });
});
