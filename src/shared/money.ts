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
