import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { LookupOptions } from '../../db/transaction';
import { activeParticipationOf } from '../../db/participation';
import {
  bookingParticipants,
  bookingRequests,
  customers,
  paymentConfigs,
  payments,
  providerEvents,
} from '../../db/schema';
import { selectWithBooking } from '../../db/booking-joins';
import { firstRowWhere } from '../../db/first-row';

export type PaymentConfigRow = typeof paymentConfigs.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export async function findPaymentConfig(db: Db, bookingId: string): Promise<PaymentConfigRow | undefined> {
  return firstRowWhere(db, paymentConfigs, eq(paymentConfigs.bookingId, bookingId));
}

export async function findConfigByContract(db: Db, filename: string) {
  return firstRowWhere(db, paymentConfigs, eq(paymentConfigs.contractFilename, filename));
}

export async function setAuthorizationCanceled(db: Db, bookingId: string) {
  await db
    .update(paymentConfigs)
    .set({ authorizationCanceled: true, updatedAt: new Date() })
    .where(eq(paymentConfigs.bookingId, bookingId));
}

export async function listBookingPayments(db: Db, bookingId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.createdAt));
}

export async function findPaymentByKey(db: Db, idempotencyKey: string) {
  return firstRowWhere(db, payments, eq(payments.idempotencyKey, idempotencyKey));
}

export async function findPaymentByIntent<D extends Db>(db: D, intentId: string, options?: LookupOptions<D>) {
  const query = db.select().from(payments).where(eq(payments.providerIntentId, intentId));
  const rows = options?.forUpdate ? await query.for('update') : await query;
  return rows[0];
}

/**
 * Claims a business intent: the first caller inserts, every concurrent one gets nothing back. One
 * statement (insert … on conflict do nothing), so it is atomic in or out of a transaction.
 */
export async function claimPayment(db: Db, values: typeof payments.$inferInsert): Promise<PaymentRow | undefined> {
  const rows = await db
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();
  return rows[0];
}

export async function setPaymentIntent(db: Db, id: string, intentId: string) {
  await db
    .update(payments)
    .set({ providerIntentId: intentId, updatedAt: new Date() })
    .where(and(eq(payments.id, id), sql`${payments.providerIntentId} is null`));
}

/**
 * Moves a payment to `to` only from one of `from`: the conditional UPDATE is what makes a webhook,
 * its replays and the client's stripe-confirm give one effect between them.
 */
export async function movePayment(
  db: Db,
  id: string,
  from: PaymentRow['status'][],
  values: Partial<typeof payments.$inferInsert> & { status: PaymentRow['status'] },
): Promise<PaymentRow | undefined> {
  const rows = await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(payments.id, id), inArray(payments.status, from)))
    .returning();
  return rows[0];
}

export async function insertPayment(db: Db, values: typeof payments.$inferInsert) {
  const rows = await db.insert(payments).values(values).returning();
  return rows[0]!;
}

/** Removes a payment row only while it is still in `status` (a claim nothing was done for). */
export async function deletePayment(db: Db, id: string, status: PaymentRow['status']) {
  await db.delete(payments).where(and(eq(payments.id, id), eq(payments.status, status)));
}

export async function addRefunded(db: Db, id: string, cents: number) {
  const rows = await db
    .update(payments)
    .set({
      refundedCents: sql`${payments.refundedCents} + ${cents}`,
      status: sql`case when ${payments.refundedCents} + ${cents} >= ${payments.capturedCents} then 'refunded' else ${payments.status} end`,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, id))
    .returning();
  return rows[0];
}

/** Marks a share paid once: only the caller that moves it from unpaid gets the row. */
/** Records an event id; false when it was already applied (replays and duplicates). */
export async function recordEvent(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db.insert(providerEvents).values({ id, type }).onConflictDoNothing().returning();
  return rows.length > 0;
}

export { lockBookingRow as lockBooking } from '../../db/booking-row';

/** Every payment of the bookings a customer organizes or joined, newest first. */
/** The names of the customers who paid (the staff's payment list). */
export async function listPayerNames(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(inArray(customers.id, ids));
}

