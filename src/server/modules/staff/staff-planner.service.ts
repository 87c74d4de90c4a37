import type { PlannerResponse, WeeklyStatsResponse } from '../../../shared/api/staff.schema';
import { addIsoDays, todayInParis } from '../../../shared/booking-days';
import { ESTABLISHMENT_ID } from '../../../shared/constants';
import { WEEKDAYS, type BookingStatus, type Weekday } from '../../../shared/labels';
import { centsToEuros } from '../../../shared/money';
import type { Db } from '../../db/client';
import { itemsWithSlotsOn, linesOnDay, weeklyCounts } from './staff-planner.repository';

type PlannerData = PlannerResponse['data'];
type PlannerActivity = PlannerData['activities'][number];
type PlannerSlot = PlannerActivity['slots'][number];

const weekdayOf = (day: string): Weekday => WEEKDAYS[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7]!;

/**
 * The day at a glance: each item's slots that weekday with the groups booked in them. Items appear
 * when they have a slot that day or a booking on it; canceled requests take no place. Each booking
 * is sent once (`bookings`), its groups name it by index: a busy day's answer was mostly the same
 * reference, organizer and status repeated for every line (docs/decisions.md, "Volume and indexes").
 */
export async function plannerDay(db: Db, day = todayInParis()): Promise<PlannerData> {
  const weekday = weekdayOf(day);
  const [rows, lines] = await Promise.all([
    itemsWithSlotsOn(db, ESTABLISHMENT_ID, weekday),
    linesOnDay(db, ESTABLISHMENT_ID, day),
  ]);
  const activities = new Map<string, PlannerActivity>();
  for (const { item, slot } of rows) {
    let entry = activities.get(item.id);
    if (!entry) {
      entry = { _id: item.id, name: item.name, kind: item.kind, category: item.category, slots: [], unscheduled: [] };
      activities.set(item.id, entry);
    }
    if (slot) {
      entry.slots.push({
        startTime: slot.startTime,
        endTime: slot.endTime,
        capacity: slot.capacity,
        booked: 0,
        groups: [],
      });
    }
  }
  const bookings: PlannerData['bookings'] = [];
  const indexOf = new Map<string, number>();
  for (const line of lines) {
    const entry = activities.get(line.itemId);
    if (!entry) continue;
    let booking = indexOf.get(line.bookingId);
    if (booking === undefined) {
      booking = bookings.length;
      indexOf.set(line.bookingId, booking);
      bookings.push({
        _id: line.bookingId,
        bookingRequestId: line.reference,
        organizerName: `${line.firstName} ${line.lastName}`.trim(),
        status: line.status as BookingStatus,
      });
    }
    const group = { booking, participants: line.participants };
    let slot: PlannerSlot | undefined = line.startTime
      ? entry.slots.find((candidate) => candidate.startTime === line.startTime)
      : undefined;
    if (line.startTime && !slot) {
      // A slot removed or deactivated since the booking: still shown, with no capacity.
      slot = {
        startTime: line.startTime,
        endTime: line.endTime ?? line.startTime,
        capacity: null,
        booked: 0,
        groups: [],
      };
      entry.slots.push(slot);
      entry.slots.sort((a, b) => a.startTime.localeCompare(b.startTime));
    }
    if (!slot) {
      entry.unscheduled.push(group);
      continue;
    }
    slot.groups.push(group);
    slot.booked += group.participants;
  }
  return {
    date: day,
    weekday,
    bookings,
    activities: [...activities.values()].filter((entry) => entry.slots.length > 0 || entry.unscheduled.length > 0),
  };
}

export const STATS_WEEKS = 12;

/** The last 12 weeks, oldest first, empty weeks included. */
export async function weeklyStats(db: Db, now = new Date()): Promise<WeeklyStatsResponse['data']> {
  const today = todayInParis(now);
  const monday = addIsoDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
  const firstWeek = addIsoDays(monday, -7 * (STATS_WEEKS - 1));
  // From the day before in UTC: Paris's Monday 00:00 is Sunday evening in UTC; the grouping is by Paris weeks.
  const rows = await weeklyCounts(db, ESTABLISHMENT_ID, new Date(`${addIsoDays(firstWeek, -1)}T00:00:00Z`));
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  return {
    weeks: Array.from({ length: STATS_WEEKS }, (_, index) => {
      const weekStart = addIsoDays(firstWeek, index * 7);
      const row = byWeek.get(weekStart);
      return {
        weekStart,
        requests: row?.requests ?? 0,
        confirmed: row?.confirmed ?? 0,
        confirmedRevenue: centsToEuros(row?.revenueCents ?? 0),
      };
    }),
  };
}
