import { daysBetween } from './booking-days';

/**
 * Client cancellation refund of the terms of sale (SPEC.md §9): more than 3 weeks before the first
 * day 80 %, between 3 weeks and 1 week 50 %, under 1 week nothing; a processing fee of 10 € may be
 * withheld from any refund (never more than the refund itself); the park cancelling for weather or
 * force majeure refunds in full or postpones for free.
 *
 * The terms are versioned: a booking keeps the copy in force when it was confirmed
 * (docs/decisions.md, "Payments", "Cancellation terms frozen at confirmation"), and its refunds read
 * that copy, so a later change of the terms never changes a booking already confirmed.
 */
export interface CancellationTerms {
  /** Names this wording of the terms; a change of any figure is a new version. */
  version: string;
  /** From the highest `minDaysBefore` down: the first whose `minDaysBefore` ≤ days before gives the rate; else 0 %. */
  tiers: Array<{ minDaysBefore: number; rate: number }>;
  /** The processing fee that may be withheld from any refund. */
  feeCents: number;
  /** The park cancelling (weather, force majeure): everything back, or a free postponement. */
  parkCancels: 'full_refund_or_postponement';
}

export const CURRENT_CANCELLATION_TERMS: CancellationTerms = Object.freeze({
  version: 'cgv-2026-01',
  tiers: [
    { minDaysBefore: 22, rate: 80 },
    { minDaysBefore: 7, rate: 50 },
  ],
  feeCents: 1000,
  parkCancels: 'full_refund_or_postponement',
});

export const REFUND_FEE_CENTS = CURRENT_CANCELLATION_TERMS.feeCents;

export interface RefundQuote {
  /** Whole days from the cancellation day to the first event day. */
  daysBefore: number;
  /** 80, 50 or 0 (100 when the park cancels). */
  rate: number;
  /** What was paid, in cents. */
  paidCents: number;
  /** paidCents × rate, before the fee. */
  grossCents: number;
  feeCents: number;
  /** What goes back to the customer. */
  refundCents: number;
}

export function refundRate(daysBefore: number, terms: CancellationTerms = CURRENT_CANCELLATION_TERMS): number {
  const tiers = [...terms.tiers].sort((a, b) => b.minDaysBefore - a.minDaysBefore);
  return tiers.find((tier) => daysBefore >= tier.minDaysBefore)?.rate ?? 0;
}

export interface RefundOptions {
  withFee?: boolean;
  parkCancels?: boolean;
  /** The booking's frozen copy; the current terms for a booking never confirmed. */
  terms?: CancellationTerms | null;
}

/**
 * `cancelDay` and `startDate` are ISO days (Europe/Paris). `withFee` is the team's choice ("may be
 * withheld"); the park cancelling for weather or force majeure refunds in full (`parkCancels`).
 */
export function quoteRefund(
  paidCents: number,
  cancelDay: string,
  startDate: string,
  options: RefundOptions = {},
): RefundQuote {
  const terms = options.terms ?? CURRENT_CANCELLATION_TERMS;
  const daysBefore = daysBetween(cancelDay, startDate);
  if (options.parkCancels) {
    return { daysBefore, rate: 100, paidCents, grossCents: paidCents, feeCents: 0, refundCents: paidCents };
  }
  const rate = refundRate(daysBefore, terms);
  const grossCents = Math.floor((paidCents * rate) / 100);
  const feeCents = options.withFee === false ? 0 : Math.min(terms.feeCents, grossCents);
  return { daysBefore, rate, paidCents, grossCents, feeCents, refundCents: grossCents - feeCents };
}
