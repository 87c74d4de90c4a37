import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeShares, type SharePerson } from '../../../src/shared/shares';

const sum = (shares: Map<string, number>) => [...shares.values()].reduce((a, b) => a + b, 0);

const people = (count: number, guests: readonly number[] = []): SharePerson[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `p${index}`,
    isOrganizer: index === 0,
    guestOfHonour: guests.includes(index),
  }));

/** A group: 1 to 100 people, the first one the organizer, some guests of honour, some opt-outs. */
const group = fc
  .record({
    totalCents: fc.integer({ min: 0, max: 5_000_000 }),
    count: fc.integer({ min: 1, max: 100 }),
    guestSeed: fc.array(fc.boolean(), { maxLength: 100 }),
    lineCount: fc.integer({ min: 0, max: 3 }),
    lineSeed: fc.array(fc.nat(), { maxLength: 3 }),
    optSeed: fc.array(fc.nat({ max: 7 }), { maxLength: 100 }),
  })
  .map(({ totalCents, count, guestSeed, lineCount, lineSeed, optSeed }) => {
    const lineIds = Array.from({ length: lineCount }, (_, index) => `l${index}`);
    let budget = totalCents;
    const optionalLines = lineIds.map((id, index) => {
      const amountCents = budget === 0 ? 0 : (lineSeed[index] ?? 0) % (budget + 1);
      budget -= amountCents;
      return { id, amountCents };
    });
    const persons: SharePerson[] = Array.from({ length: count }, (_, index) => ({
      id: `p${index}`,
      isOrganizer: index === 0,
      guestOfHonour: index > 0 && (guestSeed[index] ?? false),
      // bit k of the seed: opted out of line k
      optedOut: lineIds.filter((_, line) => ((optSeed[index] ?? 0) >> line) & 1),
    }));
    return { totalCents, people: persons, optionalLines };
  });

