import { eq, sql } from 'drizzle-orm';
import { canMove } from '../../../shared/booking-status';
import type { Db } from '../../db/client';
import { bookingRequests } from '../../db/schema';
import type { ProviderEvent, ProviderIntent } from '../../providers/payments/payment-provider';
import { listParticipants } from '../bookings/customer-bookings.service';
import { EffectMails, mailEffect, type EffectDeps, type SettledBooking } from './payment-mails';
import {
  findPaymentByIntent,
  findPaymentConfig,
  listBookingPayments,
  lockBooking,
  markSharePaid,
  movePayment,
  recordEvent,
  setAuthorizationCanceled,
  type PaymentRow,
} from './payments.repository';
import { inTransaction } from '../../db/transaction';

/** Card payment kinds whose completed amounts count towards the quote total (deposits never do). */
const COUNTED_KINDS: PaymentRow['kind'][] = ['full', 'partial', 'share', 'cheque'];

export interface AppliedEffect {
  payment: PaymentRow;
  /** False when this intent state was already applied (replay, race with the other path). */
  changed: boolean;
}

/**
 * DESIGN.md §4 completion, in the transaction that changed a payment, with the booking row locked:
 * the booking's payment status follows its payments, and it becomes 'confirmed' (when the lifecycle
 * allows it) on the full or partial payment, the deposit authorized, or the last collective share.
 */
export async function settleBooking(db: Db, bookingId: string): Promise<SettledBooking | undefined> {
  const [booking, config, rows, participants] = await Promise.all([
    lockBooking(db, bookingId),
    findPaymentConfig(db, bookingId),
    listBookingPayments(db, bookingId),
    listParticipants(db, bookingId),
  ]);
  if (!booking || !config) return;
  const paidCents = rows
    .filter((row) => row.status === 'completed' && COUNTED_KINDS.includes(row.kind))
    .reduce((sum, row) => sum + row.capturedCents, 0);
  const holdAuthorized = rows.some(
    (row) => row.kind === 'deposit' && (row.status === 'authorized' || row.status === 'completed'),
  );
  let paymentStatus: typeof booking.paymentStatus = 'unpaid';
  let complete = false;
  let collective: SettledBooking['collective'] = null;
  switch (config.type) {
    case 'full_payment_organizer':
      complete = paidCents >= config.totalCents;
      paymentStatus = complete ? 'paid' : 'unpaid';
      break;
    case 'partial_payment_card':
      complete = rows.some((row) => row.kind === 'partial' && row.status === 'completed');
      paymentStatus = paidCents >= config.totalCents ? 'paid' : complete ? 'partial' : 'unpaid';
      break;
    case 'collective_payment': {
      const joined = participants.filter((person) => person.invitationStatus === 'joined');
      complete = joined.length > 0 && joined.every((person) => person.paymentStatus === 'paid');
      collective = { paid: joined.filter((person) => person.paymentStatus === 'paid').length, total: joined.length };
      paymentStatus = complete || paidCents >= config.totalCents ? 'paid' : paidCents > 0 ? 'partial' : 'unpaid';
      break;
    }
    case 'deposit_card':
      complete = holdAuthorized;
      paymentStatus = complete ? 'authorized' : 'unpaid';
      break;
    case 'deposit_check':
      complete = rows.some((row) => row.kind === 'cheque' && row.status === 'completed');
      paymentStatus = complete ? 'authorized' : 'unpaid';
      break;
  }
  const status = complete && canMove(booking.status, 'confirmed') ? 'confirmed' : booking.status;
  const settled = {
    booking,
    totalCents: config.totalCents,
    paidCents,
    confirmed: status === 'confirmed' && booking.status !== 'confirmed',
    collective,
  };
  if (status === booking.status && paymentStatus === booking.paymentStatus) return settled;
  await db
    .update(bookingRequests)
    .set({
      status,
      paymentStatus,
      updatedAt: sql`greatest(now(), ${bookingRequests.updatedAt} + interval '1 millisecond')`,
    })
    .where(eq(bookingRequests.id, bookingId));
  return settled;
}

