import { format, isValid, parseISO } from 'date-fns';
import { fr } from 'date-fns/locale';

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** Amounts are euros with two decimals (DESIGN.md §3); shown the French way: 1 234,50 €. */
export function formatEuros(amount: number): string {
  return euros.format(amount);
}

const PARIS = 'Europe/Paris';

function toDate(value: Date | string): Date {
  return typeof value === 'string' ? parseISO(value) : value;
}

/** The wall-clock of Paris for an instant, whatever the device's time zone. */
function inParis(date: Date): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: PARIS,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/**
 * An event day ('2026-12-05') in French long form: 'samedi 5 décembre 2026'. Event days are
 * calendar dates, so they are never shifted by a time zone.
 */
export function formatLongDate(value: Date | string): string {
  const date = toDate(value);
  if (!isValid(date)) return '';
  return format(date, 'EEEE d MMMM yyyy', { locale: fr });
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

/** Minutes as French duration: 90 → '1 h 30', 120 → '2 h', 45 → '45 min'. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, '0')}`;
}
