import { daysBetween } from './booking-days';

/**
 * Client cancellation refund of the terms of sale (SPEC.md §9): more than 3 weeks before the first
 * day 80 %, between 3 weeks and 1 week 50 %, under 1 week nothing; a processing fee of 10 € may be
 * withheld from any refund (never more than the refund itself).
 */
export const REFUND_FEE_CENTS = 1000;

export interface RefundQuote {
  /** Whole days from the cancellation day to the first event day. */
  daysBefore: number;
  /** 80, 50 or 0. */
  rate: number;
  /** What was paid, in cents. */
  paidCents: number;
  /** paidCents × rate, before the fee. */
  grossCents: number;
  feeCents: number;
  /** What goes back to the customer. */
  refundCents: number;
}

export function refundRate(daysBefore: number): number {
  if (daysBefore > 21) return 80;
  if (daysBefore >= 7) return 50;
  return 0;
}

/**
 * `cancelDay` and `startDate` are ISO days (Europe/Paris). `withFee` is the team's choice ("may be
 * withheld"); the park cancelling for weather or force majeure refunds in full (`parkCancels`).
 */
export function quoteRefund(
  paidCents: number,
  cancelDay: string,
  startDate: string,
  options: { withFee?: boolean; parkCancels?: boolean } = {},
): RefundQuote {
  const daysBefore = daysBetween(cancelDay, startDate);
  if (options.parkCancels) {
    return { daysBefore, rate: 100, paidCents, grossCents: paidCents, feeCents: 0, refundCents: paidCents };
  }
  const rate = refundRate(daysBefore);
  const grossCents = Math.floor((paidCents * rate) / 100);
  const feeCents = options.withFee === false ? 0 : Math.min(REFUND_FEE_CENTS, grossCents);
  return { daysBefore, rate, paidCents, grossCents, feeCents, refundCents: grossCents - feeCents };
}
