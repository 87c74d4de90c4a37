/**
 * Event days are calendar dates 'yyyy-MM-dd', never instants (DESIGN.md §3). Day arithmetic
 * only here, done on UTC midnights so that no time zone or daylight-saving change can move a
 * day; no date library, for the wizard's first render (docs/decisions.md, performance rule 13); the French labels are in
 * day-label.ts.
 */
import { parisCalendarDay } from './paris-time';

const DAY_MS = 86_400_000;
const ISO_DAY_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/** UTC midnight of an ISO day, as milliseconds; NaN when the text is no date. */
function utcDay(day: string): number {
  const match = ISO_DAY_PREFIX.exec(day);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
}

/** The ISO day of a UTC midnight; a RangeError for an invalid one, as date-fns did. */
function isoDayOfUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addIsoDays(day: string, days: number): string {
  return isoDayOfUtc(utcDay(day) + days * DAY_MS);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to) - utcDay(from)) / DAY_MS);
}

/**
 * The days of an event: from the start date to the last scheduled item, every day in between
 * included, plus days added explicitly (`extraDays` beyond the last item).
 */
export function eventDays(startDate: string, scheduledDates: readonly string[], dayCount = 1): string[] {
  const lastOffset = Math.max(dayCount - 1, 0, ...scheduledDates.map((day) => daysBetween(startDate, day)));
  return Array.from({ length: lastOffset + 1 }, (_, offset) => addIsoDays(startDate, offset));
}

/** An added day is the start date plus the number of existing days (SPEC.md §9). */
export function nextDay(startDate: string, existingDays: number): string {
  return addIsoDays(startDate, existingDays);
}

/** Moving the event moves every item by the same number of days (SPEC.md §9). */
export function shiftDay(day: string, fromStart: string, toStart: string): string {
  return addIsoDays(day, daysBetween(fromStart, toStart));
}

/** Today's calendar date in Paris, whatever the machine's time zone (`parisWallClock` says how). */
export function todayInParis(now: Date = new Date()): string {
  return parisCalendarDay(now);
}

/** Tomorrow in Paris: the earliest date a request may name (SPEC.md §9). */
export function tomorrowInParis(now: Date = new Date()): string {
  return addIsoDays(todayInParis(now), 1);
}

/** The instant a calendar day starts in Paris (00:00, summer or winter time). */
export function parisMidnight(day: string): Date {
  const utc = utcDay(day);
  // Paris is UTC+2 in summer, UTC+1 in winter: the first of those instants that is already `day`.
  for (const hours of [2, 1]) {
    const at = new Date(utc - hours * 3_600_000);
    if (todayInParis(at) === day) return at;
  }
  return new Date(utc);
}
