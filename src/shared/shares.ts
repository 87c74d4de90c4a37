/**
 * The collective split (DESIGN.md §4; docs/decisions.md, "Group shares"): one pure function gives
 * every payer's share in cents.
 *
 * - A guest of honour pays nothing: they are not a payer, and the others' shares grow to cover them.
 * - An optional line is paid only by the payers who take it: its amount is shared among them (the
 *   guests of honour's part of it included); a payer who opts out does not pay it. A line nobody
 *   takes is shared by everyone, as the rest of the total.
 * - An optional line priced per person (`perPersonCents`) costs that price once per payer who takes
 *   it: each taker pays exactly that price for it, and every opt-out lowers the total by it (the
 *   shares then sum to `totalCents` less the opt-outs). The rest of the total is shared by all.
 * - Each payer's exact share is a fraction; everyone gets its whole cents, and the cents left are
 *   given one each to the largest fractional parts, the organizer first on a tie, then in the
 *   order given (largest remainders). So Σ shares = total to the cent, and two payers with the
 *   same lines differ by at most 1 cent.
 */

export interface SharePerson {
  id: string;
  isOrganizer: boolean;
  guestOfHonour?: boolean;
  /** The optional lines this person does not take. */
  optedOut?: readonly string[];
}

export interface OptionalLine {
  id: string;
  /** The line's amount inside the total, in cents (ignored when `perPersonCents` is given). */
  amountCents: number;
  /**
   * The line's price per person, in cents: `totalCents` counts it for every payer, and each payer
   * who opts out takes it off the total (docs/decisions.md, "Group shares").
   */
  perPersonCents?: number;
}

export interface ShareInput {
  totalCents: number;
  people: readonly SharePerson[];
  optionalLines?: readonly OptionalLine[];
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
const lcm = (a: bigint, b: bigint): bigint => (a / gcd(a, b)) * b;

/** Every payer's share in cents, keyed by id; guests of honour are absent. Empty when nobody pays. */
export function computeShares(input: ShareInput): Map<string, number> {
  const shares = new Map<string, number>();
  if (!Number.isSafeInteger(input.totalCents) || input.totalCents < 0) {
    throw new RangeError('totalCents must be a whole number of cents, 0 or more');
  }
  const payers = input.people.filter((person) => !person.guestOfHonour);
  if (payers.length === 0) return shares;

  // Each optional line with its takers among the payers; a line nobody takes joins the common part.
  // A per-person line costs its price per taker, and each payer opting out takes it off the total.
  let totalCents = BigInt(input.totalCents);
  const lines = (input.optionalLines ?? [])
    .map((line) => {
      const takers = payers.filter((person) => !person.optedOut?.includes(line.id)).map((person) => person.id);
      if (line.perPersonCents === undefined) return { amount: BigInt(line.amountCents), takers };
      if (!Number.isSafeInteger(line.perPersonCents) || line.perPersonCents < 0) {
        throw new RangeError('perPersonCents must be a whole number of cents, 0 or more');
      }
      totalCents -= BigInt(line.perPersonCents) * BigInt(payers.length - takers.length);
      return { amount: BigInt(line.perPersonCents) * BigInt(takers.length), takers };
    })
    .filter((line) => line.takers.length > 0 && line.amount > 0n);
  const linesCents = lines.reduce((sum, line) => sum + line.amount, 0n);
  const common = totalCents - linesCents;
  if (common < 0n) throw new RangeError('the optional lines exceed the total');

  // Exact shares as numerators over one common denominator.
  const denominator = lines.reduce((d, line) => lcm(d, BigInt(line.takers.length)), BigInt(payers.length));
  const numerators = payers.map((person) => {
    let numerator = common * (denominator / BigInt(payers.length));
    for (const line of lines) {
      if (line.takers.includes(person.id)) numerator += line.amount * (denominator / BigInt(line.takers.length));
    }
    return numerator;
  });

  const floors = numerators.map((numerator) => numerator / denominator);
  let left = totalCents - floors.reduce((sum, cents) => sum + cents, 0n);
  const order = payers
    .map((person, index) => ({ index, remainder: numerators[index]! % denominator, first: person.isOrganizer }))
    .sort((a, b) => {
      if (a.remainder !== b.remainder) return a.remainder > b.remainder ? -1 : 1;
      if (a.first !== b.first) return a.first ? -1 : 1;
      return a.index - b.index;
    });
  const extra = new Set<number>();
  for (const entry of order) {
    if (left === 0n) break;
    extra.add(entry.index);
    left -= 1n;
  }
  payers.forEach((person, index) => shares.set(person.id, Number(floors[index]!) + (extra.has(index) ? 1 : 0)));
  return shares;
}
