import { todayInParis } from '../../../shared/booking-days';
import { CANCEL_MESSAGES, type OrganizerCancelBody } from '../../../shared/api/cancel.schema';
import { AppError } from '../../app-error';
import { inTransaction, type Tx } from '../../db/transaction';
import { customerActor, recordAudit } from '../audit/audit.service';
import { accessBooking, bookingNotFound, type BookingRequestRow } from '../bookings/booking-access.public';
import { findCustomerSummary, setCanceled } from '../bookings/booking-rows.service';
import { listParticipants } from '../bookings/participant-list.public';
import { canceledByOrganizerTeamMail, groupCanceledMail, organizerCanceledMail } from '../mail/cancel-templates.public';
import { paymentTrace, releaseCanceledBooking, unsettledIntentsOf } from './open-intents.public';
import type { PaymentDeps } from './payment-context';
import { EffectMails } from './payment-mails';
import { planCancellation, requireCancelable, type CancellationPart } from './cancellation-preview.service';
import { heldCents, scheduleRefunds } from './share-surplus';

/*
 * The organizer cancels their booking (docs/decisions.md, "Payments", "Cancellation by the
 * organizer"). Under the booking row lock, in one transaction: the booking canceled, each card
 * payment's part of the refund (the preview's plan: the frozen terms, the fee withheld, pro rata of
 * what each payment still holds) counted refunded and sent by its own durable job to the card it
 * came from, one mail to each person of the group and one to the team, the audit entry. The holds
 * and open intents are released at the provider once committed. A participant or a stranger gets the
 * booking's 404; the event begun, it is the team's to cancel.
 */

/** What the parts give back to whoever paid them: by participant row, or by the paying customer. */
function refundOf(parts: CancellationPart[], person: { id: string; customerId: string | null }) {
  const theirs = parts.filter(
    ({ payment }) =>
      payment.participantId === person.id ||
      (payment.participantId === null && person.customerId !== null && payment.payerCustomerId === person.customerId),
  );
  return {
    paidCents: theirs.reduce((sum, part) => sum + heldCents(part.payment), 0),
    refundCents: theirs.reduce((sum, part) => sum + part.cents, 0),
  };
}

async function mailGroup(
  tx: Tx,
  mails: EffectMails,
  booking: BookingRequestRow,
  parts: CancellationPart[],
  team: { reason: string; refundCents: number; feeCents: number; otherwiseCents: number },
) {
  const people = await listParticipants(tx, booking.id);
  const organizerRow = people.find((person) => person.role === 'Organisateur') ?? {
    id: '',
    customerId: booking.customerId,
  };
  const organizer = await findCustomerSummary(tx, booking.customerId);
  const base = { reference: booking.reference, bookingId: booking.id, startDate: booking.startDate };
  const others = people.filter(
    (person) => person.isActive && person.invitationStatus === 'joined' && person.role !== 'Organisateur',
  );
  const otherPayers = others.filter((person) => refundOf(parts, person).paidCents > 0).length;
  await mails.add(
    tx,
    organizerCanceledMail(mails.context, organizer?.email ?? booking.mainContact.email, {
      ...base,
      firstName: organizer?.firstName ?? booking.mainContact.firstName,
      ...refundOf(parts, { id: organizerRow.id, customerId: booking.customerId }),
      otherPayers,
    }),
  );
  for (const person of others) {
    await mails.add(
      tx,
      groupCanceledMail(mails.context, person.email, {
        ...base,
        firstName: person.firstName,
        ...refundOf(parts, person),
      }),
    );
  }
  const name = organizer ? `${organizer.firstName} ${organizer.lastName}` : booking.mainContact.firstName;
  await mails.add(tx, canceledByOrganizerTeamMail(mails.context, { ...base, organizer: name.trim(), ...team }));
}

/** POST …/{id}/cancel: once (a second call finds the booking canceled: 409), as the preview said. */
export async function cancelAsOrganizer(
  deps: PaymentDeps,
  customerId: string,
  bookingId: string,
  body: OrganizerCancelBody,
) {
  const mails = await EffectMails.open(deps);
  const reason = body?.reason?.trim() || CANCEL_MESSAGES.defaultReason;
  const view = await inTransaction(deps.db, async (tx) => {
    const { booking, role } = await accessBooking(tx, bookingId, { kind: 'customer', customerId }, { forUpdate: true });
    if (role !== 'organizer') throw bookingNotFound();
    requireCancelable(booking);
    if (todayInParis() >= booking.startDate) throw AppError.of('EVENT_STARTED', CANCEL_MESSAGES.started);
    const plan = await planCancellation(tx, booking);
    const toRelease = await unsettledIntentsOf(tx, booking.id);
    await setCanceled(tx, booking.id, reason, new Date());
    await scheduleRefunds(tx, plan.parts, 'cancel');
    const { quote } = plan;
    await mailGroup(tx, mails, booking, plan.parts, {
      reason,
      refundCents: quote.refundCents,
      feeCents: quote.feeCents,
      otherwiseCents: plan.otherwiseCents,
    });
    await recordAudit(tx, {
      ...(await customerActor(tx, customerId, 'Organisateur')),
      bookingId,
      action: 'cancel',
      before: { status: booking.status },
      after: {
        status: 'canceled',
        reason,
        by: 'organizer',
        withFee: true,
        parkCancels: false,
        termsVersion: plan.termsVersion,
        refundQuote: { ...quote },
        // The refund is made here, part by part: the team's refund call has nothing left to give.
        refundsScheduled: plan.parts.some((part) => part.cents > 0),
        refunds: plan.parts
          .filter((part) => part.cents > 0)
          .map((part) => ({ paymentId: part.payment.id, amountCents: part.cents })),
        otherwisePaidCents: plan.otherwiseCents,
        ...(toRelease.length > 0 ? { paymentsToRelease: toRelease.map(paymentTrace) } : {}),
      },
    });
    return plan.view;
  });
  // Once committed, never with the booking row locked (docs/decisions.md, "Payments", "Closing card intents").
  await releaseCanceledBooking(deps, bookingId, await customerActor(deps.db, customerId, 'Organisateur'));
  return view;
}
