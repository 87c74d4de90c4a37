import { format, parseISO } from 'date-fns';
import { fr } from 'date-fns/locale';
import { daysBetween } from './booking-days';

/** 'J+0 - samedi 5 décembre' (SPEC.md §2 step 2). */
export function dayLabel(startDate: string, day: string): string {
  const offset = daysBetween(startDate, day);
  return `J+${offset} - ${format(parseISO(day), 'EEEE d MMMM', { locale: fr })}`;
}
