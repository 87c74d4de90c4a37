/** Since 1996 (EU Directive 2000/84/EC and its predecessors), summer time starts and ends at 01:00 UTC. */
const RULE_SINCE_YEAR = 1996;
const HOUR_MS = 3_600_000;

/** The last Sunday of a month (0-based), at 01:00 UTC. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR_MS;
}

let parisClock: Intl.DateTimeFormat | undefined;

/** The platform's zone data, for instants before the rule applied (none the product writes). */
function parisWallClockFromZoneData(instant: Date) {
  parisClock ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts = parisClock.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/**
 * The wall clock of Europe/Paris at an instant (month 1–12), whatever the device's time zone.
 * Worked out from the rule Paris has kept since 1996 (UTC+1, UTC+2 from the last Sunday of March
 * to the last Sunday of October, both at 01:00 UTC), not with a formatter: the first formatter
 * with a time zone loads the platform's zone data, a 35 ms task (140 ms under Lighthouse's CPU
 * slowdown) in the render that draws the first date (docs/decisions.md, performance rule 15).
 * `tests/unit/shared/paris-time.test.ts` checks it against the zone data, hour by hour, around
 * every change of 1996–2040; a change of the rule fails it when the platform's data learns it.
 */
export function parisWallClock(instant: Date) {
  const time = instant.getTime();
  const year = instant.getUTCFullYear();
  if (!Number.isFinite(time) || year < RULE_SINCE_YEAR) return parisWallClockFromZoneData(instant);
  const summer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
  const wall = new Date(time + (summer ? 2 : 1) * HOUR_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The calendar day in Paris at an instant, as YYYY-MM-DD. */
export function parisCalendarDay(instant: Date): string {
  const { year, month, day } = parisWallClock(instant);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
