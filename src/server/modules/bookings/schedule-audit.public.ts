import type { Db } from '../../db/client';
import { listBookingItems, type BookingRequestRow } from './bookings.repository';

/**
 * What the audit trail keeps of a booking's schedule, for the organizer's edits and the team's
 * `schedule` entries (staff-actions.service.ts) alike: the participant count, the days and one text
 * per line, activities and services ('2026-11-22 10:00 Accrobranche ×12': day, slot if any, name, count).
 */
export async function scheduleOf(db: Db, row: BookingRequestRow) {
  const items = await listBookingItems(db, row.id);
  return {
    participants: row.participants,
    startDate: row.startDate,
    endDate: row.endDate,
    lines: items.map((item) =>
      `${item.scheduledDate} ${item.startTime ?? ''} ${item.name} ×${item.participants}`.replace(/\s+/g, ' ').trim(),
    ),
  };
}
