import type { z } from 'zod';
import type { outboxQuery } from '../../../shared/api/staff.schema';
import type { Db } from '../../db/client';
import type { StaffSessionContext } from './staff-auth.service';
import { accessBooking } from '../bookings/booking-access.public';
import { resendFailedMail } from '../mail/mailer.public';
import { STAFF_MESSAGES } from '../../../shared/api/staff.schema';
import { isUuid } from '../../../shared/validation';
import { AppError } from '../../app-error';
import { countOutbox, listOutboxPage } from './staff-requests.repository';
import { staffActor, toOutboxEmail } from './staff-requests.service';

/** The e-mails the product sent, newest first, by booking or address, secrets masked. */
export async function listOutbox(db: Db, staff: StaffSessionContext, query: z.output<typeof outboxQuery>) {
  let reference: string | undefined;
  if (query.bookingId) reference = (await accessBooking(db, query.bookingId, staffActor(staff))).booking.reference;
  const filter = { to: query.to, reference };
  const rows = await listOutboxPage(db, { ...filter, page: query.page, limit: query.limit });
  // Past the last page there is no row to carry the total: count apart, as the queue does.
  const total = rows[0]?.total ?? (query.page > 1 ? await countOutbox(db, filter) : 0);
  return {
    emails: rows.map((row) => toOutboxEmail(row.mail)),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.max(1, Math.ceil(total / query.limit)) },
  };
}

/** A failed mail sent again by a new delivery job (docs/decisions.md, "Durable jobs"). */
export async function resendMail(db: Db, id: string) {
  const result = isUuid(id) ? await resendFailedMail(db, id) : { refused: 'missing' as const };
  if ('mail' in result) return toOutboxEmail(result.mail);
  if (result.refused === 'missing') throw AppError.of('NOT_FOUND', STAFF_MESSAGES.mailNotFound);
  throw AppError.of('MAIL_NOT_FAILED', STAFF_MESSAGES.mailNotFailed);
}
