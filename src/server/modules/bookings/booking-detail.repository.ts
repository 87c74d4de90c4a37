import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { fromJsonRow, fromJsonRows } from '../../db/json-rows';
import {
  bookingItems,
  bookingParticipants,
  bookingRequests,
  catalogueItems,
  paymentConfigs,
  timeSlots,
} from '../../db/schema';

/**
 * Everything a booking's detail shows, in ONE round trip (docs/decisions.md, "One query
 * per detail"): the request, its lines in detail order, their catalogue items and time slots, its
 * active participants by arrival, the organizer's contact and the payment configuration. Each part
 * is mapped exactly as the separate selects of bookings.repository.ts (and, for the participants,
 * participants.repository.ts) map it (the equivalence is tested in
 * tests/api/booking-detail-query.test.ts).
 */
export interface BookingParts {
  booking: typeof bookingRequests.$inferSelect;
  items: (typeof bookingItems.$inferSelect)[];
  catalogue: (typeof catalogueItems.$inferSelect)[];
  slots: (typeof timeSlots.$inferSelect)[];
  /** Active participants, oldest first. */
  participants: (typeof bookingParticipants.$inferSelect)[];
  organizer: { firstName: string; lastName: string; email: string; phone: string | null } | undefined;
  paymentConfig: typeof paymentConfigs.$inferSelect | undefined;
}

interface PartsRow {
  booking: Record<string, unknown>;
  items: unknown;
  catalogue: unknown;
  slots: unknown;
  participants: unknown;
  organizer: { first_name: string; last_name: string; email: string; phone: string | null } | null;
  payment_config: Record<string, unknown> | null;
}

export async function findBookingParts(db: Db, bookingId: string): Promise<BookingParts | undefined> {
  const result = await db.execute(bookingPartsSql(bookingId));
  const row = rowsOf<PartsRow>(result)[0];
  if (!row) return undefined;
  return {
    booking: fromJsonRow(bookingRequests, row.booking),
    items: fromJsonRows(bookingItems, row.items),
    catalogue: fromJsonRows(catalogueItems, row.catalogue),
    slots: fromJsonRows(timeSlots, row.slots),
    participants: fromJsonRows(bookingParticipants, row.participants),
    organizer: row.organizer
      ? {
          firstName: row.organizer.first_name,
          lastName: row.organizer.last_name,
          email: row.organizer.email,
          phone: row.organizer.phone,
        }
      : undefined,
    paymentConfig: row.payment_config ? fromJsonRow(paymentConfigs, row.payment_config) : undefined,
  };
}

/** The one query of `findBookingParts` (its plan is checked by tests/api/query-plans.test.ts). */
export function bookingPartsSql(bookingId: string) {
  return sql`
    select
      row_to_json(b) as booking,
      (select json_agg(i order by i.scheduled_date, i.sort_order)
         from booking_items i where i.booking_id = b.id) as items,
      (select json_agg(c) from catalogue_items c
         where c.id in (select catalogue_item_id from booking_items where booking_id = b.id)) as catalogue,
      (select json_agg(s order by s.start_time) from time_slots s
         where s.item_id in (select catalogue_item_id from booking_items where booking_id = b.id)) as slots,
      (select json_agg(p order by p.created_at)
         from booking_participants p where p.booking_id = b.id and p.is_active) as participants,
      (select json_build_object('first_name', o.first_name, 'last_name', o.last_name, 'email', o.email,
                                'phone', o.phone)
         from customers o where o.id = b.customer_id) as organizer,
      (select row_to_json(pc) from payment_configs pc where pc.booking_id = b.id) as payment_config
    from booking_requests b
    where b.id = ${bookingId}
  `;
}
