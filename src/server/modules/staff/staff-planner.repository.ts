import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { STATUSES_HOLDING_PLACES } from '../../../shared/booking-status';
import type { Db } from '../../db/client';
import { bookingItems, bookingRequests, catalogueItems, customers, timeSlots } from '../../db/schema';
import { selectWithOrganizer } from '../../db/booking-joins';

/** Every line booked on a day that holds its places (`STATUSES_HOLDING_PLACES`), with its booking and organizer (one query). */
export function linesOnDay(db: Db, establishmentId: string, day: string) {
  const fields = {
    itemId: bookingItems.catalogueItemId,
    startTime: bookingItems.startTime,
    endTime: bookingItems.endTime,
    participants: bookingItems.participants,
    bookingId: bookingRequests.id,
    reference: bookingRequests.reference,
    status: bookingRequests.status,
    firstName: customers.firstName,
    lastName: customers.lastName,
  };
  return selectWithOrganizer(db, fields, bookingItems)
    .where(
      and(
        eq(bookingRequests.establishmentId, establishmentId),
        eq(bookingItems.scheduledDate, day),
        inArray(bookingRequests.status, STATUSES_HOLDING_PLACES),
      ),
    )
    .orderBy(asc(bookingItems.startTime), asc(bookingRequests.reference));
}

/** Catalogue items with their slots on a weekday (active ones), in catalogue order. */
export function itemsWithSlotsOn(db: Db, establishmentId: string, weekday: string) {
  return db
    .select({ item: catalogueItems, slot: timeSlots })
    .from(catalogueItems)
    .leftJoin(
      timeSlots,
      and(eq(timeSlots.itemId, catalogueItems.id), eq(timeSlots.day, weekday), eq(timeSlots.isActive, true)),
    )
    .where(eq(catalogueItems.establishmentId, establishmentId))
    .orderBy(
      asc(catalogueItems.kind),
      asc(catalogueItems.sortOrder),
      asc(catalogueItems.name),
      asc(timeSlots.startTime),
    );
}

/**
 * Requests created per week since `since` (Europe/Paris weeks starting on Monday), with how many
 * of them are now confirmed or completed and their quote totals.
 */
export function weeklyCounts(db: Db, establishmentId: string, since: Date) {
  const week = sql<string>`to_char(date_trunc('week', ${bookingRequests.createdAt} at time zone 'Europe/Paris'), 'YYYY-MM-DD')`;
  const sold = sql`${bookingRequests.status} in ('confirmed', 'completed')`;
  return db
    .select({
      week,
      requests: sql<number>`count(*)`.mapWith(Number),
      confirmed: sql<number>`count(*) filter (where ${sold})`.mapWith(Number),
      revenueCents: sql<number>`coalesce(sum(coalesce((select pc.total_cents from payment_configs pc
        where pc.booking_id = ${bookingRequests.id}), 0)) filter (where ${sold}), 0)`.mapWith(Number),
    })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.establishmentId, establishmentId), gte(bookingRequests.createdAt, since)))
    .groupBy(week);
}
