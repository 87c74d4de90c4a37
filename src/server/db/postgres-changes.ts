import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { CHANGE_CHANNEL, ChangeFeed } from './change-feed';

/** How often the listening connection proves it still hears, and how long it may take. */
export interface HeartbeatTimes {
  everyMs: number;
  withinMs: number;
}
const HEARTBEAT: HeartbeatTimes = { everyMs: 10_000, withinMs: 3000 };
const RETRY_MS = 1000;
/**
 * A read barrier not answered within this (nor within the heartbeat's delay) takes the
 * connection for lost: its callers then read the database instead of waiting any longer.
 */
const BARRIER_WITHIN_MS = 1000;
/** Heartbeats share the channel; no instance takes them for a change. */
const PING = 'ping:';

/**
 * A connection of its own LISTENs on CHANGE_CHANNEL (docs/decisions.md, Performance rule 16).
 * The feed is live only while that connection is known to hear: every 10 s it notifies itself
 * and must hear it back within 3 s, so a connection that went silent without closing (a
 * half-open TCP link, a frozen proxy) is found out. When it is lost the feed is not live (the
 * caches serve nothing) and a new connection is tried every second.
 *
 * The feed's read barrier (`ChangeFeed.sync`) is a `select 1` on this same connection: before
 * the ReadyForQuery that ends it, PostgreSQL delivers to a listening session every notification
 * committed before the query arrived, and node-postgres emits each 'notification' before it
 * resolves the query. So once it resolves, every change committed before it was sent has bumped
 * the generation (tested in tests/api/kept-reads-instances.test.ts).
 */
export function postgresChanges(url: string, heartbeat: HeartbeatTimes = HEARTBEAT): ChangeFeed {
  return new ChangeFeed(async (feed) => {
    let stopped = false;
    let reported = false;
    let retry: NodeJS.Timeout | undefined;
    let shutCurrent: (() => Promise<void> | undefined) | undefined;

    const connect = async () => {
      const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'parc-changes' });
      let gone = false;
      const timers: { beat?: NodeJS.Timeout; deadline?: NodeJS.Timeout } = {};
      let awaited: string | undefined;
      /** Settles the barriers in flight when the connection is lost, however it ends. */
      let lost!: (error: Error) => void;
      const whenLost = new Promise<never>((_resolve, reject) => {
        lost = reject;
      });
      whenLost.catch(() => undefined);
      /** Ends this connection once; undefined when it was already ended. */
      const shut = () => {
        if (gone) return undefined;
        gone = true;
        lost(new Error('écoute des changements arrêtée'));
        clearInterval(timers.beat);
        clearTimeout(timers.deadline);
        if (shutCurrent === shut) shutCurrent = undefined;
        return client.end().catch(() => undefined);
      };
      const lose = (error?: Error) => {
        if (!shut()) return;
        feed.setLive(false);
        if (stopped) return;
        if (!reported) {
          reported = true;
          console.error(`PostgreSQL : écoute des changements perdue (${error?.message ?? 'connexion fermée'})`);
        }
        retry ??= setTimeout(() => {
          retry = undefined;
          void connect();
        }, RETRY_MS);
        retry.unref();
      };
      client.on('error', lose);
      client.on('end', () => lose());
      client.on('notification', ({ payload }) => {
        if (!payload?.startsWith(PING)) {
          feed.changed();
        } else if (payload === awaited) {
          awaited = undefined;
          clearTimeout(timers.deadline);
        }
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      } catch (error) {
        lose(error as Error);
        return;
      }
      if (gone) return;
      if (stopped) {
        await shut();
        return;
      }
      shutCurrent = shut;
      reported = false;
      timers.beat = setInterval(() => {
        if (awaited) return;
        awaited = `${PING}${randomUUID()}`;
        timers.deadline = setTimeout(() => lose(new Error('le signal de vie ne revient pas')), heartbeat.withinMs);
        timers.deadline.unref();
        client.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, awaited]).catch((error: Error) => lose(error));
      }, heartbeat.everyMs);
      timers.beat.unref();
      const within = Math.min(heartbeat.withinMs, BARRIER_WITHIN_MS);
      const barrier = async () => {
        if (gone) throw new Error('écoute des changements perdue');
        let deadline: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_resolve, reject) => {
          deadline = setTimeout(() => reject(new Error('la barrière de lecture ne revient pas')), within);
        });
        try {
          await Promise.race([client.query('select 1'), late, whenLost]);
        } catch (error) {
          lose(error as Error);
          throw error;
        } finally {
          clearTimeout(deadline);
        }
      };
      feed.setLive(true, barrier);
    };

    await connect();
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const ending = shutCurrent?.();
      feed.setLive(false);
      await ending;
    };
  });
}
