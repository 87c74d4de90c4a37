import { addIsoDays } from '../../../shared/booking-days';
import { depositAvailableFrom } from '../../../shared/payment-rules';
import { parisDayStart } from '../../../shared/paris-day-start';
import type { Db } from '../../db/client';
import { jobKind, scheduleJob } from '../jobs/jobs.service';
import { setHoldCaptureBefore } from './deposit-cards.repository';
import type { PaymentRow } from './payments.repository';

/*
 * When the card deposit hold's jobs run (docs/decisions.md, "Card holds"): placement when the
 * window opens, renewal the day before `capture_before`, release a day after the last day. Each job
 * is keyed by its fact (the booking, or the hold's payment row), so scheduling it again is a no-op.
 */

const HOUR_MS = 60 * 60 * 1000;
/** A new hold is placed this long before the current one lapses. */
export const HOLD_RENEW_BEFORE_HOURS = 24;
/** The hold is kept this long after the end of the last day (damage found at departure). */
export const HOLD_RELEASE_AFTER_HOURS = 24;

/**
 * The sweep's backstop releases a hold still authorized when its last day is more than this many
 * days before today (Paris): a day after its release job's time.
 */
export const HOLD_BACKSTOP_DAYS = 2;

/** When the hold window opens: the start, in Paris, of the day the deposit can be authorized. */
export function holdWindowOpens(startDate: string): Date {
  return parisDayStart(depositAvailableFrom(startDate));
}

/** When the hold is released: the end of the last day (Paris) plus the margin. */
export function holdReleaseAt(endDate: string): Date {
  return new Date(parisDayStart(addIsoDays(endDate, 1)).getTime() + HOLD_RELEASE_AFTER_HOURS * HOUR_MS);
}

const retried = { retryLimit: 10, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 5 * 60 };
export const holdPlaceJob = jobKind<{ bookingId: string }>({ name: 'deposit-hold-place', ...retried });
export const holdRenewJob = jobKind<{ paymentId: string; captureBefore: string }>({
  name: 'deposit-hold-renew',
  ...retried,
});
export const holdReleaseJob = jobKind<{ paymentId: string }>({ name: 'deposit-hold-release', ...retried });

/** With the card saved: the placement at the window's opening (now when it is open already). */
export function scheduleHoldPlacement(tx: Db, bookingId: string, startDate: string) {
  return scheduleJob(
    tx,
    holdPlaceJob,
    { bookingId },
    { key: `deposit-hold-place:${bookingId}`, at: holdWindowOpens(startDate) },
  );
}

/**
 * With a hold in place: its release after the stay, and its renewal before it lapses when it
 * lapses before the release.
 */
export async function scheduleHoldFollowUp(tx: Db, payment: PaymentRow, endDate: string, captureBefore: Date | null) {
  const releaseAt = holdReleaseAt(endDate);
  await scheduleJob(
    tx,
    holdReleaseJob,
    { paymentId: payment.id },
    { key: `deposit-hold-release:${payment.id}`, at: releaseAt },
  );
  if (captureBefore && captureBefore.getTime() < releaseAt.getTime()) {
    await scheduleJob(
      tx,
      holdRenewJob,
      { paymentId: payment.id, captureBefore: captureBefore.toISOString() },
      {
        key: `deposit-hold-renew:${payment.id}`,
        at: new Date(captureBefore.getTime() - HOLD_RENEW_BEFORE_HOURS * HOUR_MS),
      },
    );
  }
}

/**
 * A hold that just moved to 'authorized' through `applyIntentState` (placed off-session by its job,
 * or on-session by the customer's card form), in the transaction of that move: the provider's
 * `capture_before` recorded, the release and renewal scheduled.
 */
export async function holdAuthorized(tx: Db, payment: PaymentRow, endDate: string, captureBefore: Date | null) {
  if (captureBefore) await setHoldCaptureBefore(tx, payment.id, captureBefore);
  await scheduleHoldFollowUp(tx, payment, endDate, captureBefore);
}
