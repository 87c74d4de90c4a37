import type { ChangeFeed } from './change-feed';

/** What a value was loaded under (`ReadCache.stamp()`, read BEFORE loading): the feed's counters then. */
export interface Stamp {
  generation: number;
  epoch: number;
  topicChanges: number;
}

/**
 * How a cache's values depend on the database, besides `ttlMs`:
 * - `topicOf`: the topic a value depends on (a chat's version: `chat:<booking>`; a session's owner),
 *   from its key or from the value itself, so that a change to that topic drops it and a change to
 *   another topic keeps it;
 * - `topicOnly`: a change to a table drops nothing here, only the value's own topic does. For a
 *   read whose every table's rows send its topic at commit (migration `kept-read-topics`), and
 *   that no call reads after writing in the same request (docs/decisions.md, "Reads kept in memory").
 */
export interface ReadCacheScope<V> {
  topicOf: (key: string, value?: V) => string | undefined;
  topicOnly?: boolean;
}

interface Entry<V> {
  value: V;
  stamp: Stamp;
  topic: string | undefined;
  topicStamp: number;
  expiresAt: number;
}

/**
 * Values kept until the database changes or `ttlMs` passes, whichever comes first (a value may
 * depend on the clock too: a payment's due date). Read `stamp()` BEFORE loading what `set` keeps:
 * a change that lands while it loads then makes the value unusable. `getFresh` also waits for the
 * feed's read barrier, so that a change another instance has already answered is never
 * contradicted; `get` does not (a few milliseconds late for another instance's changes).
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** The loads under way (`load`), with the stamp each started under. */
  private readonly flights = new Map<string, { stamp: Stamp; promise: Promise<V> }>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly scope?: ReadCacheScope<V>,
  ) {}

  stamp(): Stamp {
    return { generation: this.feed.generation, epoch: this.feed.epoch, topicChanges: this.feed.topicChanges };
  }

  /** Nothing that drops a value of this cache (its topic aside) happened since `stamp`. */
  private unchangedSince(stamp: Stamp): boolean {
    return (
      this.feed.live &&
      stamp.epoch === this.feed.epoch &&
      (this.scope?.topicOnly === true || stamp.generation === this.feed.generation)
    );
  }

  /** `topic` did not change since `stamp` was read. */
  private topicUnchangedSince(topic: string | undefined, stamp: Stamp): boolean {
    return topic === undefined || this.feed.topicStamp(topic) <= stamp.topicChanges;
  }

  /** For a load under way: its key's topic unchanged or, when only its value names it, no topic changed. */
  private flightTopicUnchanged(key: string, stamp: Stamp): boolean {
    if (!this.scope) return true;
    const topic = this.scope.topicOf(key);
    return topic === undefined ? this.feed.topicChanges === stamp.topicChanges : this.topicUnchangedSince(topic, stamp);
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (
      !this.unchangedSince(entry.stamp) ||
      (entry.topic !== undefined && this.feed.topicStamp(entry.topic) !== entry.topicStamp) ||
      entry.expiresAt <= Date.now()
    ) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * The kept value, once every change committed before the call is known here (`feed.sync()`):
   * read-after-write across instances. Nothing kept for the key costs no barrier (the caller
   * reads the database); a barrier that fails serves nothing from memory. `since`: the request's
   * arrival, so that a barrier this request already waited for (its session's) serves (`sync`).
   */
  async getFresh(key: string, since?: number): Promise<V | undefined> {
    if (this.get(key) === undefined) return undefined;
    try {
      await this.feed.sync(since);
    } catch {
      return undefined;
    }
    return this.get(key);
  }

  /**
   * The kept value, or `load`'s. Callers that miss together share one load (a change drops a queue
   * twenty staff refresh: one query, not twenty), but only one started under what they see after
   * the read barrier: a load started before a change they must see is not shared. `keep` says
   * whether the loaded value is kept (a too long answer is not); `since` as `getFresh`'s.
   */
  async load(
    key: string,
    load: () => Promise<V>,
    keep: (value: V) => boolean = () => true,
    since?: number,
  ): Promise<V> {
    const kept = await this.getFresh(key, since);
    if (kept !== undefined) return kept;
    const flight = this.flights.get(key);
    if (flight && this.feed.live) {
      const joinable = await this.feed.sync().then(
        () => this.unchangedSince(flight.stamp) && this.flightTopicUnchanged(key, flight.stamp),
        () => false,
      );
      if (joinable) return flight.promise;
    }
    const stamp = this.stamp();
    const promise = load();
    this.flights.set(key, { stamp, promise });
    try {
      const value = await promise;
      if (keep(value)) this.set(key, value, stamp);
      return value;
    } finally {
      if (this.flights.get(key)?.promise === promise) this.flights.delete(key);
    }
  }

  /** Keeps `value`, loaded after `stamp` was read, unless something it depends on changed since. */
  set(key: string, value: V, stamp: Stamp): void {
    if (!this.unchangedSince(stamp) || this.ttlMs <= 0) return;
    const topic = this.scope?.topicOf(key, value);
    if (!this.topicUnchangedSince(topic, stamp)) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, {
      value,
      stamp,
      topic,
      topicStamp: topic === undefined ? 0 : this.feed.topicStamp(topic),
      expiresAt: Date.now() + this.ttlMs,
    });
  }
}
