import {
  GROUP_MESSAGES,
  GUESTS_OF_HONOUR_STATUSES,
  type UpdateGroupParticipantBody,
} from '../../../shared/api/group.schema';
import { isUuid } from '../../../shared/validation';
import { AppError } from '../../app-error';
import { inTransaction } from '../../db/transaction';
import { customerActor, participantTrace, recordAudit } from '../audit/audit.service';
import { accessBooking, bookingNotFound } from '../bookings/booking-access.public';
import { touchBooking } from '../bookings/booking-rows.service';
import {
  findParticipant,
  listParticipants,
  toParticipant,
  updateParticipant,
} from '../bookings/participant-list.public';
import { releaseAtProvider } from './open-intents.public';
import { EffectMails } from './payment-mails';
import { resplit } from './share-recompute';
import type { PaymentDeps } from './payment-context';
import { findPaymentConfig, type PaymentRow } from './payments.repository';

/**
 * PUT …/participants/{participantId} `{ guestOfHonour }`: the organizer marks or unmarks a guest
 * of honour, who then owes no share ('not_required'); the others' shares grow (payment-view.public.ts
 * `sharesOf`). Anyone else, participant included, gets the 404 of a booking they cannot see. With
 * the booking row locked, so that a share paid at the same moment is judged against the new list
 * (payment-context.ts `refusalOf`). The collective intents still open carry the old amounts:
 * canceled in the same transaction, then at the provider once committed.
 */
export async function setGuestOfHonour(
  deps: PaymentDeps,
  customerId: string,
  bookingId: string,
  participantId: string,
  body: UpdateGroupParticipantBody,
) {
  const mails = await EffectMails.open(deps);
  const { row, canceled } = await inTransaction(deps.db, async (tx) => {
    const access = await accessBooking(tx, bookingId, { kind: 'customer', customerId }, { forUpdate: true });
    if (access.role !== 'organizer') throw bookingNotFound();
    const person = isUuid(participantId) ? await findParticipant(tx, bookingId, participantId) : undefined;
    if (!person?.isActive) throw AppError.of('NOT_FOUND', GROUP_MESSAGES.participantNotFound);
    if (body.guestOfHonour && person.role === 'Organisateur') {
      throw AppError.of('FORBIDDEN', GROUP_MESSAGES.organizerNotGuest);
    }
    if (!GUESTS_OF_HONOUR_STATUSES.includes(access.booking.status))
      throw AppError.of('GUESTS_CLOSED', GROUP_MESSAGES.guestsLocked);
    if (person.guestOfHonour === body.guestOfHonour) return { row: person, canceled: [] as PaymentRow[] };
    if (body.guestOfHonour && person.paymentStatus === 'paid') {
      throw AppError.of('ALREADY_PAID', GROUP_MESSAGES.guestAlreadyPaid);
    }
    // Once a share is paid, a guest may still be marked (the payers' shares grow: resplit asks the
    // difference), never unmarked (shares would shrink below what was paid; docs/decisions.md, "Group shares").
    const list = await listParticipants(tx, bookingId);
    if (!body.guestOfHonour && list.some((row) => row.isActive && row.paymentStatus === 'paid')) {
      throw AppError.of('GUESTS_CLOSED', GROUP_MESSAGES.sharesAlreadyPaid);
    }
    const updated = (await updateParticipant(tx, person.id, {
      guestOfHonour: body.guestOfHonour,
      paymentStatus: body.guestOfHonour ? 'not_required' : 'pending',
    }))!;
    const config = await findPaymentConfig(tx, bookingId);
    const canceledIntents =
      config?.type === 'collective_payment' ? (await resplit(tx, mails, access.booking, config)).canceled : [];
    await touchBooking(tx, bookingId);
    await recordAudit(tx, {
      ...(await customerActor(tx, customerId, 'Organisateur')),
      bookingId,
      action: 'guest_of_honour',
      before: { ...participantTrace(person), guestOfHonour: person.guestOfHonour },
      after: {
        ...participantTrace(updated),
        guestOfHonour: updated.guestOfHonour,
        ...(canceledIntents.length > 0 ? { canceledIntents: canceledIntents.map((intent) => intent.id) } : {}),
      },
    });
    return { row: updated, canceled: canceledIntents };
  });
  // Once committed, never with the booking row locked (docs/decisions.md, "Payments", "Closing card intents").
  if (canceled.length > 0) await releaseAtProvider(deps, bookingId, canceled);
  return toParticipant(row);
}
