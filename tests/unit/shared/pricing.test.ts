import { describe, expect, it } from 'vitest';
import { centsToEuros, eurosToCents } from '../../../src/shared/money';
import { estimateTotal, lineTotal } from '../../../src/shared/pricing';

// SPEC.md §9: per_person pricing is basePrice times participants; otherwise basePrice flat; the
// total is the sum of all lines; euros (stored in cents, DESIGN.md §3).
describe('line price', () => {
  it.each([
    [25, 'per_person', 10, 250],
    [25, 'per_person', 1, 25],
    [25, 'per_person', 0, 0],
    [25, 'per_person', -2, 0], // never negative
    [19.99, 'per_person', 3, 59.97],
    [0.1, 'per_person', 3, 0.3], // no 0.30000000000000004
    [12.5, 'per_person', 500, 6250],
    [150, 'flat', 10, 150],
    [150, 'flat', 0, 150],
    [150, 'per_group', 40, 150], // any pricing other than per_person is flat
    [0, 'per_person', 20, 0],
    [0, 'flat', 20, 0],
  ])('%f € %s for %i participants: %f €', (basePrice, pricingType, participants, total) => {
    expect(lineTotal({ pricing: { basePrice, pricingType }, participants })).toBe(total);
  });
});

describe('estimated total', () => {
  const line = (basePrice: number, pricingType: string, participants: number) => ({
    pricing: { basePrice, pricingType },
    participants,
  });

  it.each([
    ['no line', [], 0],
    ['one flat line', [line(150, 'flat', 10)], 150],
    ['per person and flat', [line(25, 'per_person', 10), line(150, 'flat', 10)], 400],
    ['cents that float badly', [line(0.1, 'flat', 1), line(0.2, 'flat', 1)], 0.3],
    [
      'three lines of 19.99 € × 3',
      [line(19.99, 'per_person', 3), line(19.99, 'per_person', 3), line(19.99, 'per_person', 3)],
      179.91,
    ],
    ['a zero-priced line', [line(0, 'per_person', 30), line(42.5, 'flat', 30)], 42.5],
  ])('%s: %f €', (_name, lines, total) => {
    expect(estimateTotal(lines)).toBe(total);
  });
});

describe('euros and cents', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [99, 0.99],
    [100, 1],
    [12_345, 123.45],
    [123_456_789, 1_234_567.89],
    [10.5, 0.11], // a fractional cent rounds to the nearest cent
  ])('%i cents are %f €', (cents, euros) => {
    expect(centsToEuros(cents)).toBe(euros);
  });

  it.each([
    [0, 0],
    [0.01, 1],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [1.005, 100], // 1.005 is 1.00499… in binary: the nearest cent is 100
    [1_234_567.89, 123_456_789],
  ])('%f € are %i cents', (euros, cents) => {
    expect(eurosToCents(euros)).toBe(cents);
  });
});
