import type { PricingType } from './labels';
import { centsToEuros, eurosToCents } from './money';

export interface PricedLine {
  pricing: { basePrice: number; pricingType: PricingType | string };
  /** Participants the line is priced for (the event's count unless set per activity). */
  participants: number;
}

/**
 * SPEC.md §9: per_person is basePrice × participants, any other pricing is basePrice flat.
 * Computed in cents so that 0.1 + 0.2 never shows up on a quote.
 */
export function lineTotal(line: PricedLine): number {
  const base = eurosToCents(line.pricing.basePrice);
  const cents = line.pricing.pricingType === 'per_person' ? base * Math.max(0, line.participants) : base;
  return centsToEuros(cents);
}

/** The estimated total of a request: the sum of its lines, in euros. */
export function estimateTotal(lines: readonly PricedLine[]): number {
  return centsToEuros(lines.reduce((sum, line) => sum + eurosToCents(lineTotal(line)), 0));
}
