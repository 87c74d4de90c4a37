import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * What tells a server instance that the database changed, for the reads it keeps in memory
 * (docs/decisions.md, "Reads kept in memory"). Two sources bump one generation number:
 * - every statement other than a read that this process runs, when it finishes (a write, a
 *   commit), so that this instance never serves what it just changed;
 * - PostgreSQL's notifications on CHANGE_CHANNEL, sent at commit by the triggers of migration
 *   0008 for every change to a table a kept read depends on, whoever made it (another instance,
 *   a command-line tool, psql).
 * What was kept under an older generation is never served. While nothing listens (before
 * `start`, after the listening connection is lost and until it is back) nothing is served.
 *
 * A notification reaches an instance some milliseconds after its commit: `sync()` (a read
 * barrier) waits until every notification committed before the call has been received, so that
 * what another instance has answered is never contradicted by a value kept here.
 */
export const CHANGE_CHANNEL = 'parc_data_change';

/**
 * A notification's payload naming one topic only: a chat (`chat:<booking>`, sent by its version's
 * trigger, migration `chat-change-notifications`, and by its booking's and participants' rows) or
 * a session's owner (`customer:<id>`, `staff:<id>`), migration `kept-read-topics`. It drops what is
 * kept for that topic, nothing else. Any other payload (a table's name) is a change to everything
 * kept by generation; `truncate:<table>` (a TRUNCATE fires no row trigger) to everything kept at all.
 */
export const TOPIC_PAYLOAD = /^(chat|customer|staff):/;
const TRUNCATE_PAYLOAD = /^truncate:/;

/** Past this many topics changed since the last full change, they are forgotten by one full change. */
const TOPICS_TRACKED_AT_MOST = 50_000;

type Subscribe = (feed: ChangeFeed) => Promise<() => Promise<void>>;

/**
 * Resolves once every notification committed before it was called has been received (and has
 * bumped the generation); rejects when that cannot be known (the listening connection is lost).
 */
export type Barrier = () => Promise<void>;

/** Why `sync()` failed when nothing listens: the caller serves nothing from memory. */
export class NotListening extends Error {
  constructor() {
    super('les changements de la base ne sont pas écoutés');
  }
}

const ignore = () => undefined;

export class ChangeFeed {
  #generation = 0;
  /**
   * Bumped when changes may have gone unheard or topics were forgotten (listening started, lost or
   * back; too many topics; a TRUNCATE): what a cache keeps by topic only is dropped then.
   */
  #epoch = 0;
  #live = false;
  #users = 0;
  #stop: Promise<() => Promise<void>> | undefined;
  #barrier: Barrier | undefined;
  /** A barrier is in flight. */
  #syncing = false;
  /** The barrier in flight: when it was sent, and its outcome. */
  #inFlight: { sentAt: number; barrier: Barrier; promise: Promise<void> } | undefined;
  /** The callers that came while one was in flight: they share the next one. */
  #next: { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } | undefined;
  /** When (`performance.now()`) the latest barrier that came back was sent, while live. */
  #syncedFrom = -Infinity;

  constructor(private readonly subscribe: Subscribe) {}

  get generation(): number {
    return this.#generation;
  }

  get epoch(): number {
    return this.#epoch;
  }

  /** How many topic changes were heard so far: read before loading, a topic's stamp above it changed since. */
  get topicChanges(): number {
    return this.#topicChanges;
  }

  /** True while the database's notifications reach this instance. */
  get live(): boolean {
    return this.#live;
  }

  changed(): void {
    this.#generation += 1;
  }

  /** Per topic, the count of topic changes when it last changed (none: 0). */
  #topics = new Map<string, number>();
  #topicChanges = 0;

  /** What a notification says: one topic changed (a chat), or anything (a table). */
  notified(payload: string): void {
    if (TOPIC_PAYLOAD.test(payload)) return this.changedTopic(payload);
    if (TRUNCATE_PAYLOAD.test(payload)) this.#epoch += 1;
    this.changed();
  }

  /** A change to one topic only: what is kept under it is dropped, the rest stays. */
  changedTopic(topic: string): void {
    this.#topicChanges += 1;
    if (this.#topics.size >= TOPICS_TRACKED_AT_MOST) {
      this.#topics.clear();
      this.#generation += 1;
      this.#epoch += 1;
    }
    this.#topics.set(topic, this.#topicChanges);
  }

  /** Changes with each change to `topic` (and stays until the next): read before loading, as the generation. */
  topicStamp(topic: string): number {
    return this.#topics.get(topic) ?? 0;
  }

  /**
   * For the subscription: listening started (with its read barrier, none when every notification
   * is delivered before the write that sent it resolves: PGlite), or was lost.
   */
  setLive(live: boolean, barrier?: Barrier): void {
    this.#live = live;
    this.#barrier = live ? barrier : undefined;
    this.#syncedFrom = -Infinity;
    this.#generation += 1;
    this.#epoch += 1;
  }

