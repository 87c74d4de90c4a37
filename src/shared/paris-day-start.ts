import { TZDate } from '@date-fns/tz';

/**
 * The instant a Paris calendar day ('yyyy-MM-dd') begins, summer or winter, by @date-fns/tz (no
 * offset arithmetic of our own). Apart from paris-time.ts, which public pages load: only the server
 * uses this one, so the library stays out of their first render.
 */
export function parisDayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, 'Europe/Paris').getTime());
}
