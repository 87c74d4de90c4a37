import { describe, expect, it } from 'vitest';
import {
  addIsoDays,
  daysBetween,
  eventDays,
  nextDay,
  shiftDay,
  todayInParis,
  tomorrowInParis,
} from '../../../src/shared/booking-days';

describe('day arithmetic on ISO days', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addIsoDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addIsoDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addIsoDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addIsoDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addIsoDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addIsoDays('2026-06-15', 0)).toBe('2026-06-15');
  });

  it('is not moved by the daylight-saving changes (Paris: 29 March and 25 October 2026)', () => {
    expect(addIsoDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addIsoDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addIsoDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
  });

  it('counts calendar days, negative when the second day comes first', () => {
    expect(daysBetween('2026-06-01', '2026-06-03')).toBe(2);
    expect(daysBetween('2026-06-03', '2026-06-01')).toBe(-2);
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2026-06-01', '2026-06-01')).toBe(0);
  });

  it('refuses a text that is no date instead of inventing one', () => {
    expect(() => addIsoDays('pas une date', 1)).toThrow(RangeError);
    expect(daysBetween('2026-06-01', 'demain')).toBeNaN();
  });

  it('lists every day of an event up to its last scheduled item or its day count', () => {
    expect(eventDays('2026-06-12', ['2026-06-12', '2026-06-14'])).toEqual(['2026-06-12', '2026-06-13', '2026-06-14']);
    expect(eventDays('2026-06-12', [], 2)).toEqual(['2026-06-12', '2026-06-13']);
    expect(eventDays('2026-06-12', [])).toEqual(['2026-06-12']);
  });

  it('adds a day after the existing ones and moves an item with its event', () => {
    expect(nextDay('2026-06-12', 2)).toBe('2026-06-14');
    expect(shiftDay('2026-06-13', '2026-06-12', '2026-07-01')).toBe('2026-07-02');
    expect(shiftDay('2026-06-13', '2026-06-12', '2026-06-10')).toBe('2026-06-11');
  });

  it("knows today and tomorrow in Paris whatever the machine's time zone", () => {
    // 23:30 UTC on 30 June is already 1 July in Paris (UTC+2 in summer).
    const lateEvening = new Date('2026-06-30T23:30:00Z');
    expect(todayInParis(lateEvening)).toBe('2026-07-01');
    expect(tomorrowInParis(lateEvening)).toBe('2026-07-02');
    expect(todayInParis(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
    expect(tomorrowInParis(new Date('2026-12-31T22:59:00Z'))).toBe('2027-01-01');
  });
});
