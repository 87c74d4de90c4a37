/**
 * Amounts are euros with two decimals (DESIGN.md §3); shown the French way: 1 234,50 €. Intl
 * separates thousands with a narrow no-break space, almost invisible in the app's font ('1500,00 €'
 * beside '2 880,00 €'): every space is a full-width no-break space here, so grouping is
 * visible, the same everywhere, and never wraps. Written by hand, not by Intl.NumberFormat: its
 * first use loads the locale's data, about 70 ms of the home page's hydration on a phone
 * (docs/decisions.md, performance rule 15); tests/unit/renderer/format.test.ts checks the
 * output against Intl's, spaces aside.
 */
export function formatEuros(amount: number): string {
  if (!Number.isFinite(amount)) return `${amount}\u00a0€`;
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  const cents = roundedCents(Math.abs(amount)).padStart(3, '0');
  const grouped = cents.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${sign}${grouped},${cents.slice(-2)}\u00a0€`;
}

/**
 * A positive amount in whole cents, rounded half away from zero on its shortest decimal writing,
 * as Intl does (0.015 → 2 cents, where `toFixed` reads the binary value 0.01499… and gives 1).
 */
function roundedCents(amount: number): string {
  const written = String(amount);
  if (written.includes('e')) return amount.toFixed(2).replace('.', '');
  const [units = '0', decimals = ''] = written.split('.');
  const cents = BigInt(units + decimals.padEnd(2, '0').slice(0, 2));
  return String(decimals.charAt(2) >= '5' ? cents + 1n : cents);
}

/** Minutes as French duration: 90 → '1 h 30', 120 → '2 h', 45 → '45 min'. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, '0')}`;
}
