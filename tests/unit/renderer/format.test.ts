import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDuration,
  formatEuros,
  formatLongDate,
  formatShortDate,
} from '@renderer/shared/format/format';

/** Intl separates thousands and the € sign with (narrow) no-break spaces; compare with plain ones. */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatEuros (CONVENTIONS.md 10)', () => {
  it.each([
    { amount: 25, expected: '25,00 €' },
    { amount: 0, expected: '0,00 €' },
    { amount: 19.99, expected: '19,99 €' },
    { amount: 12.5, expected: '12,50 €' },
    { amount: 1234.5, expected: '1 234,50 €' },
    { amount: 0.1 + 0.2, expected: '0,30 €' },
  ])('shows $amount as "$expected"', ({ amount, expected }) => {
    expect(plainSpaces(formatEuros(amount))).toBe(expected);
  });
});

describe('formatEuros thousands grouping', () => {
  it('groups thousands with a visible no-break space, never the narrow one, before the € too', () => {
    expect(formatEuros(1500)).toBe('1\u00a0500,00\u00a0€');
    expect(formatEuros(2880)).toBe('2\u00a0880,00\u00a0€');
    expect(formatEuros(1234567.8)).toBe('1\u00a0234\u00a0567,80\u00a0€');
    expect(formatEuros(999)).toBe('999,00\u00a0€');
    expect(formatEuros(-1500)).not.toMatch(/\u202f/);
  });
});

describe('formatLongDate', () => {
  it("writes every day of 2024 to 2031 as the platform's French calendar does", () => {
    const intl = new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    let checked = 0;
    for (let time = Date.UTC(2024, 0, 1, 12); time < Date.UTC(2032, 0, 1); time += 86_400_000) {
      const date = new Date(time);
      expect(formatLongDate(date.toISOString().slice(0, 10))).toBe(intl.format(date));
      checked += 1;
    }
    expect(checked).toBe(2922);
  });

  it.each([
    { day: '2026-12-05', expected: 'samedi 5 décembre 2026' },
    { day: '2026-01-01', expected: 'jeudi 1 janvier 2026' },
    { day: '2026-08-15', expected: 'samedi 15 août 2026' },
  ])('writes the event day $day as "$expected"', ({ day, expected }) => {
    expect(formatLongDate(day)).toBe(expected);
  });

  it('is empty for an unreadable date or a day that does not exist', () => {
    expect(formatLongDate('pas une date')).toBe('');
    expect(formatLongDate('2027-02-30')).toBe('');
    expect(formatLongDate(new Date(Number.NaN))).toBe('');
  });

  it('writes a Date by its calendar day on this device, whatever the hour', () => {
    expect(formatLongDate(new Date(2026, 11, 5, 23, 59))).toBe('samedi 5 décembre 2026');
    expect(formatLongDate(new Date(2026, 11, 5, 0, 1))).toBe('samedi 5 décembre 2026');
  });
});

describe('formatDateTime and formatShortDate (Paris time)', () => {
  it.each([
    { instant: '2026-07-01T10:00:00Z', expected: '01/07/2026 à 12:00' }, // summer time, UTC+2
    { instant: '2026-01-15T10:00:00Z', expected: '15/01/2026 à 11:00' }, // winter time, UTC+1
    { instant: '2026-11-22T23:30:00Z', expected: '23/11/2026 à 00:30' }, // already the next day in Paris
  ])('shows the instant $instant as "$expected"', ({ instant, expected }) => {
    expect(formatDateTime(instant)).toBe(expected);
    expect(formatDateTime(new Date(instant))).toBe(expected);
  });

  it('gives the Paris calendar day for a short date', () => {
    expect(formatShortDate('2026-11-22T23:30:00Z')).toBe('23/11/2026');
  });

  it('is empty for an unreadable instant', () => {
    expect(formatDateTime('n/a')).toBe('');
    expect(formatShortDate(new Date(Number.NaN))).toBe('');
  });
});

describe('formatDuration', () => {
  it.each([
    { minutes: 45, expected: '45 min' },
    { minutes: 59, expected: '59 min' },
    { minutes: 60, expected: '1 h' },
    { minutes: 65, expected: '1 h 05' },
    { minutes: 90, expected: '1 h 30' },
    { minutes: 120, expected: '2 h' },
    { minutes: 150, expected: '2 h 30' },
  ])('writes $minutes minutes as "$expected"', ({ minutes, expected }) => {
    expect(formatDuration(minutes)).toBe(expected);
  });
});

describe('formatEuros written by hand (performance rule 15)', () => {
  const intl = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
  const intlWithVisibleSpaces = (amount: number) => intl.format(amount).replace(/\s/g, '\u00a0');

  it('writes what Intl writes for French euros, with every space a full no-break space', () => {
    const amounts = [0, -0, 0.005, 0.015, 0.125, 1.005, 9.99, 10, 99.995, 100, 999.999, 1000, 1234.5, 12345.67];
    amounts.push(123456.785, 1234567.8, 98765432.1, -0.125, -1, -1500, -1234567.891);
    for (let seed = 1; seed <= 500; seed += 1) amounts.push(((seed * 7919) % 100003) / 7 - 3000);
    for (const amount of amounts) expect(formatEuros(amount), String(amount)).toBe(intlWithVisibleSpaces(amount));
  });
});
