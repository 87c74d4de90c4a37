import type { z } from 'zod';
import { GROUP_MESSAGES, SHARE_REMINDER_INTERVAL_MS, type shareRemindersBody } from '../../../shared/api/group.schema';
import { isUuid } from '../../../shared/validation';
import { AppError } from '../../app-error';
import { inTransaction } from '../../db/transaction';
import { recordAudit } from '../audit/audit.service';
import { accessBooking, bookingNotFound, type Actor } from '../bookings/booking-access.public';
import { claimShareReminder } from '../bookings/participant-list.public';
import { shareReminderMail } from '../mail/group-templates.public';
import { cannotPay, type PaymentDeps } from './payment-context';
import { EffectMails } from './payment-mails';
import { payableNow, sharesOf, listShareParticipants } from './payment-view.public';
import { findPaymentConfig } from './payments.repository';

/**
 * POST …/booking-payment/reminders (the organizer) and POST /staff/…/share-reminders (the team):
 * one participant, or everyone whose share is not paid, at most once a day each (docs/decisions.md,
 * "Group shares"). Each reminder is claimed with one conditional UPDATE of the participant's
 * `last_reminded_at` and its e-mail written to the outbox in the same transaction: two clicks at
 * once send one mail. The team's reminders are written in the booking's history.
 */
export async function remindShares(
  deps: PaymentDeps,
  actor: Actor,
  bookingId: string,
  body: z.output<typeof shareRemindersBody>,
  now = new Date(),
) {
  const mails = await EffectMails.open(deps);
  const reminded = await inTransaction(deps.db, async (tx) => {
    const access = await accessBooking(tx, bookingId, actor);
    if (access.role === 'participant') throw bookingNotFound();
    const config = await findPaymentConfig(tx, bookingId);
    if (!config || config.type !== 'collective_payment')
      throw AppError.of('PAYMENT_NOT_ALLOWED', GROUP_MESSAGES.notCollective);
    if (!payableNow(access.booking, config, now)) throw cannotPay();
    const participants = await listShareParticipants(tx, bookingId);
    const shares = sharesOf(config, participants);
    const unpaid = participants.filter((person) => shares.has(person.id) && person.paymentStatus !== 'paid');
    const targets = body?.participantId
      ? participants.filter((person) => isUuid(body.participantId!) && person.id === body.participantId)
      : unpaid;
    if (body?.participantId) {
      if (targets.length === 0) throw AppError.of('NOT_FOUND', GROUP_MESSAGES.participantNotFound);
      if (!unpaid.includes(targets[0]!)) throw AppError.of('ALREADY_PAID', GROUP_MESSAGES.nothingToRemind);
    } else if (targets.length === 0) throw AppError.of('ALREADY_PAID', GROUP_MESSAGES.nothingToRemind);
    const notAfter = new Date(now.getTime() - SHARE_REMINDER_INTERVAL_MS);
    const done: string[] = [];
    for (const person of targets) {
      const claimed = await claimShareReminder(tx, person.id, now, notAfter);
      if (!claimed) continue;
      done.push(person.id);
      await mails.add(
        tx,
        shareReminderMail(mails.context, person.email, {
          firstName: person.firstName,
          reference: access.booking.reference,
          bookingId,
          amountCents: shares.get(person.id)!,
          dueAt: config.dueAt,
          startDate: access.booking.startDate,
        }),
      );
    }
    if (done.length === 0) {
      throw AppError.of(
        'REMINDER_TOO_SOON',
        body?.participantId ? GROUP_MESSAGES.reminderTooSoon : GROUP_MESSAGES.remindersTooSoon,
      );
    }
    if (actor.kind === 'staff') {
      await recordAudit(tx, {
        actorType: 'staff',
        actorId: actor.staffId,
        actorName: actor.name,
        bookingId,
        action: 'share_reminder_staff',
        before: null,
        after: { participantIds: done },
      });
    }
    return done;
  });
  return reminded;
}
