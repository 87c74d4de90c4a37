const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/**
 * Amounts are euros with two decimals (DESIGN.md §3); shown the French way: 1 234,50 €. Intl
 * separates thousands with a narrow no-break space, almost invisible in the app's font ('1500,00 €'
 * beside '2 880,00 €', issue 11): every space becomes a full-width no-break space, so grouping is
 * visible, the same everywhere, and never wraps.
 */
export function formatEuros(amount: number): string {
  return euros
    .formatToParts(amount)
    .map((part) =>
      part.type === 'group' || part.type === 'literal' ? part.value.replace(/\s/g, '\u00a0') : part.value,
    )
    .join('');
}

/** Minutes as French duration: 90 → '1 h 30', 120 → '2 h', 45 → '45 min'. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, '0')}`;
}
