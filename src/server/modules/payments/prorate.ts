/**
 * `totalCents` shared between `parts` in proportion to each (largest remainders get the odd cents):
 * the shares add up to the total and none exceeds its part when the total does not exceed their sum.
 */
export function prorate(totalCents: number, parts: number[]): number[] {
  const sum = parts.reduce((acc, part) => acc + part, 0);
  if (sum <= 0 || totalCents <= 0) return parts.map(() => 0);
  const shares = parts.map((part) => Math.floor((totalCents * part) / sum));
  let left = totalCents - shares.reduce((acc, share) => acc + share, 0);
  const byRemainder = parts
    .map((part, index) => ({ index, remainder: (totalCents * part) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    if (shares[index]! < parts[index]!) {
      shares[index]! += 1;
      left -= 1;
    }
  }
  return shares;
}
