import { CARD_HOLD_LIFETIME_DAYS, HOLD_EXPIRY_WARNING_HOURS, holdExpiresAt } from '../../../shared/payment-alerts';
import { inTransaction } from '../../db/transaction';
import type { ServiceDeps } from '../../deps';
import { holdExpiringMail } from '../mail/payment-templates.public';
import { EffectMails } from './payment-mails';
import { claimHoldsToWarn } from './payments.repository';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The team is e-mailed once per card hold that lapses within HOLD_EXPIRY_WARNING_HOURS (DESIGN.md
 * §3 "hold expiring"; the back-office shows the same alert as a badge). The claim and the e-mail
 * are one transaction: with the outbox a rolled-back claim leaves no e-mail, and a hold is never
 * announced twice, whatever the number of instances sweeping.
 */
export async function warnExpiringHolds(deps: ServiceDeps, now: Date = new Date()): Promise<number> {
  const authorizedBefore = new Date(
    now.getTime() - (CARD_HOLD_LIFETIME_DAYS * 24 - HOLD_EXPIRY_WARNING_HOURS) * HOUR_MS,
  );
  const mails = await EffectMails.open(deps);
  const warned = await inTransaction(deps.db, async (tx) => {
    const holds = await claimHoldsToWarn(tx, authorizedBefore, now);
    for (const hold of holds) {
      const contact = hold.booking.mainContact;
      await mails.add(
        tx,
        holdExpiringMail(mails.context, {
          reference: hold.booking.reference,
          bookingId: hold.bookingId,
          organizer: `${contact.firstName} ${contact.lastName}`.trim(),
          amountCents: hold.amountCents,
          expiresAt: holdExpiresAt(hold.authorizedAt),
          startDate: hold.booking.startDate,
          endDate: hold.booking.endDate,
        }),
      );
    }
    return holds.length;
  });
  return warned;
}

/** A sweep task (sweeps.service.ts): it needs no payment provider, so every sweep runs it, `npm run sweep` included. */
export const warnExpiringHoldsTask = { name: 'warn-expiring-holds', run: warnExpiringHolds };
