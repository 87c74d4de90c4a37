import { describe, expect, it } from 'vitest';
import { todayInParis } from '../../../src/shared/booking-days';
import { parisCalendarDay, parisWallClock } from '../../../src/shared/paris-time';

const zone = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall clock as the platform's zone data gives it. */
function fromZoneData(instant: Date) {
  const parts = Object.fromEntries(zone.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const HOUR = 3_600_000;

describe('parisWallClock (docs/decisions.md, performance rule 15)', () => {
  it('matches the zone data every 30 minutes from the 24th of March and October to the 2nd of the next month, 1996 to 2040', () => {
    let checked = 0;
    for (let year = 1996; year <= 2040; year += 1) {
      for (const month of [2, 9]) {
        // The 24th to the 2nd of the next month holds the month's last Sunday.
        const from = Date.UTC(year, month, 24);
        for (let time = from; time < from + 9 * 24 * HOUR; time += HOUR / 2) {
          const instant = new Date(time + 59_000);
          expect(parisWallClock(instant), instant.toISOString()).toEqual(fromZoneData(instant));
          checked += 1;
        }
      }
    }
    expect(checked).toBe(45 * 2 * 9 * 48);
  });

  it('matches the zone data at the turn of each year, and every 7 hours through 2026 and 2027', () => {
    for (let year = 1997; year <= 2040; year += 1) {
      for (const offset of [-2 * HOUR, -HOUR - 1, -HOUR, -1, 0, HOUR]) {
        const instant = new Date(Date.UTC(year, 0, 1) + offset);
        expect(parisWallClock(instant), instant.toISOString()).toEqual(fromZoneData(instant));
      }
    }
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2028, 0, 1); time += 7 * HOUR + 13_000) {
      const instant = new Date(time);
      expect(parisWallClock(instant), instant.toISOString()).toEqual(fromZoneData(instant));
    }
  });

  it('gives the change instants exactly: 01:59:59 then 03:00 in March, 02:59:59 then 02:00 in October', () => {
    // 2026: last Sundays are 29 March and 25 October, both at 01:00 UTC.
    expect(parisWallClock(new Date('2026-03-29T00:59:59Z'))).toMatchObject({
      day: 29,
      hour: 1,
      minute: 59,
      second: 59,
    });
    expect(parisWallClock(new Date('2026-03-29T01:00:00Z'))).toMatchObject({ day: 29, hour: 3, minute: 0 });
    expect(parisWallClock(new Date('2026-10-25T00:59:59Z'))).toMatchObject({ day: 25, hour: 2, minute: 59 });
    expect(parisWallClock(new Date('2026-10-25T01:00:00Z'))).toMatchObject({ day: 25, hour: 2, minute: 0 });
  });

  it('reads instants before the rule from the zone data, and refuses an invalid date as the formatter does', () => {
    const instant = new Date('1990-09-30T00:30:00Z');
    expect(parisWallClock(instant)).toEqual(fromZoneData(instant));
    expect(() => parisWallClock(new Date('pas une date'))).toThrow(RangeError);
  });

  it('names the Paris calendar day, also where the UTC day is another one', () => {
    expect(parisCalendarDay(new Date('2026-07-14T22:30:00Z'))).toBe('2026-07-15');
    expect(parisCalendarDay(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
    expect(parisCalendarDay(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12-31');
    expect(todayInParis(new Date('2027-03-28T22:00:00Z'))).toBe('2027-03-29');
  });
});
