import { describe, expect, it } from 'vitest';
import { BOOKING_TYPES } from '../../../src/shared/booking-types';
import { BOOKING_STATUSES, BOOKING_STATUS_LABELS, bookingStatusLabel } from '../../../src/shared/labels';
import { centsToEuros, eurosToCents } from '../../../src/shared/money';

describe('money: cents stored, euros on the wire', () => {
  it.each([
    { cents: 1999, euros: 19.99 },
    { cents: 0, euros: 0 },
    { cents: 1, euros: 0.01 },
    { cents: 4550, euros: 45.5 },
    { cents: 123456, euros: 1234.56 },
  ])('converts $cents cents ↔ $euros €', ({ cents, euros }) => {
    expect(centsToEuros(cents)).toBe(euros);
    expect(eurosToCents(euros)).toBe(cents);
  });

  it.each([
    { euros: 0.1 + 0.2, cents: 30 }, // 0.30000000000000004
    { euros: 19.99, cents: 1999 }, // 19.99 * 100 = 1998.9999999999998
    { euros: 1.15, cents: 115 }, // 1.15 * 100 = 114.99999999999999
    { euros: 4.35, cents: 435 }, // 4.35 * 100 = 434.99999999999994
    { euros: 0.57, cents: 57 }, // 0.57 * 100 = 56.99999999999999
  ])('rounds the float $euros to $cents cents instead of truncating', ({ euros, cents }) => {
    expect(eurosToCents(euros)).toBe(cents);
  });

  it('rounds a fractional cent amount to whole cents', () => {
    expect(centsToEuros(1999.6)).toBe(20);
    expect(centsToEuros(1999.4)).toBe(19.99);
  });

  it('round-trips every amount from 0 to 1 000 € to the same cents', () => {
    const drifted: number[] = [];
    for (let cents = 0; cents <= 100_000; cents += 1) {
      if (eurosToCents(centsToEuros(cents)) !== cents) drifted.push(cents);
    }
    expect(drifted).toEqual([]);
  });

  it('adds euro amounts exactly when summed in cents', () => {
    const total = [0.1, 0.2, 19.99, 4.35].reduce((sum, euros) => sum + eurosToCents(euros), 0);
    expect(centsToEuros(total)).toBe(24.64);
  });
});

describe('booking status labels (SPEC.md §3, §4)', () => {
  it.each([
    { status: 'draft', expected: 'Brouillon' },
    { status: 'prebooked', expected: 'Pré-réservée' },
    { status: 'confirmed', expected: 'Confirmée' },
    { status: 'canceled', expected: 'Annulée' },
    { status: 'completed', expected: 'Terminée' },
  ] as const)('labels $status "$expected" for the organiser', ({ status, expected }) => {
    expect(bookingStatusLabel(status)).toBe(expected);
    expect(bookingStatusLabel(status, false)).toBe(expected);
  });

  it("shows a draft as 'En attente' to an invitee", () => {
    expect(bookingStatusLabel('draft', true)).toBe('En attente');
  });

  it('shows the other statuses to an invitee as to the organiser', () => {
    expect(bookingStatusLabel('confirmed', true)).toBe('Confirmée');
    expect(bookingStatusLabel('prebooked', true)).toBe('Pré-réservée');
  });

  it('has a non-empty label for every status', () => {
    expect(Object.keys(BOOKING_STATUS_LABELS).sort()).toEqual([...BOOKING_STATUSES].sort());
    for (const status of BOOKING_STATUSES) expect(bookingStatusLabel(status).trim()).not.toBe('');
  });
});

describe('BOOKING_TYPES (SPEC.md §2 wizard step 1)', () => {
  it('offers the five event types in order', () => {
    expect(BOOKING_TYPES.map((type) => type.value)).toEqual(['evg-evjf', 'anniv', 'group', 'company', 'act']);
  });

  it('gives every type a label and a description', () => {
    for (const type of BOOKING_TYPES) {
      expect(type.label.trim()).not.toBe('');
      expect(type.description.trim()).not.toBe('');
    }
  });
});
