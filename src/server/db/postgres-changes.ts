import { randomUUID } from 'node:crypto';
import createSubscriber, { type Subscriber } from 'pg-listen';
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

/** Nobody listens here: a NOTIFY on it is only a round trip on the listening connection. */
const BARRIER_CHANNEL = 'parc_data_barrier';

/**
 * A connection of its own LISTENs on CHANGE_CHANNEL (docs/decisions.md, Performance rule 16),
 * through `pg-listen`, which reconnects and listens again when the connection ends or errors.
 * The feed is live only while that connection is known to hear: every 10 s it notifies itself
 * and must hear it back within 3 s, so a connection that went silent without closing (a
 * half-open TCP link, a frozen proxy) is found out; it is then dropped and a new subscriber is
 * tried every second. While it is lost the feed is not live (the caches serve nothing).
 *
 * The feed's read barrier (`ChangeFeed.sync`) is a NOTIFY on an unheard channel sent on this same
 * connection: before the ReadyForQuery that ends it, PostgreSQL delivers to a listening session
 * every notification committed before the query arrived, and node-postgres emits each
 * 'notification' before it resolves the query. So once it resolves, every change committed
 * before it was sent has bumped the generation (tested in tests/api/kept-reads-instances.test.ts).
 */
export function postgresChanges(url: string, heartbeat: HeartbeatTimes = HEARTBEAT): ChangeFeed {
  return new ChangeFeed(async (feed) => {
    let stopped = false;
    let reported = false;
    let retry: NodeJS.Timeout | undefined;
    let current: Subscriber | undefined;
    const report = (error?: Error) => {
      if (reported || stopped) return;
      reported = true;
      console.error(`PostgreSQL : écoute des changements perdue (${error?.message ?? 'connexion fermée'})`);
    };

    const connect = async () => {
      const subscriber = createSubscriber(
        { connectionString: url, keepAlive: true, application_name: 'parc-changes' },
        // No give-up: retried every second for as long as it takes; our heartbeat checks instead.
        {
          paranoidChecking: false,
          retryInterval: RETRY_MS,
          retryTimeout: 0,
          parse: (text) => text,
          serialize: (text: string) => text,
        },
      );
      current = subscriber;
      let gone = false;
      let awaited: string | undefined;
      const timers: { beat?: NodeJS.Timeout; deadline?: NodeJS.Timeout } = {};
      /** Settles the barriers in flight when the connection is lost or reconnects. */
      let lost!: (error: Error) => void;
      let whenLost!: Promise<never>;
      const arm = () => {
        whenLost = new Promise<never>((_resolve, reject) => {
          lost = reject;
        });
        whenLost.catch(() => undefined);
      };
      arm();
      const within = Math.min(heartbeat.withinMs, BARRIER_WITHIN_MS);
      const barrier = async () => {
        if (gone) throw new Error('écoute des changements perdue');
        let deadline: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_resolve, reject) => {
          deadline = setTimeout(() => reject(new Error('la barrière de lecture ne revient pas')), within);
        });
        try {
          await Promise.race([subscriber.notify(BARRIER_CHANNEL), late, whenLost]);
        } catch (error) {
          drop(error as Error);
          throw error;
        } finally {
          clearTimeout(deadline);
        }
      };
      /** Ends this subscriber once and tries a new one in a second (a silent or failed connection). */
      const drop = (error?: Error) => {
        if (gone) return;
        gone = true;
        lost(new Error('écoute des changements arrêtée'));
        clearInterval(timers.beat);
        clearTimeout(timers.deadline);
        if (current === subscriber) current = undefined;
        feed.setLive(false);
        void subscriber.close().catch(() => undefined);
        if (stopped) return;
        report(error);
        retry ??= setTimeout(() => {
          retry = undefined;
          void connect();
        }, RETRY_MS);
        retry.unref();
      };
      subscriber.events.on('notification', ({ channel, payload }) => {
        if (channel !== CHANGE_CHANNEL) return;
        const text = typeof payload === 'string' ? payload : '';
        if (!text.startsWith(PING)) {
          feed.notified(text);
        } else if (text === awaited) {
          awaited = undefined;
          clearTimeout(timers.deadline);
        }
      });
      // pg-listen lost the connection and reconnects: nothing is heard meanwhile.
      subscriber.events.on('reconnect', () => {
        if (gone) return;
        awaited = undefined;
        clearTimeout(timers.deadline);
        lost(new Error('écoute des changements perdue'));
        arm();
        feed.setLive(false);
        report();
      });
      let listening = false;
      // After a reconnection, once pg-listen has listened again (the first time: below).
      subscriber.events.on('connected', () => {
        if (gone || stopped || !listening) return;
        reported = false;
        feed.setLive(true, barrier);
      });
      subscriber.events.on('error', (error) => drop(error));
      try {
        await subscriber.connect();
        await subscriber.listenTo(CHANGE_CHANNEL);
      } catch (error) {
        drop(error as Error);
        return;
      }
      if (gone) return;
      if (stopped) {
        drop();
        return;
      }
      listening = true;
      feed.setLive(true, barrier);
      timers.beat = setInterval(() => {
        if (awaited || !feed.live) return;
        awaited = `${PING}${randomUUID()}`;
        timers.deadline = setTimeout(() => drop(new Error('le signal de vie ne revient pas')), heartbeat.withinMs);
        timers.deadline.unref();
        subscriber.notify(CHANGE_CHANNEL, awaited).catch(() => undefined);
      }, heartbeat.everyMs);
      timers.beat.unref();
      stopCurrent = () => drop();
    };
    let stopCurrent: (() => void) | undefined;

    await connect();
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const subscriber = current;
      stopCurrent?.();
      feed.setLive(false);
      await subscriber?.close().catch(() => undefined);
    };
  });
}
