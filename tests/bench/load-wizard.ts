/**
 * The wizard's submissions of the load bench (tests/bench/load.ts): a booking request posted as
 * step 4 posts it, at a steady rate per minute, alternately to each instance; the latency of each.
 */
import { eq } from 'drizzle-orm';
import { type Db, POOL_SIZE } from '../../src/server/db/client';
import { catalogueItems } from '../../src/server/db/schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import { centsToEuros } from '../../src/shared/money';

/** The note of the bench's submissions: load.ts deletes them before measuring (the database stays as generated). */
export const BENCH_NOTE = 'Sortie du club (banc de charge)';

export function wizardSubmitter(origins: string[], customers: { customerId: string; token: string }[], db: Db) {
  async function body(customerId: string) {
    const items = await db.select().from(catalogueItems).where(eq(catalogueItems.establishmentId, ESTABLISHMENT_ID));
    const startDate = addIsoDays(tomorrowInParis(), 14);
    const lines = items
      .filter((item) => item.isActive)
      .slice(0, 2)
      .map((item) => ({
        name: item.name,
        ...(item.kind === 'activity' ? { catalogActivityId: item.id } : { catalogServiceId: item.id }),
        scheduledDate: startDate,
        participants: 10,
        pricing: { basePrice: centsToEuros(item.basePriceCents), pricingType: item.pricingType },
        category: item.category,
        followsBookingCount: true,
      }));
    return {
      customerId,
      establishment_id: ESTABLISHMENT_ID,
      bookingType: 'group',
      type: 'group',
      participants: 10,
      startDate,
      note: BENCH_NOTE,
      bookingActivities: lines,
    };
  }

  async function submit(index: number, latencies: number[], failures: { n: number; first?: string }) {
    const who = index % customers.length;
    const { customerId, token } = customers[who]!;
    const payload = JSON.stringify(await body(customerId));
    const started = performance.now();
    const response = await fetch(`${origins[index % origins.length]}/api/v1/public-booking-requests`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        // One address per customer, as a crowd's (the instances trust the loopback proxy: load-server.ts).
        'x-forwarded-for': `10.${(who >> 16) & 255}.${(who >> 8) & 255}.${who & 255}`,
      },
      body: payload,
    }).catch(() => undefined);
    const answer = await response?.text();
    latencies.push(performance.now() - started);
    if (response?.status !== 201) {
      failures.n += 1;
      failures.first ??= `${response?.status ?? 'pas de réponse'} ${answer?.slice(0, 300) ?? ''}`;
    }
  }

  return {
    /**
     * Submissions not counted, as many at once as an instance has connections, twice: a park's
     * server has run submissions on each of its pooled connections before (the first statements of
     * a connection warm its caches; the first submission compiles the mail's template and the code
     * paths). Refused, the bench stops.
     */
    async warmUp() {
      const failures: { n: number; first?: string } = { n: 0 };
      const atOnce = POOL_SIZE * origins.length;
      for (let round = 0; round < 2; round += 1) {
        await Promise.all(
          Array.from({ length: atOnce }, (_x, j) => submit(customers.length - 1 - round * atOnce - j, [], failures)),
        );
      }
      if (failures.first) throw new Error(`Demande d'échauffement refusée : ${failures.first}`);
    },
    /** Submits `perMinute` requests a minute for `seconds`; the figures as load.ts prints them. */
    async run(seconds: number, perMinute: number) {
      const latencies: number[] = [];
      const failures: { n: number; first?: string } = { n: 0 };
      const total = Math.max(1, Math.floor((seconds * perMinute) / 60));
      const pending: Promise<void>[] = [];
      await new Promise<void>((done) => {
        let index = 0;
        const tick = () => {
          pending.push(submit(index, latencies, failures));
          index += 1;
          if (index >= total) {
            clearInterval(timer);
            done();
          }
        };
        const timer = setInterval(tick, 60_000 / perMinute);
      });
      await Promise.all(pending);
      latencies.sort((a, b) => a - b);
      const at = (q: number) =>
        Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
      if (failures.first) console.error(`Première demande refusée : ${failures.first}`);
      return { requests: latencies.length, p50: at(0.5), p99: at(0.99), errors: failures.n, notModified: 0 };
    },
  };
}
