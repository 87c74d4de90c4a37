import { canMove } from '../../../shared/booking-status';
import { todayInParis } from '../../../shared/booking-days';
import { inTransaction } from '../../db/transaction';
import { queueMail } from '../../deps';
import { optionReleasedMail } from '../mail/templates.public';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.service';
import { warnExpiringHoldsTask } from '../payments/hold-warnings.public';
import {
  paymentTrace,
  releaseCanceledBooking,
  unsettledIntentsOf,
  type MaybeProviderDeps,
} from '../payments/open-intents.public';
import { findCustomerContact as findOrganizer } from '../../db/customer-contact';
import { completeFinishedBookings, releaseExpiredOptions } from '../bookings/booking-rows.service';
import { postTeamMessage } from '../messages/messages.service';

/**
 * A scan of the rows past a deadline (DESIGN.md §4), run by a durable job (docs/decisions.md,
 * "Durable jobs"): the option expiry's and the payment backstop's. It must be idempotent (a second run changes nothing) and safe
 * when several server instances run it at once on one PostgreSQL: claim rows with a conditional
 * UPDATE … RETURNING or SELECT … FOR UPDATE SKIP LOCKED. Returns how many rows it handled.
 */
export interface SweepTask {
  name: string;
  /** `deps.provider` is there when the runner has the payment provider (a server, not the CLI). */
  run(deps: MaybeProviderDeps, now: Date): Promise<number>;
}

// The sweeps only make moves the lifecycle table allows.
if (!canMove('prebooked', 'canceled') || !canMove('confirmed', 'completed')) {
  throw new Error('booking-status.ts no longer allows the sweeps’ moves');
}

/**
 * Unpaid options past their due date released. Their card intents not paid yet are canceled at the
 * provider once the release has committed, when the runner has the provider; otherwise (and when
 * the provider fails) by the server's hold-release task (`releaseFinishedDepositHolds`), which runs
 * right after this one in every server's sweep. Until then a payment on them is refused (the
 * booking is no longer an option) or, arriving from the provider, lands on a canceled booking.
 */
export const releaseOptionsTask: SweepTask = {
  name: 'release-expired-options',
  async run(deps, now) {
    const released = await inTransaction(deps.db, async (db) => {
      const rows = await releaseExpiredOptions(db, now);
      for (const row of rows) {
        const due = new Intl.DateTimeFormat('fr-FR', {
          dateStyle: 'long',
          timeStyle: 'short',
          timeZone: 'Europe/Paris',
        }).format(row.dueAt);
        await postTeamMessage(
          db,
          row.id,
          `L’option sur votre réservation ${row.reference} a été libérée : le paiement attendu au plus tard le ${due} n’a pas été reçu, la réservation est donc annulée. Si vous souhaitez toujours venir, écrivez-nous ici : nous ferons notre possible pour vous accueillir.`,
        );
        // The organizer's mail commits with the release (docs/decisions.md, "E-mail").
        const organizer = await findOrganizer(db, row.customerId);
        await queueMail(deps, db, (context) =>
          optionReleasedMail(context, organizer?.email ?? row.mainContact.email, {
            firstName: organizer?.firstName ?? row.mainContact.firstName,
            reference: row.reference,
            bookingId: row.id,
            dueAt: row.dueAt,
          }),
        );
        const toRelease = await unsettledIntentsOf(db, row.id);
        await recordAudit(db, {
          ...SYSTEM_ACTOR,
          bookingId: row.id,
          action: 'option_released',
          before: { status: 'prebooked', paymentStatus: 'unpaid', dueAt: row.dueAt.toISOString() },
          after: {
            status: 'canceled',
            ...(toRelease.length > 0 ? { paymentsToRelease: toRelease.map(paymentTrace) } : {}),
          },
        });
      }
      return rows;
    });
    // After the commit: an intent is never canceled for a release rolled back.
    for (const row of released) {
      await releaseCanceledBooking(deps, row.id, SYSTEM_ACTOR);
    }
    return released.length;
  },
};

export const completeBookingsTask: SweepTask = {
  name: 'complete-finished-bookings',
  async run(deps, now) {
    return inTransaction(deps.db, async (db) => {
      const rows = await completeFinishedBookings(db, todayInParis(now));
      for (const row of rows) {
        await recordAudit(db, {
          ...SYSTEM_ACTOR,
          bookingId: row.id,
          action: 'auto_complete',
          before: { status: 'confirmed' },
          after: { status: 'completed', endDate: row.endDate },
        });
      }
      return rows.length;
    });
  },
};

const registry = new Map<string, SweepTask>([
  [releaseOptionsTask.name, releaseOptionsTask],
  [completeBookingsTask.name, completeBookingsTask],
  [warnExpiringHoldsTask.name, warnExpiringHoldsTask],
]);

/** How other modules add their own periodic job (e.g. payments releasing card holds after the stay). */
export function registerSweepTask(task: SweepTask) {
  registry.set(task.name, task);
}

export function sweepTasks(): SweepTask[] {
  return [...registry.values()];
}

/** Runs every task once; one failing task never stops the others. Returns rows handled per task. */
export async function runSweeps(deps: MaybeProviderDeps, now = new Date(), tasks = sweepTasks()) {
  const handled: Record<string, number> = {};
  for (const task of tasks) {
    try {
      handled[task.name] = await task.run(deps, now);
    } catch (error) {
      deps.log.error({ err: error, task: task.name }, 'tâche automatique en échec');
      handled[task.name] = -1;
    }
  }
  return handled;
}
