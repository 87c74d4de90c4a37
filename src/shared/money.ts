/**
 * Money is stored in integer cents and travels in euros with two decimals (DESIGN.md §3).
 * These two functions are the only place where one becomes the other.
 */
export function centsToEuros(cents: number): number {
  return Math.round(cents) / 100;
}

export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

/** Whole euros in a French message: 1000 → '1 000 €' (thousands grouped by a space). */
export function wholeEurosLabel(euros: number): string {
  return `${String(Math.trunc(euros)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} €`;
}
