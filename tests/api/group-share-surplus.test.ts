import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { lockBookingRow } from '../../src/server/db/booking-row';
import {
  auditLog,
  outbox,
  paymentConfigs,
  payments,
  providerRefunds,
  testProviderIntents,
} from '../../src/server/db/schema';
import { inTransaction } from '../../src/server/db/transaction';
import type { ServiceDeps } from '../../src/server/deps';
import { outboxMailer } from '../../src/server/modules/mail/mailer.public';
import { EffectMails } from '../../src/server/modules/payments/payment-mails';
import { findPaymentConfig } from '../../src/server/modules/payments/payments.repository';
import { resplit } from '../../src/server/modules/payments/share-recompute';
import { serviceDepsFromConfig } from '../../src/server/service-deps-from-config';
import { participantRow, paymentRows, payShare, prebookedBooking } from '../support/payment-states';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let deps: ServiceDeps;

beforeAll(async () => {
  t = await createTestApp();
  deps = serviceDepsFromConfig(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), t.db, t.app.log, outboxMailer());
});

afterAll(async () => {
  await t?.close();
});

/** A recomputation of the split as the services run it: its own transaction, the booking row locked. */
async function recompute(bookingId: string) {
  const mails = await EffectMails.open(deps);
  return inTransaction(t.db, async (tx) => {
    const booking = (await lockBookingRow(tx, bookingId))!;
    const config = (await findPaymentConfig(tx, bookingId))!;
    return resplit(tx, mails, booking, config);
  });
}

/** 90 € shared by three (30 € each), the first participant's share paid; then the quote drops to 75 €. */
async function paidThenCheaper() {
  const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 9_000, joined: 2 });
  const payer = state.participants[0]!;
  await payShare(t.app, state.bookingId, payer.participantId, payer.token);
  await t.db.update(paymentConfigs).set({ totalCents: 7_500 }).where(eq(paymentConfigs.bookingId, state.bookingId));
  return { state, payer };
}

describe('a share made smaller than what was paid (docs/decisions.md, "Group shares")', () => {
  it('refunds the surplus to the payer’s card once, even for two recomputations at once', async () => {
    const { state, payer } = await paidThenCheaper();
    await Promise.all([recompute(state.bookingId), recompute(state.bookingId)]);

    expect(await participantRow(t.db, payer.participantId)).toMatchObject({
      paymentStatus: 'paid',
      paymentAmountCents: 2_500,
    });
    const [share] = (await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'share');
    expect(share).toMatchObject({ capturedCents: 3_000, refundedCents: 500, status: 'completed' });

    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, payer.email), eq(outbox.template, 'share-decreased')));
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Votre part a diminué : 5,00 € vous sont remboursés – réservation ${state.reference}`,
    ]);
    const history = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.bookingId, state.bookingId), eq(auditLog.action, 'share_refund')));
    expect(history).toHaveLength(1);
    expect(history[0]!.after).toMatchObject({
      participantId: payer.participantId,
      shareCents: 2_500,
      refundCents: 500,
    });

    // The job sends it to the provider, once, and the refund is followed to its end.
    await t.app.jobs.runDue(new Date(Date.now() + 60_000));
    await t.app.jobs.runDue(new Date(Date.now() + 120_000));
    const refunds = await t.db.select().from(providerRefunds).where(eq(providerRefunds.bookingId, state.bookingId));
    expect(refunds.map((row) => [row.paymentId, row.amountCents, row.status])).toEqual([[share!.id, 500, 'succeeded']]);

    // Recomputing again changes nothing: the share already equals what is kept.
    await recompute(state.bookingId);
    const [again] = (await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'share');
    expect(again!.refundedCents).toBe(500);
  });

  it('a refund the provider refuses is kept failed for the team, its amount back on the payment, once', async () => {
    const { state } = await paidThenCheaper();
    await recompute(state.bookingId);
    const [share] = (await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'share');
    expect(share!.refundedCents).toBe(500);
    // The provider no longer holds the money (refunded or disputed elsewhere): it refuses the refund.
    await t.db
      .update(testProviderIntents)
      .set({ amountReceivedCents: 0 })
      .where(eq(testProviderIntents.id, share!.providerIntentId!));

    await t.app.jobs.runDue(new Date(Date.now() + 60_000));
    await t.app.jobs.runDue(new Date(Date.now() + 10 * 60_000));
    const refunds = await t.db.select().from(providerRefunds).where(eq(providerRefunds.bookingId, state.bookingId));
    expect(refunds.map((row) => [row.paymentId, row.amountCents, row.status, row.failureReason])).toEqual([
      [share!.id, 500, 'failed', 'Remboursement impossible pour ce paiement'],
    ]);
    const [after] = (await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'share');
    expect(after).toMatchObject({ capturedCents: 3_000, refundedCents: 0, status: 'completed' });
  });

  it('a surplus paid by cheque cannot go back by itself: 409 and nothing changes', async () => {
    const { state, payer } = await paidThenCheaper();
    await t.db
      .update(payments)
      .set({ provider: 'manual', kind: 'cheque', providerIntentId: null })
      .where(eq(payments.bookingId, state.bookingId));
    await expect(recompute(state.bookingId)).rejects.toMatchObject({
      message:
        'Ce changement rendrait la part d’un participant inférieure à ce qu’il a déjà payé : contactez notre équipe.',
    });
    expect((await participantRow(t.db, payer.participantId)).paymentAmountCents).toBe(3_000);
    const [cheque] = await paymentRows(t.db, state.bookingId);
    expect(cheque!.refundedCents).toBe(0);
  });
});
