import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments } from '../../src/server/db/schema';
import { expectError } from '../support/auth';
import { cb } from '../support/customer-bookings';
import { pay, prebookedBooking } from '../support/payment-states';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { createTestApp, type TestApp } from '../support/test-app';

/** Refunds followed to their end (docs/decisions.md): Stripe's refund events through the SDK and the stand-in. */

let t: TestApp;
let stripe: StripeStandIn;
let staff: TestStaff;
const WEBHOOK = '/api/v1/payments/stripe/webhook';

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({ env: stripe.env });
  staff = await createStaffWithSession(t.db);
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

interface RefundView {
  _id: string;
  paymentId: string;
  amount: number;
  status: string;
  statusLabel: string;
  failure: string | null;
}

/** A paid, then canceled booking refunded by the team while Stripe accepts refunds as pending. */
async function pendingRefund() {
  const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 45_000 });
  const intent = await cb(t.app, 'POST', pay(state.bookingId, 'organizer-stripe-intent'), state.organizer.token, {});
  const intentId = intent.json().data.intentId as string;
  stripe.confirm(intentId);
  await cb(t.app, 'POST', pay(state.bookingId, 'stripe-confirm'), state.organizer.token, { intentId });
  const canceled = await staffCall(t.app, 'POST', `/booking-requests/${state.bookingId}/cancel`, staff.token, {
    reason: 'Demande du client',
  });
  expect(canceled.statusCode, canceled.body).toBe(200);
  stripe.refundsPending = true;
  const refund = await staffCall(t.app, 'POST', `/booking-requests/${state.bookingId}/refund`, staff.token, {});
  stripe.refundsPending = false;
  expect(refund.statusCode, refund.body).toBe(200);
  const [refundId] = [...stripe.refunds.values()].filter((entry) => entry.payment_intent === intentId).map((r) => r.id);
  return { state, intentId, refundId: refundId! };
}

