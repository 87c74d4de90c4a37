import type { z } from 'zod';
import type { outboxQuery } from '../../../shared/api/staff.schema';
import type { Db } from '../../db/client';
import type { StaffSessionContext } from '../../plugins/auth';
import { accessBooking } from '../bookings/booking-access';
import { findCustomerSummary } from '../bookings/customer-bookings.service';
import { listOutboxPage } from './staff-requests.repository';
import { staffActor, toOutboxEmail } from './staff-requests.service';

/** The e-mails the product sent, newest first, by booking or address, secrets masked. */
export async function listOutbox(db: Db, staff: StaffSessionContext, query: z.output<typeof outboxQuery>) {
  let about: { addresses: string[]; reference: string } | undefined;
  if (query.bookingId) {
    const { booking } = await accessBooking(db, query.bookingId, staffActor(staff));
    const organizer = await findCustomerSummary(db, booking.customerId);
    about = { addresses: [organizer?.email ?? '', booking.mainContact.email], reference: booking.reference };
  }
  const rows = await listOutboxPage(db, { to: query.to, about, page: query.page, limit: query.limit });
  const total = rows[0]?.total ?? 0;
  return {
    emails: rows.map((row) => toOutboxEmail(row.mail)),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.max(1, Math.ceil(total / query.limit)) },
  };
}
