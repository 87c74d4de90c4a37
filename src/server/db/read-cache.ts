import type { ChangeFeed } from './change-feed';

/**
 * Values kept until the database changes or `ttlMs` passes, whichever comes first (a value may
 * depend on the clock too: a payment's due date). Read `stamp()` BEFORE loading what `set` keeps:
 * a change that lands while it loads then makes the value unusable. `getFresh` also waits for the
 * feed's read barrier, so that a change another instance has already answered is never
 * contradicted; `get` does not (a few milliseconds late for another instance's changes).
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; generation: number; topicStamp: number; expiresAt: number }>();
  /** The loads under way (`load`), with the generation (and topic stamp) each started under. */
  private readonly flights = new Map<string, { stamp: number; topicStamp: number; promise: Promise<V> }>();

  /**
   * `topicOf`: the topic a key's value depends on besides the tables (a chat's version), so that
   * a change to that topic drops it and a change to another topic keeps it.
   */
  constructor(
    private readonly feed: ChangeFeed,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly topicOf?: (key: string) => string,
  ) {}

  stamp(): number {
    return this.feed.generation;
  }

  private topicStamp(key: string): number {
    return this.topicOf ? this.feed.topicStamp(this.topicOf(key)) : 0;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (
      !this.feed.live ||
      entry.generation !== this.feed.generation ||
      entry.topicStamp !== this.topicStamp(key) ||
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
   * twenty staff refresh: one query, not twenty), but only one started under the generation they
   * see after the read barrier: a load started before a change they must see is not shared.
   * `keep` says whether the loaded value is kept (a too long answer is not); `since` as `getFresh`'s.
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
        () => flight.stamp === this.feed.generation && flight.topicStamp === this.topicStamp(key),
        () => false,
      );
      if (joinable) return flight.promise;
    }
    const stamp = this.stamp();
    const topicStamp = this.topicStamp(key);
    const promise = load();
    this.flights.set(key, { stamp, topicStamp, promise });
    try {
      const value = await promise;
      if (keep(value)) this.set(key, value, stamp, topicStamp);
      return value;
    } finally {
      if (this.flights.get(key)?.promise === promise) this.flights.delete(key);
    }
  }

  /** `topicStamp`: the key's topic stamp read before loading, as `stamp` (a cache with a topic loads through `load`). */
  set(key: string, value: V, stamp: number, topicStamp = this.topicStamp(key)): void {
    if (!this.feed.live || stamp !== this.feed.generation || this.ttlMs <= 0) return;
    if (topicStamp !== this.topicStamp(key)) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, generation: stamp, topicStamp, expiresAt: Date.now() + this.ttlMs });
  }
}
