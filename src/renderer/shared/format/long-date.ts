import { ISO_DAY } from '@shared/validation';

// Without date-fns, for the wizard's first render (issue 12, docs/decisions.md): the platform's
// own French calendar names, on the day at noon UTC so that no time zone moves it.
const longDay = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * An event day ('2026-12-05') in French long form: 'samedi 5 décembre 2026'. Event days are
 * calendar dates, so they are never shifted by a time zone.
 */
export function formatLongDate(value: Date | string): string {
  if (typeof value !== 'string') {
    if (Number.isNaN(value.getTime())) return '';
    const local = [value.getFullYear(), value.getMonth() + 1, value.getDate()];
    return longDay.format(new Date(Date.UTC(local[0]!, local[1]! - 1, local[2]!, 12)));
  }
  const day = value.slice(0, 10);
  if (!ISO_DAY.test(day)) return '';
  const date = new Date(`${day}T12:00:00Z`);
  // The engine rolls '2027-02-30' over to 2 March: a day that does not exist is not shown.
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? '' : longDay.format(date);
}
