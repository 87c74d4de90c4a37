import { addDays, differenceInCalendarDays, formatISO, parseISO } from 'date-fns';

/**
 * Event days are calendar dates 'yyyy-MM-dd', never instants (DESIGN.md §3). Day arithmetic
 * only here: no formatting engine nor locale, for the wizard's first render (issue 12); the
 * French labels are in day-label.ts.
 */
export function toIsoDay(date: Date): string {
  return formatISO(date, { representation: 'date' });
}

export function addIsoDays(day: string, days: number): string {
  return toIsoDay(addDays(parseISO(day), days));
}

export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(parseISO(to), parseISO(from));
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

/** Today's calendar date in Paris, whatever the machine's time zone. */
export function todayInParis(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now);
}

/** Tomorrow in Paris: the earliest date a request may name (SPEC.md §9). */
export function tomorrowInParis(now: Date = new Date()): string {
  return addIsoDays(todayInParis(now), 1);
}