export async function listCustomerPayments(db: Db, customerId: string) {
  const bookingIds = db
    .select({ id: bookingParticipants.bookingId })
    .from(bookingParticipants)
    .where(activeParticipationOf(customerId));
  const fields = { payment: payments, reference: bookingRequests.reference, contract: paymentConfigs.contractFilename };
  return selectWithBooking(db, fields, payments)
    .leftJoin(paymentConfigs, eq(paymentConfigs.bookingId, payments.bookingId))
    .where(
      and(
        inArray(payments.bookingId, bookingIds),
        sql`(${payments.payerCustomerId} = ${customerId} or ${bookingRequests.customerId} = ${customerId})`,
      ),
    )
    .orderBy(desc(payments.createdAt));
}

/** Bookings of a customer that have a contract (a payment config), for the dashboard. */
export async function listCustomerContracts(db: Db, customerId: string) {
  const fields = {
    bookingId: bookingRequests.id,
    reference: bookingRequests.reference,
    contract: paymentConfigs.contractFilename,
  };
  return selectWithBooking(db, fields, paymentConfigs)
    .innerJoin(bookingParticipants, eq(bookingParticipants.bookingId, bookingRequests.id))
    .where(and(activeParticipationOf(customerId), eq(bookingRequests.adminValidation, 'validated')))
    .orderBy(desc(bookingRequests.startDate));
}

/** The holds still authorized on bookings whose last day is before `endedBefore` (the backstop's). */
export function listHoldsToRelease(db: Db, endedBefore: string) {
  return selectWithBooking(db, { payment: payments }, payments).where(
    and(
      eq(payments.kind, 'deposit'),
      eq(payments.status, 'authorized'),
      sql`${bookingRequests.endDate} < ${endedBefore}`,
    ),
  );
}

/**
 * Claims the card holds that lapse before `warnFrom` (authorized, on a booking still to come or
 * under way) and whose team warning is not sent yet: one conditional UPDATE, so two sweeps at once
 * claim each hold once. `updated_at` is left alone: it dates the authorization (payment alerts).
 */
export async function claimHoldsToWarn(db: Db, authorizedBefore: Date, now: Date) {
  const claimed = await holdsToWarnClaim(db, authorizedBefore, now);
  if (claimed.length === 0) return [];
  const bookings = await db
    .select({
      id: bookingRequests.id,
      reference: bookingRequests.reference,
      startDate: bookingRequests.startDate,
      endDate: bookingRequests.endDate,
      mainContact: bookingRequests.mainContact,
    })
    .from(bookingRequests)
    .where(
      inArray(
        bookingRequests.id,
        claimed.map((hold) => hold.bookingId),
      ),
    );
  const byId = new Map(bookings.map((booking) => [booking.id, booking]));
  return claimed.flatMap((hold) => {
    const booking = byId.get(hold.bookingId);
    return booking ? [{ ...hold, booking }] : [];
  });
}

/** The conditional UPDATE of `claimHoldsToWarn`: authorized holds served by `payments_open`. */
export function holdsToWarnClaim(db: Db, authorizedBefore: Date, now: Date) {
  return db
    .update(payments)
    .set({ holdWarningSentAt: now })
    .where(
      and(
        eq(payments.kind, 'deposit'),
        eq(payments.status, 'authorized'),
        sql`${payments.holdWarningSentAt} is null`,
        sql`${payments.updatedAt} <= ${authorizedBefore.toISOString()}`,
        sql`exists (select 1 from booking_requests b where b.id = ${payments.bookingId}
          and b.status not in ('canceled', 'completed'))`,
        // A saved card's hold is renewed by its job before it lapses (docs/decisions.md, "Card holds").
        sql`not exists (select 1 from deposit_cards c where c.booking_id = ${payments.bookingId}
          and c.payment_method_id is not null)`,
      ),
    )
    .returning({
      paymentId: payments.id,
      bookingId: payments.bookingId,
      amountCents: payments.amountCents,
      authorizedAt: payments.updatedAt,
    });
}

/**
 * Claims the provider call of a refund row (a refused success's refund): from 'pending' (not sent
 * yet) or 'failed' (the provider failed), or 'requires_action' left by a caller that stopped before
 * `staleBefore`. One conditional UPDATE: of concurrent callers, one sends it.
 */
