import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { ServiceDeps } from '../../deps';
import { ProviderError, type PaymentProvider, type ProviderIntent } from '../../providers/payments/payment-provider';
import { listAudit, recordAudit, SYSTEM_ACTOR, type AuditActor } from '../audit/audit.service';
import { applyIntentState } from './payment-effects';
import { collectMoves } from './moved-payments';
import type { EffectDeps } from './payment-mails';
import {
  cancelOpenIntentRows,
  listIntentsOfCanceledBookings,
  listUnsettledIntents,
  lockBooking,
  movePayment,
  OPEN_INTENT_STATUSES,
  type PaymentRow,
} from './payments.repository';

/*
 * The card intents a booking must not keep open: those of a canceled booking (a hold on the
 * customer's card, an intent still payable) and those a new payment configuration replaces.
 * The database moves in the caller's transaction; the provider is called once it has committed,
 * never while the booking row is locked (the test provider applies its own event, which locks it).
 */

export interface ReleaseDeps extends EffectDeps {
  provider: PaymentProvider;
}

/** Deps that may carry the payment provider (the staff actions and the sweeps get it where wired). */
export type MaybeProviderDeps = ServiceDeps & { provider?: PaymentProvider };

/** What the audit trail keeps of a payment row. */
export function paymentTrace(row: PaymentRow) {
  return { paymentId: row.id, kind: row.kind, status: row.status, amountCents: row.amountCents };
}

/** Cancels, in `db`'s transaction, the booking's intents not paid yet (see cancelOpenIntentRows). */
export function cancelOpenIntentsIn(db: Db, bookingId: string): Promise<PaymentRow[]> {
  return cancelOpenIntentRows(db, bookingId);
}

/** The booking's intents still open or holding money (what a cancellation releases). */
export function unsettledIntentsOf(db: Db, bookingId: string): Promise<PaymentRow[]> {
  return listUnsettledIntents(db, bookingId);
}

/**
 * One intent canceled at the provider and its state applied as the webhook would. A provider that
 * refuses (the intent went through meanwhile) is asked for the intent, so the database follows what
 * really happened; one that cannot be reached leaves the row as it is, for the sweep to retry.
 */
async function releaseOne(deps: ReleaseDeps, row: PaymentRow): Promise<ProviderIntent | null> {
  const intentId = row.providerIntentId!;
  let intent: ProviderIntent;
  try {
    intent = await deps.provider.cancelIntent(intentId, `release:${row.id}`);
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'not_found') {
      // The provider never had it or lost it (a test database reset): nothing can be paid on it.
      await movePayment(deps.db, row.id, [...OPEN_INTENT_STATUSES, 'authorized'], { status: 'canceled' });
      return null;
    }
    if (!(error instanceof ProviderError) || error.kind !== 'invalid') {
      deps.log.error({ err: error, paymentId: row.id }, 'intention de paiement non annulée');
      return null;
    }
    try {
      intent = await deps.provider.retrieveIntent(intentId);
    } catch (retrieveError) {
      deps.log.error({ err: retrieveError, paymentId: row.id }, 'intention de paiement non annulée');
      return null;
    }
  }
  await applyIntentState(deps, intent);
  return intent;
}

/**
 * The audit entry of intents released at the provider, once per payment: the immediate release and
 * the sweep's retry may both see the same intent canceled.
 */
async function auditReleased(db: Db, bookingId: string, actor: AuditActor, released: PaymentRow[]) {
  await inTransaction(db, async (tx) => {
    await lockBooking(tx, bookingId);
    const recorded = new Set(
      (await listAudit(tx, bookingId))
        .filter((entry) => entry.action === 'payments_released')
        .flatMap((entry) => ((entry.after?.payments ?? []) as Array<{ paymentId: string }>).map((p) => p.paymentId)),
    );
    const fresh = released.filter((row) => !recorded.has(row.id));
    if (fresh.length === 0) return;
    await recordAudit(tx, {
      ...actor,
      bookingId,
      action: 'payments_released',
      before: { payments: fresh.map(paymentTrace) },
      after: { payments: fresh.map((row) => ({ ...paymentTrace(row), status: 'canceled' })) },
    });
  });
}

/**
 * Cancels `rows` at the provider. Returns the rows whose intent is now canceled there; the others
 * were paid meanwhile (their success applied) or the provider failed (logged, retried by the sweep).
 * `audit` records the release of rows that were still open or held in the database.
 */
export async function releaseAtProvider(
  deps: ReleaseDeps,
  bookingId: string,
  rows: PaymentRow[],
  audit?: AuditActor,
): Promise<PaymentRow[]> {
  const released: PaymentRow[] = [];
  for (const row of rows) {
    if (!row.providerIntentId) continue;
    try {
      const intent = await releaseOne(deps, row);
      if (intent?.status === 'canceled') released.push(row);
    } catch (error) {
      // Called after a committed change: a failure here never undoes it; the sweep retries.
      deps.log.error({ err: error, paymentId: row.id }, 'intention de paiement non annulée');
    }
  }
  const held = released.filter((row) => row.status !== 'canceled');
  if (audit && held.length > 0) {
    try {
      await auditReleased(deps.db, bookingId, audit, held);
    } catch (error) {
      deps.log.error({ err: error, bookingId }, 'libération non inscrite au journal');
    }
  }
  return released;
}

/**
 * After a booking was canceled: its holds and payable intents canceled at the provider now when the
 * caller has the provider, else by the sweep (`releaseLeftoverIntents`). Returns how many were released.
 */
export async function releaseCanceledBooking(
  deps: MaybeProviderDeps,
  bookingId: string,
  actor: AuditActor,
): Promise<number> {
  if (!deps.provider) return 0;
  try {
    const rows = await listUnsettledIntents(deps.db, bookingId);
    return (await releaseAtProvider({ ...deps, provider: deps.provider }, bookingId, rows, actor)).length;
  } catch (error) {
    deps.log.error({ err: error, bookingId }, 'intentions de paiement non annulées');
    return 0;
  }
}

/**
 * The sweep's retry: every intent still open or holding money on a canceled booking is canceled at
 * the provider (a release that failed, or a booking canceled where no provider was at hand).
 * Returns how many this run moved (`collectMoves`: sweeps running at once list the same rows).
 */
export async function releaseLeftoverIntents(deps: ReleaseDeps): Promise<number> {
  const rows = (await listIntentsOfCanceledBookings(deps.db)).map(({ payment }) => payment);
  const byBooking = new Map<string, PaymentRow[]>();
  for (const row of rows) byBooking.set(row.bookingId, [...(byBooking.get(row.bookingId) ?? []), row]);
  let released = 0;
  for (const [bookingId, bookingRows] of byBooking) {
    const { result, moved } = await collectMoves(() => releaseAtProvider(deps, bookingId, bookingRows, SYSTEM_ACTOR));
    released += result.filter((row) => moved.has(row.id)).length;
  }
  return released;
}
