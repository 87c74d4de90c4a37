import type { Tx } from '../../db/transaction';
import type { BookingRequestRow } from '../bookings/booking-access.public';
import { updateParticipant, type ParticipantRow } from '../bookings/participant-list.public';
import { shareIncreasedMail } from '../mail/group-templates.public';
import { cancelOpenIntentsIn } from './open-intents.public';
import type { EffectMails } from './payment-mails';
import { listShareParticipants, owedOf, paidOf, sharesOf } from './payment-view.public';
import type { PaymentConfigRow, PaymentRow } from './payments.repository';
import { refundSurpluses } from './share-surplus';

/*
 * Shares follow the group (docs/decisions.md, "Group shares"): shares are computed, never stored;
 * after a change of the split, in its transaction and under the booking row lock, a payer whose
 * new share is below what they paid is refunded the surplus (share-surplus.ts); one whose new share
 * exceeds what they paid is reopened ('pending', the amount paid kept) and e-mailed the
 * difference; the collective intents still open carry the old amounts and are canceled.
 */
export interface Resplit {
  reopened: string[];
  canceled: PaymentRow[];
}

export async function resplit(
  tx: Tx,
  mails: EffectMails,
  booking: BookingRequestRow,
  config: PaymentConfigRow,
): Promise<Resplit> {
  // With the opt-outs: an optional line left changes the leaver's share only.
  const participants = await listShareParticipants(tx, booking.id);
  const shares = sharesOf(config, participants);
  // A share below what was already paid: the surplus goes back to its payer's card (share-surplus.ts).
  await refundSurpluses(
    tx,
    mails,
    booking,
    participants
      .filter((person) => shares.has(person.id) && shares.get(person.id)! < paidOf(person, shares))
      .map((person) => ({ person, shareCents: shares.get(person.id)!, paidCents: paidOf(person, shares) })),
  );
  const reopened: ParticipantRow[] = [];
  for (const person of participants) {
    if (person.paymentStatus !== 'paid' || !shares.has(person.id)) continue;
    if (shares.get(person.id)! <= paidOf(person, shares)) continue;
    const row = await updateParticipant(tx, person.id, {
      paymentStatus: 'pending',
      paymentAmountCents: paidOf(person, shares),
    });
    if (row) reopened.push(row);
  }
  for (const person of reopened) {
    await mails.add(
      tx,
      shareIncreasedMail(mails.context, person.email, {
        firstName: person.firstName,
        reference: booking.reference,
        bookingId: booking.id,
        owedCents: owedOf(person, shares),
        shareCents: shares.get(person.id)!,
        dueAt: config.dueAt,
        startDate: booking.startDate,
      }),
    );
  }
  const canceled = await cancelOpenIntentsIn(tx, booking.id);
  return { reopened: reopened.map((person) => person.id), canceled };
}

/**
 * D-2 « drop the unpaid »: the participants (never the organizer) whose share is not paid leave the
 * split — they stay participants of the booking, owing nothing — and the shares are recomputed.
 */
export async function dropUnpaid(
  tx: Tx,
  mails: EffectMails,
  booking: BookingRequestRow,
  config: PaymentConfigRow,
  unpaid: ParticipantRow[],
) {
  const dropped = unpaid.filter((person) => person.role !== 'Organisateur');
  for (const person of dropped) {
    await updateParticipant(tx, person.id, { droppedFromSplit: true, paymentStatus: 'not_required' });
  }
  return { dropped: dropped.map((person) => person.id), ...(await resplit(tx, mails, booking, config)) };
}
