import { describe, expect, it } from 'vitest';
import {
  CURRENT_CANCELLATION_TERMS,
  quoteRefund,
  REFUND_FEE_CENTS,
  refundRate,
  type CancellationTerms,
} from '../../../src/shared/refund-policy';

// SPEC.md §9, terms: more than 3 weeks before the date 80 %; between 3 weeks and 1 week 50 %;
// under 1 week none; a processing fee of 10 euros may be withheld from any refund; the park
// cancelling (weather, force majeure) refunds in full.
describe('refund rate by whole days before the first event day', () => {
  it.each([
    [365, 80],
    [22, 80],
    [21, 50], // exactly 3 weeks is "between 3 weeks and 1 week"
    [14, 50],
    [7, 50], // exactly 1 week too
    [6, 0],
    [1, 0],
    [0, 0],
    [-3, 0], // after the date
  ])('%i days before: %i %%', (daysBefore, rate) => {
    expect(refundRate(daysBefore)).toBe(rate);
  });
});

describe('refund quote from the cancellation day and the start date (Europe/Paris days)', () => {
  it('withholds a fee of 10 euros', () => {
    expect(REFUND_FEE_CENTS).toBe(1000);
  });

  it.each([
    // paid, cancel day, start date, days, rate, gross, fee, refund
    [100_000, '2026-06-01', '2026-06-23', 22, 80, 80_000, 1000, 79_000],
    [100_000, '2026-06-02', '2026-06-23', 21, 50, 50_000, 1000, 49_000],
    [100_000, '2026-06-16', '2026-06-23', 7, 50, 50_000, 1000, 49_000],
    [100_000, '2026-06-17', '2026-06-23', 6, 0, 0, 0, 0],
    [100_000, '2026-06-23', '2026-06-23', 0, 0, 0, 0, 0],
    // across the spring daylight-saving change (Paris, 29 March 2026): still calendar days
    [100_000, '2026-03-07', '2026-03-29', 22, 80, 80_000, 1000, 79_000],
    [100_000, '2026-03-08', '2026-03-29', 21, 50, 50_000, 1000, 49_000],
    // across the autumn change (25 October 2026) and a year end
    [100_000, '2026-10-18', '2026-10-25', 7, 50, 50_000, 1000, 49_000],
    [100_000, '2026-12-10', '2027-01-01', 22, 80, 80_000, 1000, 79_000],
    // rounding to the cent: 80 % of 12,345 cents is 9,876 cents (the half cent goes down)
    [12_345, '2026-06-01', '2026-06-23', 22, 80, 9876, 1000, 8876],
    [999, '2026-06-02', '2026-06-23', 21, 50, 499, 499, 0], // the fee never exceeds the refund
    [2000, '2026-06-02', '2026-06-23', 21, 50, 1000, 1000, 0],
    [0, '2026-06-01', '2026-06-23', 22, 80, 0, 0, 0],
  ])(
    '%i cents paid, cancelled %s for %s: %i days, %i %%, gross %i, fee %i, refund %i',
    (paidCents, cancelDay, startDate, daysBefore, rate, grossCents, feeCents, refundCents) => {
      expect(quoteRefund(paidCents, cancelDay, startDate)).toEqual({
        daysBefore,
        rate,
        paidCents,
        grossCents,
        feeCents,
        refundCents,
      });
    },
  );

  it.each([
    [100_000, '2026-06-01', '2026-06-23', 80_000],
    [12_345, '2026-06-02', '2026-06-23', 6172],
    [100_000, '2026-06-17', '2026-06-23', 0],
  ])('the team may waive the fee: %i cents paid, cancelled %s for %s, refund %i', (paid, cancel, start, refund) => {
    const quote = quoteRefund(paid, cancel, start, { withFee: false });
    expect(quote.feeCents).toBe(0);
    expect(quote.refundCents).toBe(refund);
  });

  it.each([
    [100_000, '2026-06-22', '2026-06-23'],
    [100_000, '2026-06-23', '2026-06-23'],
    [12_345, '2026-05-01', '2026-06-23'],
    [0, '2026-06-01', '2026-06-23'],
  ])('the park cancelling refunds all of %i cents, no fee (cancelled %s for %s)', (paid, cancel, start) => {
    const quote = quoteRefund(paid, cancel, start, { parkCancels: true });
    expect(quote).toMatchObject({ rate: 100, grossCents: paid, feeCents: 0, refundCents: paid });
  });
});

describe('a booking’s frozen terms (docs/decisions.md, "Payments")', () => {
  const older: CancellationTerms = {
    version: 'cgv-2025-01',
    tiers: [
      { minDaysBefore: 60, rate: 90 },
      { minDaysBefore: 10, rate: 40 },
    ],
    feeCents: 500,
    parkCancels: 'full_refund_or_postponement',
  };

  it('the current terms are SPEC.md §9’s', () => {
    expect(CURRENT_CANCELLATION_TERMS).toEqual({
      version: 'cgv-2026-01',
      tiers: [
        { minDaysBefore: 22, rate: 80 },
        { minDaysBefore: 7, rate: 50 },
      ],
      feeCents: 1000,
      parkCancels: 'full_refund_or_postponement',
    });
  });

  it.each([
    [60, 90],
    [59, 40],
    [10, 40],
    [9, 0],
  ])('%i days before under the older copy: %i %%', (daysBefore, rate) => {
    expect(refundRate(daysBefore, older)).toBe(rate);
  });

  it('quotes with the copy’s rates and fee, and the current terms when the booking has none', () => {
    expect(quoteRefund(10_000, '2026-06-01', '2026-06-30', { terms: older })).toMatchObject({
      rate: 40,
      feeCents: 500,
      refundCents: 3500,
    });
    expect(quoteRefund(10_000, '2026-06-01', '2026-06-30', { terms: null })).toMatchObject({
      rate: 80,
      feeCents: 1000,
      refundCents: 7000,
    });
  });
});
