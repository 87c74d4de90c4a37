import { ISO_DAY } from '@shared/validation';

// Written out rather than asked of Intl: the wizard's first render shows a long date, and the
// first French Intl.DateTimeFormat loads the platform's locale data in a task of about 40 ms
// under Lighthouse's CPU slowdown (docs/decisions.md, performance rule 15). Checked against
// Intl's own output day by day over several years (tests/unit/renderer/format.test.ts).
const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** A calendar day at noon UTC, written as French says it: 'samedi 5 décembre 2026'. */
function longDay(date: Date): string {
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * An event day ('2026-12-05') in French long form: 'samedi 5 décembre 2026'. Event days are
 * calendar dates, so they are never shifted by a time zone.
 */
export function formatLongDate(value: Date | string): string {
  if (typeof value !== 'string') {
    if (Number.isNaN(value.getTime())) return '';
    return longDay(new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate(), 12)));
  }
  const day = value.slice(0, 10);
  if (!ISO_DAY.test(day)) return '';
  const date = new Date(`${day}T12:00:00Z`);
  // The engine rolls '2027-02-30' over to 2 March: a day that does not exist is not shown.
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? '' : longDay(date);
}
