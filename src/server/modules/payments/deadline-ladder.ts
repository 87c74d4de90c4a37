import { SHARE_REMINDER_INTERVAL_MS } from '../../../shared/api/group.schema';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.service';
import { claimShareReminder } from '../bookings/participant-list.public';
import { findCustomerSummary } from '../bookings/booking-rows.service';
import { jobHandler, jobKind, scheduleJob, type JobHandler } from '../jobs/jobs.service';
import { shareReminderMail } from '../mail/group-templates.public';
import { dueChoiceMail } from '../mail/guarantee-templates.public';
import { findDepositCard } from './deposit-cards.repository';
import type { MaybeProviderDeps } from './open-intents.public';
import { EffectMails } from './payment-mails';
import { sharesOf, listShareParticipants } from './payment-view.public';
import { findPaymentConfig, lockBooking } from './payments.repository';

/*
 * The deadline ladder of a collective payment (docs/decisions.md, "The organizer's guarantee"):
 * D-7 and D-3 before the due date, a reminder to each participant whose share is unpaid (the same
 * once-a-day claim as the organizer's reminders); D-2, the organizer's mail to choose what happens
 * at the due date. Each step is a job keyed by the booking, the step and the due date, and writes
 * its entry in the booking's history.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const LADDER_STEPS = { d7: 7, d3: 3, d2: 2 } as const;
export type LadderStep = keyof typeof LADDER_STEPS;

const retried = { retryLimit: 10, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 5 * 60 };
export const deadlineLadderJob = jobKind<{ bookingId: string; dueAt: string; step: LadderStep }>({
  name: 'share-deadline',
  ...retried,
});

export const ladderStepAt = (dueAt: Date, step: LadderStep) => new Date(dueAt.getTime() - LADDER_STEPS[step] * DAY_MS);

/** With a collective payment configured: its steps still to come (a step already past is skipped). */
export async function scheduleDeadlineLadder(tx: Db, bookingId: string, dueAt: Date, now = new Date()) {
  for (const step of Object.keys(LADDER_STEPS) as LadderStep[]) {
    const at = ladderStepAt(dueAt, step);
    if (at.getTime() <= now.getTime()) continue;
    await scheduleJob(
      tx,
      deadlineLadderJob,
      { bookingId, dueAt: dueAt.toISOString(), step },
      { key: `share-deadline:${bookingId}:${step}:${dueAt.toISOString()}`, at },
    );
  }
}

/** One step, with the booking row locked; nothing when the booking is no longer a collective option due then. */
export async function runLadderStep(
  deps: MaybeProviderDeps,
  bookingId: string,
  dueAt: string,
  step: LadderStep,
  now: Date,
) {
  const mails = await EffectMails.open(deps);
  await inTransaction(deps.db, async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    const config = await findPaymentConfig(tx, bookingId);
    if (booking?.status !== 'prebooked' || config?.type !== 'collective_payment') return;
    if (config.dueAt.toISOString() !== dueAt || config.dueChoice) return;
    const participants = await listShareParticipants(tx, bookingId);
    const shares = sharesOf(config, participants);
    const unpaid = participants.filter((person) => shares.has(person.id) && person.paymentStatus !== 'paid');
    if (unpaid.length === 0) return;
    if (step === 'd2') {
      const card = await findDepositCard(tx, bookingId);
      const organizer = booking.customerId ? await findCustomerSummary(tx, booking.customerId) : undefined;
      const to = organizer ?? { email: booking.mainContact.email, firstName: booking.mainContact.firstName };
      const unpaidCents = unpaid.reduce((sum, person) => sum + shares.get(person.id)!, 0);
      await mails.add(
        tx,
        dueChoiceMail(mails.context, to.email, {
          reference: booking.reference,
          bookingId,
          firstName: to.firstName,
          unpaid: unpaid.length,
          unpaidCents,
          dueAt: config.dueAt,
          guaranteed: Boolean(card?.paymentMethodId && card.guaranteeSettlement),
        }),
      );
      await recordAudit(tx, {
        ...SYSTEM_ACTOR,
        bookingId,
        action: 'due_choice_asked',
        before: null,
        after: { unpaid: unpaid.length, unpaidCents },
      });
      return;
    }
    const notAfter = new Date(now.getTime() - SHARE_REMINDER_INTERVAL_MS);
    let reminded = 0;
    for (const person of unpaid) {
      if (!(await claimShareReminder(tx, person.id, now, notAfter))) continue;
      reminded += 1;
      await mails.add(
        tx,
        shareReminderMail(mails.context, person.email, {
          firstName: person.firstName,
          reference: booking.reference,
          bookingId,
          amountCents: shares.get(person.id)!,
          dueAt: config.dueAt,
          startDate: booking.startDate,
        }),
      );
    }
    await recordAudit(tx, {
      ...SYSTEM_ACTOR,
      bookingId,
      action: 'deadline_reminders',
      before: null,
      after: { step, unpaid: unpaid.length, reminded },
    });
  });
}

export function deadlineLadderHandler(deps: MaybeProviderDeps): JobHandler {
  return jobHandler(deadlineLadderJob, ({ data, now }) =>
    runLadderStep(deps, data.bookingId, data.dueAt, data.step, now),
  );
}