/**
 * Applies one provider state of an intent to its payment: the one place where money changes a
 * booking. Webhook, replays, the client's stripe-confirm and the test form all come here; the
 * conditional moves make every state count once, and states never go backwards (an old
 * 'payment_failed' arriving after 'succeeded' changes nothing). The e-mails of a change (payment
 * received, hold authorized, booking confirmed) are written by the move that made it, so once.
 */
export async function applyIntentState(deps: EffectDeps, intent: ProviderIntent): Promise<AppliedEffect | null> {
  const mails = await EffectMails.open(deps);
  const effect = await applyIntentIn(deps.db, intent, mails);
  await mails.flush();
  return effect;
}

/** In `db`'s transaction (a savepoint when `db` is one already). */
async function applyIntentIn(db: Db, intent: ProviderIntent, mails: EffectMails): Promise<AppliedEffect | null> {
  return inTransaction(db, async (txDb) => {
    const found = await findPaymentByIntent(txDb, intent.id);
    if (!found) return null;
    await lockBooking(txDb, found.bookingId);
    const payment = (await findPaymentByIntent(txDb, intent.id, { forUpdate: true }))!;
    const open: PaymentRow['status'][] = ['pending', 'requires_action', 'failed'];
    let moved: PaymentRow | undefined;
    switch (intent.status) {
      case 'succeeded':
        moved = await movePayment(txDb, payment.id, payment.kind === 'deposit' ? [...open, 'authorized'] : open, {
          status: 'completed',
          capturedCents: intent.amountReceivedCents,
          failureMessage: null,
        });
        if (moved?.kind === 'share' && moved.participantId) {
          await markSharePaid(txDb, moved.participantId, moved.amountCents, new Date());
        }
        break;
      case 'requires_capture':
        moved = await movePayment(txDb, payment.id, open, { status: 'authorized', failureMessage: null });
        break;
      case 'requires_action':
        moved = await movePayment(txDb, payment.id, ['pending', 'failed'], { status: 'requires_action' });
        break;
      case 'requires_payment_method':
        if (intent.lastError) {
          moved = await movePayment(txDb, payment.id, ['pending', 'requires_action'], {
            status: 'failed',
            failureMessage: intent.lastError,
          });
        }
        break;
      case 'canceled':
        moved = await movePayment(txDb, payment.id, [...open, 'authorized'], { status: 'canceled' });
        if (moved?.kind === 'deposit' && payment.status === 'authorized') {
          await setAuthorizationCanceled(txDb, payment.bookingId);
        }
        break;
      default:
        break;
    }
    if (moved) {
      const settled = await settleBooking(txDb, payment.bookingId);
      // A hold captured after the stay (damage) is not a new payment of the booking: no e-mail.
      if (!(moved.kind === 'deposit' && payment.status === 'authorized')) await mailEffect(txDb, mails, moved, settled);
    }
    return { payment: moved ?? payment, changed: Boolean(moved) };
  });
}

/**
 * A provider event (Stripe's webhook, or the test provider's equivalent) applied once: its id is
 * recorded in provider_events in the same transaction as its effect and its e-mails.
 */
export async function applyProviderEvent(deps: EffectDeps, event: ProviderEvent): Promise<boolean> {
  const mails = await EffectMails.open(deps);
  const applied = await inTransaction(deps.db, async (txDb) => {
    if (!(await recordEvent(txDb, event.id, event.type))) return false;
    if (event.intent && event.type.startsWith('payment_intent.')) {
      // Nested: PGlite and node-postgres both turn it into a savepoint of this transaction.
      await applyIntentIn(txDb, event.intent, mails);
    }
    return true;
  });
  await mails.flush();
  return applied;
}
