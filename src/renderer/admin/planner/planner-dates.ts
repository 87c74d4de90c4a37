import { addIsoDays, todayInParis } from '@shared/booking-days';
import { isCalendarDay } from '@shared/api/booking-request.schema';

/** The planner's day from ?date=, today in Paris when absent or not a real day. */
export function plannerDay(param: string | null, now = new Date()): string {
  return param && isCalendarDay(param) ? param : todayInParis(now);
}

export { addIsoDays };
