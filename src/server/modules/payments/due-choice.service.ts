import { DUE_CHOICE_MESSAGES, type DueChoice } from '../../../shared/api/guarantee.schema';
import { AppError } from '../../app-error';
import { inTransaction } from '../../db/transaction';
import { customerActor, recordAudit } from '../audit/audit.service';
import { accessBooking, bookingNotFound } from '../bookings/booking-access.public';
import { onSiteBalanceMail } from '../mail/guarantee-templates.public';
import { findDepositCard } from './deposit-cards.repository';
import { setDueChoice } from './payment-configs.repository';
import { chargeGuarantee } from './guarantee-charge';
import { cannotPay, eurosText, type PaymentDeps } from './payment-context';
import { EffectMails } from './payment-mails';
import { releaseAtProvider } from './open-intents.public';
import { dropUnpaid } from './share-recompute';
import { payableNow, sharesOf, listShareParticipants } from './payment-view.public';
import { findPaymentByKey, findPaymentConfig, lockBooking } from './payments.repository';

/*
 * The organizer's choice before the due date (docs/decisions.md, "The organizer's guarantee"): the
 * rest charged now to the guarantee card, paid on site (the team is told), or the unpaid
 * participants dropped from the split (docs/decisions.md, "Group shares"). Recorded once with a
 * conditional UPDATE of the payment config, in the booking's history.
 */

/** POST …/booking-payment/due-choice. */
export async function chooseAtDueDate(deps: PaymentDeps, customerId: string, bookingId: string, choice: DueChoice) {
  const mails = await EffectMails.open(deps);
  const chosen = await inTransaction(deps.db, async (tx) => {
    const access = await accessBooking(tx, bookingId, { kind: 'customer', customerId });
    if (access.role !== 'organizer') throw bookingNotFound();
    const booking = (await lockBooking(tx, bookingId))!;
    const config = await findPaymentConfig(tx, bookingId);
    if (config?.type !== 'collective_payment' || !payableNow(booking, config)) throw cannotPay();
    if (config.dueChoice) throw AppError.of('DUE_CHOICE_MADE', DUE_CHOICE_MESSAGES.alreadyChosen);
    const participants = await listShareParticipants(tx, bookingId);
    const shares = sharesOf(config, participants);
    const unpaid = participants.filter((person) => shares.has(person.id) && person.paymentStatus !== 'paid');
    const amountCents = unpaid.reduce((sum, person) => sum + shares.get(person.id)!, 0);
    if (amountCents === 0) throw AppError.of('ALREADY_PAID', DUE_CHOICE_MESSAGES.nothingUnpaid);
    if (choice === 'drop_unpaid' && unpaid.every((person) => person.role === 'Organisateur')) {
      throw AppError.of('DUE_CHOICE_MADE', DUE_CHOICE_MESSAGES.nobodyToDrop);
    }
    const card = await findDepositCard(tx, bookingId);
    if (choice === 'guarantee' && !(card?.paymentMethodId && card.guaranteeSettlement)) {
      throw AppError.of('PAYMENT_NOT_ALLOWED', DUE_CHOICE_MESSAGES.noGuarantee);
    }
    if ((await setDueChoice(tx, bookingId, choice)).length === 0) {
      throw AppError.of('DUE_CHOICE_MADE', DUE_CHOICE_MESSAGES.alreadyChosen);
    }
    const actor = await customerActor(tx, customerId);
    const split = choice === 'drop_unpaid' ? await dropUnpaid(tx, mails, booking, config, unpaid) : undefined;
    await recordAudit(tx, {
      ...actor,
      bookingId,
      action: 'due_choice',
      before: null,
      after: {
        choice,
        amountCents,
        ...(split
          ? { dropped: split.dropped, reopened: split.reopened, canceledIntents: split.canceled.map((row) => row.id) }
          : {}),
      },
    });
    if (choice === 'on_site') {
      await mails.add(
        tx,
        onSiteBalanceMail(mails.context, {
          reference: booking.reference,
          bookingId,
          organizer: actor.actorName,
          amountCents,
          startDate: booking.startDate,
        }),
      );
    }
    return { dueAt: config.dueAt, amountCents, split };
  });
  if (chosen.split) {
    // Once committed, never with the booking row locked (docs/decisions.md, "Payments", "Closing card intents").
    if (chosen.split.canceled.length > 0) await releaseAtProvider(deps, bookingId, chosen.split.canceled);
    return {
      message: DUE_CHOICE_MESSAGES.dropped(chosen.split.dropped.length, chosen.split.reopened.length),
      data: { choice, amountCents: chosen.amountCents },
    };
  }
  if (choice === 'on_site') {
    return {
      message: `C’est noté : vous réglerez le reste (${eurosText(chosen.amountCents)} €) sur place. Notre équipe est prévenue.`,
      data: { choice, amountCents: chosen.amountCents },
    };
  }
  const dueAt = chosen.dueAt.toISOString();
  await chargeGuarantee(deps, bookingId, dueAt);
  const charged = await findPaymentByKey(deps.db, `guarantee:${bookingId}:${dueAt}`);
  if (charged?.status !== 'completed') {
    // Refused: the organizer may choose again (the refusal mail and the history entry are written).
    await setDueChoice(deps.db, bookingId, null);
    throw AppError.of('CARD_ERROR', DUE_CHOICE_MESSAGES.refused);
  }
  return {
    message: `Le reste (${eurosText(charged.capturedCents)} €) a été débité sur votre carte de garantie : votre réservation est confirmée.`,
    data: { choice, amountCents: charged.capturedCents },
  };
}
