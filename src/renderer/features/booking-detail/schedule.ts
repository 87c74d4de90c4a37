import { getISODay, parseISO } from 'date-fns';
import type { TimeSlot } from '@shared/api/catalogue.schema';
import type { BookingDetail, DetailLine, EditLineInput, UpdateBookingBody } from '@shared/api/customer-booking.schema';
import { shiftDay } from '@shared/booking-days';
import { ACTIVITY_PARTICIPANTS_MAX, ACTIVITY_PARTICIPANTS_MIN } from '@shared/constants';
import { WEEKDAYS, type Weekday } from '@shared/labels';

/**
 * What the schedule editor needs of a booking: the customer's detail and the back-office's both
 * have it, so the same editor serves the organizer and the team (app/admin composes it).
 */
export type ScheduleDetail = Pick<
  BookingDetail,
  '_id' | 'startDate' | 'endDate' | 'participants' | 'lastModified' | 'bookingActivities' | 'bookingServices'
>;

export type LineKind = DetailLine['kind'];

export interface SlotTimes {
  startTime: string;
  endTime: string;
}

/**
 * Orders 'HH:MM' times by their characters: the same order as `localeCompare` for these fixed
 * digits, without the collator, whose first use loads the platform's collation data in the task
 * that draws the booking (docs/decisions.md, performance rule 15).
 */
const byTime = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function weekdayOf(day: string): Weekday {
  return WEEKDAYS[getISODay(parseISO(day)) - 1] ?? 'monday';
}

/** SPEC.md §5 'Time slots': the item's active slots of that weekday, by start time. */
export function slotsForDay(slots: readonly TimeSlot[], day: string): TimeSlot[] {
  const weekday = weekdayOf(day);
  return slots
    .filter((slot) => slot.isActive && slot.day === weekday)
    .sort((a, b) => byTime(a.startTime, b.startTime) || byTime(a.endTime, b.endTime));
}

export const slotKey = (slot: SlotTimes) => `${slot.startTime}-${slot.endTime}`;
export const slotLabel = (slot: SlotTimes) => `${slot.startTime} - ${slot.endTime}`;

/** SPEC.md §5: an activity holds 1 to 50 participants, the booking's count by default. */
export function defaultLineParticipants(bookingParticipants: number): number {
  return Math.min(Math.max(bookingParticipants, ACTIVITY_PARTICIPANTS_MIN), ACTIVITY_PARTICIPANTS_MAX);
}

export function linesOf(detail: ScheduleDetail, kind: LineKind): DetailLine[] {
  return kind === 'activity' ? detail.bookingActivities : detail.bookingServices;
}

/**
 * A saved line as the PUT sends it back. Lines from the wizard carry the event's count, which
 * may exceed the per-activity limit of 50 that every edit must respect (SPEC.md §5, §9).
 */
export function toEditLine(line: DetailLine, changes: Partial<EditLineInput> = {}): EditLineInput {
  return {
    _id: line._id,
    ...(line.kind === 'activity'
      ? { catalogActivityId: line.catalogActivityId }
      : { catalogServiceId: line.catalogServiceId }),
    scheduledDate: line.scheduledDate,
    selectedTimeSlot: line.selectedTimeSlot,
    customParticipants: defaultLineParticipants(line.customParticipants),
    followsBookingCount: line.followsBookingCount,
    ...changes,
  };
}

/** The PUT body replacing one kind of lines: the arrays replace all lines of that kind (SPEC.md §7). */
export function linesBody(
  kind: LineKind,
  lines: EditLineInput[],
): Pick<UpdateBookingBody, 'bookingActivities' | 'bookingServices'> {
  return kind === 'activity' ? { bookingActivities: lines } : { bookingServices: lines };
}

/**
 * Moving the event (SPEC.md §9): start, end and every line move by the same number of days. A
 * chosen slot is kept only when the item offers it on the new weekday too, since the server only
 * accepts that weekday's slots.
 */
export function moveSchedule(detail: ScheduleDetail, startDate: string) {
  let droppedSlots = 0;
  const move = (line: DetailLine): EditLineInput => {
    const scheduledDate = shiftDay(line.scheduledDate, detail.startDate, startDate);
    const current = line.selectedTimeSlot;
    const kept =
      current && slotsForDay(line.timeSlots, scheduledDate).some((slot) => slotKey(slot) === slotKey(current))
        ? current
        : null;
    if (current && !kept) droppedSlots += 1;
    return toEditLine(line, { scheduledDate, selectedTimeSlot: kept });
  };
  const body = {
    startDate,
    endDate: shiftDay(detail.endDate, detail.startDate, startDate),
    bookingActivities: detail.bookingActivities.map(move),
    bookingServices: detail.bookingServices.map(move),
  } satisfies Omit<UpdateBookingBody, 'lastModified'>;
  return { body, droppedSlots };
}

/** Every line of the booking, activities and services, on the given day, by start time. */
export function linesOnDay(detail: ScheduleDetail, day: string): DetailLine[] {
  return [...detail.bookingActivities, ...detail.bookingServices]
    .filter((line) => line.scheduledDate === day)
    .sort((a, b) => byTime(a.selectedTimeSlot?.startTime ?? '99', b.selectedTimeSlot?.startTime ?? '99'));
}