  /**
   * Resolves once every change committed before this call has bumped the generation (a change
   * made through another instance, which may already have answered); rejects when the feed is
   * not live or its barrier failed. Coalesced: at most one barrier in flight. A caller that comes
   * while one is in flight cannot use it (it started before the caller): it waits for the next,
   * started as soon as the one in flight ends and shared by everyone who came meanwhile, so that
   * under load there is about one barrier per round trip, not one per request.
   *
   * `since` (a `performance.now()` time, the request's arrival): a barrier sent at or after it
   * is enough, since every change a client saw answered before sending the request committed
   * before it arrived: one that already came back (so the session's barrier serves the same
   * request's kept read too, one barrier a request, not two in a row), or the one in flight.
   */
  sync(since?: number): Promise<void> {
    if (since !== undefined && this.#live && this.#barrier) {
      if (this.#syncedFrom >= since) return Promise.resolve();
      const inFlight = this.#inFlight;
      if (inFlight && inFlight.barrier === this.#barrier && inFlight.sentAt >= since) return inFlight.promise;
    }
    if (!this.#syncing) return this.#runBarrier();
    if (!this.#next) {
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<void>((onResolve, onReject) => {
        resolve = onResolve;
        reject = onReject;
      });
      this.#next = { promise, resolve, reject };
    }
    return this.#next.promise;
  }

  #runBarrier(): Promise<void> {
    if (!this.#live) return Promise.reject(new NotListening());
    const barrier = this.#barrier;
    if (!barrier) return Promise.resolve();
    this.#syncing = true;
    const sentAt = performance.now();
    let running: Promise<void>;
    try {
      running = barrier();
    } catch (error) {
      running = Promise.reject(error);
    }
    const inFlight = { sentAt, barrier, promise: running };
    this.#inFlight = inFlight;
    const came = () => {
      // Only for the connection that is still listening: a barrier of a lost one vouches for nothing.
      if (this.#live && this.#barrier === barrier) this.#syncedFrom = Math.max(this.#syncedFrom, sentAt);
    };
    void running.then(came, ignore).then(() => {
      this.#syncing = false;
      if (this.#inFlight === inFlight) this.#inFlight = undefined;
      const waiting = this.#next;
      this.#next = undefined;
      if (waiting) this.#runBarrier().then(waiting.resolve, waiting.reject);
    });
    return running;
  }

  /** Starts listening (once for all its users: each app built on the database). */
  async start(): Promise<void> {
    this.#users += 1;
    const subscribing = (this.#stop ??= this.subscribe(this));
    try {
      await subscribing;
    } catch (error) {
      // Not listening: the next start tries again, and a stop has nothing to end.
      this.#users -= 1;
      if (this.#stop === subscribing) this.#stop = undefined;
      throw error;
    }
  }

  async stop(options: { all?: boolean } = {}): Promise<void> {
    this.#users = options.all ? 0 : Math.max(0, this.#users - 1);
    if (this.#users > 0 || !this.#stop) return;
    const stopping = this.#stop;
    this.#stop = undefined;
    this.setLive(false);
    await (
      await stopping
    )();
  }
}

/** PGlite delivers a notification before the query that committed it resolves: exact. */
export function pgliteChanges(client: PGlite): ChangeFeed {
  return new ChangeFeed(async (feed) => {
    const unlisten = await client.listen(CHANGE_CHANNEL, (payload) => feed.notified(payload));
    feed.setLive(true);
    return async () => {
      feed.setLive(false);
      await unlisten().catch(() => undefined);
    };
  });
}

const READ = /^\s*select\b/i;

/**
 * Marks a statement that changes nothing a kept read shows (the job engine's own tables, polled
 * every second by every instance): it does not make this instance forget what it keeps.
 */
export const QUIET = 'quietForChangeFeed';
export type QuietStatement = { text: string; values?: unknown[]; [QUIET]?: true };

/**
 * Bumps the feed when a statement that is not a plain read finishes on this connection (the pool
 * calls this for each connection it opens), by promise or by callback, as node-postgres allows.
 */
export function reportWrites(client: pg.ClientBase, feed: ChangeFeed): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (typeof text === 'string' && READ.test(text)) return query(...args);
    if (typeof first === 'object' && (first as QuietStatement)[QUIET]) return query(...args);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        feed.changed();
        return (callback as (...results: unknown[]) => unknown)(...results);
      };
      return query(...args);
    }
    const result = query(...args) as { then?: unknown; on?: unknown } | undefined;
    if (result && typeof result.then === 'function') {
      return (result as Promise<unknown>).then(
        (value) => {
          feed.changed();
          return value;
        },
        (error: unknown) => {
          feed.changed();
          throw error;
        },
      );
    }
    if (result && typeof result.on === 'function') {
      const emitter = result as { on(event: string, listener: () => void): void };
      emitter.on('end', () => feed.changed());
      emitter.on('error', () => feed.changed());
    } else {
      feed.changed();
    }
    return result;
  };
}