async function staffRefunds(bookingId: string): Promise<RefundView[]> {
  const res = await staffCall(t.app, 'GET', `/booking-requests/${bookingId}/payments`, staff.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.refunds as RefundView[];
}

async function alertsOf(bookingId: string) {
  const detail = await staffCall(t.app, 'GET', `/booking-requests/${bookingId}`, staff.token);
  return (detail.json().data.paymentAlerts as Array<{ kind: string }>).map((alert) => alert.kind);
}

function sendEvent(type: 'refund.failed' | 'refund.updated' | 'charge.refund.updated', refundId: string, id?: string) {
  const { payload, headers } = stripe.webhook(type, structuredClone(stripe.refunds.get(refundId)!), id ? { id } : {});
  return t.app.inject({ method: 'POST', url: WEBHOOK, payload, headers });
}

/** The team's moves of failed refunds in the booking's history. */
async function refundAudit(bookingId: string) {
  const rows = await t.db.select().from(auditLog).where(eq(auditLog.bookingId, bookingId));
  return rows.filter((row) => row.action === 'refund_retried' || row.action === 'refund_resolved');
}

describe('Refunds followed to their end', () => {
  it('refund.failed: the team sees the failure and the alert, retries once with a new refund', async () => {
    const { state, intentId, refundId } = await pendingRefund();
    const [pending] = await staffRefunds(state.bookingId);
    expect(pending).toMatchObject({ _id: refundId, status: 'pending', statusLabel: 'En cours', failure: null });
    const [paid] = await t.db.select().from(payments).where(eq(payments.providerIntentId, intentId));
    expect(paid!.refundedCents).toBe(Math.round(pending!.amount * 100));

    stripe.settleRefund(refundId, 'failed');
    const delivered = await sendEvent('refund.failed', refundId, 'evt_refund_failed_1');
    expect(delivered.statusCode, delivered.body).toBe(200);
    // The same event again, and the refund.updated Stripe sends with it, change nothing more.
    await sendEvent('refund.failed', refundId, 'evt_refund_failed_1');
    await sendEvent('refund.updated', refundId);
    const [failed] = await staffRefunds(state.bookingId);
    expect(failed).toMatchObject({
      status: 'failed',
      statusLabel: 'Échec',
      failure: 'La carte du client est expirée ou résiliée',
    });
    const [afterFailure] = await t.db.select().from(payments).where(eq(payments.providerIntentId, intentId));
    expect(afterFailure).toMatchObject({ refundedCents: 0, status: 'completed' });
    expect(await alertsOf(state.bookingId)).toContain('refund_failed');
    const queue = await staffCall(t.app, 'GET', `/booking-requests?q=${state.reference}`, staff.token);
    expect(queue.json().data.bookingRequests[0].paymentAlerts.map((alert: { kind: string }) => alert.kind)).toContain(
      'refund_failed',
    );

    const retry = () =>
      staffCall(t.app, 'POST', `/booking-requests/${state.bookingId}/refunds/${refundId}/retry`, staff.token);
    const [first, second] = await Promise.all([retry(), retry()]);
    const ok = [first, second].find((res) => res.statusCode === 200)!;
    const refused = [first, second].find((res) => res.statusCode !== 200)!;
    expect(ok.json()).toMatchObject({ message: 'Remboursement relancé', data: { status: 'succeeded' } });
    expectError(
      refused,
      409,
      'Ce remboursement n’est pas en échec : il a déjà été relancé ou réglé.',
      'REFUND_NOT_FAILED',
    );
    const sent = stripe.requests.filter(
      (request) => request.path === '/v1/refunds' && request.form.payment_intent === intentId,
    );
    expect(sent.map((request) => request.idempotencyKey)).toEqual([
      expect.stringMatching(/^refund:/),
      `refund-retry:${refundId}`,
    ]);
    const views = await staffRefunds(state.bookingId);
    expect(views.map((view) => [view.status, view.amount])).toEqual([
      ['retried', pending!.amount],
      ['succeeded', pending!.amount],
    ]);
    const [afterRetry] = await t.db.select().from(payments).where(eq(payments.providerIntentId, intentId));
    expect(afterRetry!.refundedCents).toBe(Math.round(pending!.amount * 100));
    expect(await alertsOf(state.bookingId)).not.toContain('refund_failed');
    // One entry in the booking's history for the two clicks, by the staff member.
    expect(await refundAudit(state.bookingId)).toEqual([
      expect.objectContaining({
        action: 'refund_retried',
        actorType: 'staff',
        after: expect.objectContaining({ refundStatus: 'retried', newRefundId: views[1]!._id }),
      }),
    ]);
  });

  it('a failed refund settled by hand is marked resolved; charge.refund.updated follows a success', async () => {
    const { state, refundId } = await pendingRefund();
    stripe.settleRefund(refundId, 'failed');
    await sendEvent('charge.refund.updated', refundId);
    const resolve = await staffCall(
      t.app,
      'POST',
      `/booking-requests/${state.bookingId}/refunds/${refundId}/resolve`,
      staff.token,
    );
    expect(resolve.json()).toMatchObject({ message: 'Remboursement marqué comme réglé', data: { status: 'resolved' } });
    expect(await alertsOf(state.bookingId)).not.toContain('refund_failed');
    expect(await refundAudit(state.bookingId)).toEqual([
      expect.objectContaining({
        action: 'refund_resolved',
        actorType: 'staff',
        before: expect.objectContaining({ refundId }),
      }),
    ]);

    const other = await pendingRefund();
    stripe.settleRefund(other.refundId, 'succeeded');
    await sendEvent('charge.refund.updated', other.refundId);
    expect((await staffRefunds(other.state.bookingId))[0]).toMatchObject({
      status: 'succeeded',
      statusLabel: 'Remboursé',
    });
    // Another booking's refund is not found from this one.
    const stranger = await staffCall(
      t.app,
      'POST',
      `/booking-requests/${state.bookingId}/refunds/${other.refundId}/retry`,
      staff.token,
    );
    expectError(stranger, 404, 'Remboursement introuvable');
  });
});
