import type { Db } from '../../db/client';
import { paidTowardsTotal } from './payment-context';
import { listMoneyOf } from './payment-configs.repository';

/**
 * What reception has to collect from each group of the day (docs/decisions.md, "On site", "Balance
 * to collect on site"): the quote's total less what already counts towards it (card payments,
 * shares, the guarantee charge, a cheque), never below 0. A booking without a payment config (a
 * walk-in not set up yet) has nothing computed: it is absent. `onSiteChosen` is the organizer's D-2
 * choice to pay the rest on site.
 */
export async function balancesToCollect(
  db: Db,
  bookingIds: string[],
): Promise<Map<string, { balanceCents: number; onSiteChosen: boolean }>> {
  const { configs, rows } = await listMoneyOf(db, bookingIds);
  return new Map(
    configs.map((config) => [
      config.bookingId,
      {
        balanceCents: Math.max(
          0,
          config.totalCents - paidTowardsTotal(rows.filter((row) => row.bookingId === config.bookingId)),
        ),
        onSiteChosen: config.dueChoice === 'on_site',
      },
    ]),
  );
}