describe('computeShares (docs/decisions.md, "Group shares")', () => {
  it('7 payers and 100 € → four shares of 14,29 € and three of 14,28 €, the organizer’s among the larger', () => {
    const shares = computeShares({ totalCents: 10_000, people: people(7) });
    expect(sum(shares)).toBe(10_000);
    expect([...shares.values()]).toEqual([1429, 1429, 1429, 1429, 1428, 1428, 1428]);
    expect(shares.get('p0')).toBe(1429);
  });

  it('a guest of honour has no share and the others cover it, the organizer taking the odd cent', () => {
    const shares = computeShares({ totalCents: 10_000, people: people(7, [3]) });
    expect(shares.has('p3')).toBe(false);
    expect([...shares.values()]).toEqual([1667, 1667, 1667, 1667, 1666, 1666]);
    expect(sum(shares)).toBe(10_000);
  });

  it('a participant who opts out of an optional line does not pay it', () => {
    // 60 € of common part for 3, a 30 € optional line taken by two of them.
    const shares = computeShares({
      totalCents: 9_000,
      people: [
        { id: 'o', isOrganizer: true },
        { id: 'a', isOrganizer: false, optedOut: ['kayak'] },
        { id: 'b', isOrganizer: false },
      ],
      optionalLines: [{ id: 'kayak', amountCents: 3_000 }],
    });
    expect(Object.fromEntries(shares)).toEqual({ o: 3_500, a: 2_000, b: 3_500 });
  });

  it('nobody pays when everyone is a guest of honour; the optional lines may not exceed the total', () => {
    expect(computeShares({ totalCents: 1_000, people: people(2, [0, 1]) }).size).toBe(0);
    expect(() =>
      computeShares({ totalCents: 100, people: people(2), optionalLines: [{ id: 'x', amountCents: 101 }] }),
    ).toThrow(RangeError);
  });

  it('7 payers, 100 €, random guests of honour: Σ = total and the shares differ by at most 1 cent', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }), (guests) => {
        const shares = computeShares({ totalCents: 10_000, people: people(7, guests) });
        const values = [...shares.values()];
        expect(sum(shares)).toBe(10_000);
        expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
        expect(shares.get('p0')).toBe(Math.max(...values));
        for (const guest of guests) expect(shares.has(`p${guest}`)).toBe(false);
      }),
    );
  });

  it('any headcount, guests of honour and opt-outs: Σ = total, equal payers within 1 cent, no negative share', () => {
    fc.assert(
      fc.property(group, (input) => {
        const shares = computeShares(input);
        const payers = input.people.filter((person) => !person.guestOfHonour);
        expect(shares.size).toBe(payers.length);
        expect(sum(shares)).toBe(input.totalCents);
        for (const value of shares.values()) expect(value).toBeGreaterThanOrEqual(0);
        // Payers who take the same optional lines pay the same, to the cent.
        const byLines = new Map<string, number[]>();
        for (const person of payers) {
          const key = [...(person.optedOut ?? [])].sort().join(',');
          byLines.set(key, [...(byLines.get(key) ?? []), shares.get(person.id)!]);
        }
        for (const values of byLines.values()) {
          expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a headcount change keeps Σ = total: adding or removing payers moves every share, never the sum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 100 }), (total, count) => {
        const shares = computeShares({ totalCents: total, people: people(count) });
        const values = [...shares.values()];
        expect(sum(shares)).toBe(total);
        expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
      }),
    );
  });
  it('a per-person optional line: an opt-out lowers that payer’s share by exactly the line’s price', () => {
    const persons = people(4);
    const line = { id: 'kayak', amountCents: 0, perPersonCents: 1_250 };
    const before = computeShares({ totalCents: 40_000, people: persons, optionalLines: [line] });
    expect([...before.values()]).toEqual([10_000, 10_000, 10_000, 10_000]);
    const after = computeShares({
      totalCents: 40_000,
      people: persons.map((person) => (person.id === 'p2' ? { ...person, optedOut: ['kayak'] } : person)),
      optionalLines: [line],
    });
    expect([...after.values()]).toEqual([10_000, 10_000, 8_750, 10_000]);
    expect(sum(after)).toBe(40_000 - 1_250);
  });

  it('per-person opt-outs: Σ = total less the opt-outs, equal takers within 1 cent, others’ shares unmoved', () => {
    fc.assert(
      fc.property(
        fc.record({
          count: fc.integer({ min: 1, max: 60 }),
          prices: fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 3 }),
          common: fc.integer({ min: 0, max: 2_000_000 }),
          guestSeed: fc.array(fc.boolean(), { maxLength: 60 }),
          optSeed: fc.array(fc.nat({ max: 7 }), { maxLength: 60 }),
        }),
        ({ count, prices, common, guestSeed, optSeed }) => {
          const lines = prices.map((perPersonCents, index) => ({ id: `l${index}`, amountCents: 0, perPersonCents }));
          const base = people(count).map((person, index) => ({
            ...person,
            guestOfHonour: index > 0 && (guestSeed[index] ?? false),
          }));
          const payers = base.filter((person) => !person.guestOfHonour).length;
          const totalCents = common + payers * prices.reduce((a, b) => a + b, 0);
          const withOptOuts = base.map((person, index) => ({
            ...person,
            optedOut: person.guestOfHonour
              ? []
              : lines.filter((_, k) => ((optSeed[index] ?? 0) >> k) & 1).map((l) => l.id),
          }));
          const shares = computeShares({ totalCents, people: withOptOuts, optionalLines: lines });
          const optedOutCents = withOptOuts.reduce(
            (total, person) =>
              total + person.optedOut.reduce((s, id) => s + lines.find((l) => l.id === id)!.perPersonCents, 0),
            0,
          );
          expect(sum(shares)).toBe(totalCents - optedOutCents);
          // Same lines taken → within 1 cent.
          const byLines = new Map<string, number[]>();
          for (const person of withOptOuts.filter((p) => !p.guestOfHonour)) {
            const key = person.optedOut.join(',');
            byLines.set(key, [...(byLines.get(key) ?? []), shares.get(person.id)!]);
          }
          for (const group of byLines.values()) expect(Math.max(...group) - Math.min(...group)).toBeLessThanOrEqual(1);
          // Without opt-outs, each share is within 1 cent of what an opt-out payer pays plus the prices.
          const none = computeShares({ totalCents, people: base, optionalLines: lines });
          for (const person of withOptOuts.filter((p) => !p.guestOfHonour)) {
            const dropped = person.optedOut.reduce((s, id) => s + lines.find((l) => l.id === id)!.perPersonCents, 0);
            expect(Math.abs(none.get(person.id)! - dropped - shares.get(person.id)!)).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });

  it('dropping the unpaid (D-2): the payers left cover the total; a share never shrinks by more than 1 cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.array(fc.boolean(), { maxLength: 100 }),
        (total, count, paidSeed) => {
          const group = people(count);
          const before = computeShares({ totalCents: total, people: group });
          // The organizer (p0) always stays; the others stay only if they paid.
          const kept = group.filter((person, index) => index === 0 || (paidSeed[index] ?? false));
          const after = computeShares({ totalCents: total, people: kept });
          expect(sum(after)).toBe(total);
          const paid = kept.slice(1).reduce((total, person) => total + before.get(person.id)!, 0);
          const owed = kept.reduce(
            (total, person) => total + after.get(person.id)! - (person.isOrganizer ? 0 : before.get(person.id)!),
            0,
          );
          for (const person of kept) expect(after.get(person.id)!).toBeGreaterThanOrEqual(before.get(person.id)! - 1);
          expect(paid + owed).toBe(total);
        },
      ),
    );
  });
});