export async function claimRefundRun(db: Db, idempotencyKey: string, staleBefore: Date) {
  const rows = await db
    .update(payments)
    .set({ status: 'requires_action', updatedAt: new Date() })
    .where(
      and(
        eq(payments.idempotencyKey, idempotencyKey),
        eq(payments.kind, 'refund'),
        sql`(${payments.status} in ('pending', 'failed') or (${payments.status} = 'requires_action' and ${payments.updatedAt} < ${staleBefore.toISOString()}))`,
      ),
    )
    .returning();
  return rows[0];
}

/**
 * The refused payments whose refund is still owed (their late-refund row failed at the provider, or
 * was claimed by a caller that stopped before `staleBefore`), with their card intent: for the sweep.
 */
export function listLateRefundsOwed(db: Db, staleBefore: Date) {
  const refund = alias(payments, 'refund');
  return (
    db
      .select({ intentId: payments.providerIntentId, refundId: refund.id })
      .from(refund)
      // The refused payment by its primary key, from the refund's key (`lateRefundKey`): the key built
      // from every payment's id, the other way round, read the whole table.
      .innerJoin(
        payments,
        sql`${payments.id} = case when ${refund.idempotencyKey} like 'late-refund:%' then substr(${refund.idempotencyKey}, 13)::uuid end`,
      )
      .where(
        and(
          eq(refund.kind, 'refund'),
          sql`${payments.providerIntentId} is not null`,
          sql`(${refund.status} = 'failed' or (${refund.status} in ('pending', 'requires_action') and ${refund.updatedAt} < ${staleBefore.toISOString()}))`,
        ),
      )
      .orderBy(asc(refund.createdAt))
  );
}

/** The refund rows of some bookings (the customer's history tells whose payment each refunded). */
export async function listRefundRows(db: Db, bookingIds: string[]): Promise<PaymentRow[]> {
  if (bookingIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.bookingId, bookingIds), eq(payments.kind, 'refund')))
    .orderBy(asc(payments.createdAt));
}

/** Card payment kinds that have a provider intent (a refund row has none of its own). */
const INTENT_KINDS: PaymentRow['kind'][] = ['full', 'partial', 'deposit', 'share'];

/** A card intent not paid yet: the customer may still pay it. */
export const OPEN_INTENT_STATUSES: PaymentRow['status'][] = ['pending', 'requires_action', 'failed'];

/**
 * Cancels in the database, in the caller's transaction, the booking's card intents not paid yet
 * (one conditional UPDATE … RETURNING): a success the provider reports for one of them afterwards
 * is a success on a canceled intent and never counts towards the booking.
 */
export async function cancelOpenIntentRows(db: Db, bookingId: string): Promise<PaymentRow[]> {
  return db
    .update(payments)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(
      and(
        eq(payments.bookingId, bookingId),
        inArray(payments.kind, INTENT_KINDS),
        sql`${payments.provider} <> 'manual'`,
        inArray(payments.status, OPEN_INTENT_STATUSES),
      ),
    )
    .returning();
}

/** The booking's card intents that may still take money (not paid yet) or hold it (a hold not captured). */
export async function listUnsettledIntents(db: Db, bookingId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        inArray(payments.kind, INTENT_KINDS),
        sql`${payments.provider} <> 'manual'`,
        sql`${payments.providerIntentId} is not null`,
        inArray(payments.status, [...OPEN_INTENT_STATUSES, 'authorized']),
      ),
    )
    .orderBy(asc(payments.createdAt));
}

/**
 * Card intents still open or holding money on canceled bookings: what a release at the provider
 * left behind (provider unreachable, or no provider where the booking was canceled). The sweep
 * retries them.
 */
export function listIntentsOfCanceledBookings(db: Db) {
  return selectWithBooking(db, { payment: payments }, payments)
    .where(
      and(
        eq(bookingRequests.status, 'canceled'),
        inArray(payments.kind, INTENT_KINDS),
        sql`${payments.provider} <> 'manual'`,
        sql`${payments.providerIntentId} is not null`,
        inArray(payments.status, [...OPEN_INTENT_STATUSES, 'authorized']),
      ),
    )
    .orderBy(asc(payments.createdAt));
}
