import { format, isValid, parseISO } from 'date-fns';
import { fr } from 'date-fns/locale';
import { parisWallClock } from '@shared/paris-time';
import { countOf } from '@shared/plural';

// Amounts and durations live apart, without date-fns, for the home page's first load (docs/decisions.md, performance rule 2).
export { formatDuration, formatEuros } from './numbers';
export { formatLongDate } from './long-date';

function toDate(value: Date | string): Date {
  return typeof value === 'string' ? parseISO(value) : value;
}

/** The wall-clock of Paris for an instant, whatever the device's time zone. */
function inParis(date: Date): Date {
  const { year, month, day, hour, minute, second } = parisWallClock(date);
  return new Date(year, month - 1, day, hour, minute, second);
}

/** An instant (creation time, message time) in Paris time: '22/11/2026 à 18:05'. */
export function formatDateTime(value: Date | string): string {
  const date = toDate(value);
  if (!isValid(date)) return '';
  return format(inParis(date), "dd/MM/yyyy 'à' HH:mm", { locale: fr });
}

/** An instant as a short Paris date: '22/11/2026'. */
export function formatShortDate(value: Date | string): string {
  const date = toDate(value);
  if (!isValid(date)) return '';
  return format(inParis(date), 'dd/MM/yyyy', { locale: fr });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A chat message's time in Paris (SPEC.md §9): within the last 24 hours the time only ('14:05'),
 * otherwise day, month and time ('3 déc. 14:05').
 */
export function formatMessageTime(value: Date | string, now: Date = new Date()): string {
  const date = toDate(value);
  if (!isValid(date)) return '';
  const age = now.getTime() - date.getTime();
  const recent = age < DAY_MS && age > -DAY_MS;
  return format(inParis(date), recent ? 'HH:mm' : 'd MMM HH:mm', { locale: fr });
}

/** '1 participant', '12 participants': a booking's size (its detail, the dashboard's cards). */
export function participantCount(count: number): string {
  return countOf(count, 'participant');
}
