import { todayInParis } from '../../../shared/booking-days';
import { GROUP_MESSAGES, GUESTS_OF_HONOUR_STATUSES } from '../../../shared/api/group.schema';
import { LEAVE_MESSAGES, type LeaveQuote } from '../../../shared/api/leave.schema';
import { centsToEuros } from '../../../shared/money';
import { CURRENT_CANCELLATION_TERMS, quoteRefund } from '../../../shared/refund-policy';
import { isUuid } from '../../../shared/validation';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { inTransaction, type Tx } from '../../db/transaction';
import { customerActor, participantTrace, recordAudit } from '../audit/audit.service';
import { accessBooking, bookingNotFound } from '../bookings/booking-access.public';
import { touchBooking } from '../bookings/booking-rows.service';
import { findParticipant, updateParticipant } from '../bookings/participant-list.public';
import { releaseAtProvider } from './open-intents.public';
import type { PaymentDeps } from './payment-context';
import { EffectMails } from './payment-mails';
import { leftBookingMail } from '../mail/cancel-templates.public';
import { findPaymentConfig, listBookingPayments, type PaymentRow } from './payments.repository';
import { resplit } from './share-recompute';
import { heldCents, partsOf, refundableOf, scheduleRefunds } from './share-surplus';

/*
 * A participant leaves a collective booking (docs/decisions.md, "Group shares"): as themselves, while
 * the booking is a request or an option and before the payment deadline. What they paid by card comes
 * back under the booking's frozen cancellation terms (`quoteRefund`, fee withheld), newest payment
 * first, by the refund jobs of share-surplus.ts; they leave the split and the others' shares follow
 * (`resplit`). The organizer cannot leave (they cancel); anyone else gets the booking's 404.
 */

async function leaverOf(db: Db, customerId: string, bookingId: string, participantId: string, tx?: Tx) {
  const actor = { kind: 'customer' as const, customerId };
  const access = tx
    ? await accessBooking(tx, bookingId, actor, { forUpdate: true })
    : await accessBooking(db, bookingId, actor);
  const person = isUuid(participantId) ? await findParticipant(db, bookingId, participantId) : undefined;
  if (access.role === 'organizer' && person?.role === 'Organisateur') {
    throw AppError.of('FORBIDDEN', LEAVE_MESSAGES.organizerCannotLeave);
  }
  if (access.role !== 'participant' || access.participation?.id !== participantId) throw bookingNotFound();
  if (!person?.isActive) throw AppError.of('NOT_FOUND', GROUP_MESSAGES.participantNotFound);
  const config = await findPaymentConfig(db, bookingId);
  const open = GUESTS_OF_HONOUR_STATUSES.includes(access.booking.status) && (!config || config.dueAt > new Date());
  if (!open) throw AppError.of('LEAVE_CLOSED', LEAVE_MESSAGES.closed);
  const rows = await listBookingPayments(db, bookingId);
  const mine = rows.filter((row) => row.participantId === person.id && row.kind !== 'refund' && heldCents(row) > 0);
  const byCard = refundableOf(rows, person);
  if (mine.some((row) => !byCard.includes(row) && (row.status === 'completed' || row.status === 'refunded'))) {
    throw AppError.of('ALREADY_PAID', LEAVE_MESSAGES.notByCard);
  }
  const paidCents = byCard.reduce((sum: number, row: PaymentRow) => sum + heldCents(row), 0);
  const terms = access.booking.cancellationTerms ?? CURRENT_CANCELLATION_TERMS;
  const quote = quoteRefund(paidCents, todayInParis(), access.booking.startDate, { terms });
  return { access, person, config, byCard, quote };
}

function viewOf(quote: ReturnType<typeof quoteRefund>): LeaveQuote {
  return {
    paidAmount: centsToEuros(quote.paidCents),
    feeAmount: centsToEuros(quote.feeCents),
    refundAmount: centsToEuros(quote.refundCents),
    rate: quote.rate,
  };
}

/** GET …/participants/{participantId}/leave: what leaving today gives back. Nothing changes. */
export async function previewLeave(db: Db, customerId: string, bookingId: string, participantId: string) {
  return viewOf((await leaverOf(db, customerId, bookingId, participantId)).quote);
}

/** POST …/participants/{participantId}/leave: under the booking row lock, once (a second call finds them gone: 404). */
export async function leaveBooking(deps: PaymentDeps, customerId: string, bookingId: string, participantId: string) {
  const mails = await EffectMails.open(deps);
  const { quote, canceled } = await inTransaction(deps.db, async (tx: Tx) => {
    const { access, person, config, byCard, quote } = await leaverOf(tx, customerId, bookingId, participantId, tx);
    await scheduleRefunds(tx, partsOf(byCard, quote.refundCents)!);
    await updateParticipant(tx, person.id, { isActive: false, leftAt: new Date(), paymentStatus: 'not_required' });
    const intents: PaymentRow[] =
      config?.type === 'collective_payment' ? (await resplit(tx, mails, access.booking, config)).canceled : [];
    await touchBooking(tx, bookingId);
    await mails.add(
      tx,
      leftBookingMail(mails.context, person.email, {
        firstName: person.firstName,
        reference: access.booking.reference,
        bookingId,
        startDate: access.booking.startDate,
        paidCents: quote.paidCents,
        refundCents: quote.refundCents,
        feeCents: quote.feeCents,
      }),
    );
    await recordAudit(tx, {
      ...(await customerActor(tx, customerId, 'Participant')),
      bookingId,
      action: 'participant_removed',
      before: { ...participantTrace(person), participantStatus: person.invitationStatus },
      after: {
        participantId: person.id,
        participantStatus: 'left',
        paidCents: quote.paidCents,
        feeCents: quote.feeCents,
        refundCents: quote.refundCents,
      },
    });
    return { quote, canceled: intents };
  });
  // Once committed, never with the booking row locked (docs/decisions.md, "Payments", "Closing card intents").
  if (canceled.length > 0) await releaseAtProvider(deps, bookingId, canceled);
  return viewOf(quote);
}
