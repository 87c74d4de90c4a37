import { BOOKING_EDIT_MESSAGES } from '../../../shared/api/customer-booking.schema';
import { AppError } from '../../app-error';
import { inTransaction } from '../../db/transaction';
import { customerActor, recordAudit } from '../audit/audit.service';
import type { SessionContext } from '../auth/sessions.service';
import { customerAccess } from './booking-access.public';
import { buildDetail } from './booking-detail.public';
import { setBookingFields, type CustomerBookingDeps } from './customer-bookings.service';

/** The event types whose organizer may keep the programme a surprise: stag and hen parties, birthdays. */
export const SURPRISE_EVENT_TYPES: readonly string[] = ['evg-evjf', 'anniv'];
/** Once canceled or over, nothing is left to hide or to show. */
const SURPRISE_CLOSED_STATUSES: readonly string[] = ['canceled', 'completed'];

/**
 * PUT /v1/customer-booking-requests/{id} `{ surprise }`: the organizer turns surprise mode on or
 * off (docs/decisions.md, "Group shares"); a participant gets 403, a stranger the 404 of a
 * booking they cannot see, another event type 400, a canceled or completed booking 409. With the booking row locked, audited.
 */
export async function setSurprise(
  deps: CustomerBookingDeps,
  session: SessionContext,
  bookingId: string,
  surprise: boolean,
) {
  return inTransaction(deps.db, async (db) => {
    const access = await customerAccess(db, bookingId, session.customerId, { forUpdate: true });
    if (access.role !== 'organizer') throw AppError.of('FORBIDDEN', BOOKING_EDIT_MESSAGES.surpriseOnlyOrganizer);
    if (!SURPRISE_EVENT_TYPES.includes(access.booking.bookingType)) {
      throw AppError.of('VALIDATION_ERROR', BOOKING_EDIT_MESSAGES.surpriseEventType);
    }
    if (SURPRISE_CLOSED_STATUSES.includes(access.booking.status)) {
      throw AppError.of('SURPRISE_CLOSED', BOOKING_EDIT_MESSAGES.surpriseClosed);
    }
    if (access.booking.surprise === surprise) {
      return buildDetail(db, access, session.customerId, deps.detailPayment);
    }
    const updated = (await setBookingFields(db, access.booking.id, { surprise }))!;
    await recordAudit(db, {
      ...(await customerActor(db, session.customerId, 'Organisateur')),
      bookingId: access.booking.id,
      action: 'surprise',
      before: { surprise: access.booking.surprise },
      after: { surprise },
    });
    return buildDetail(db, { ...access, booking: updated }, session.customerId, deps.detailPayment);
  });
}
