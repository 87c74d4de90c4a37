import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeFeed, NotListening, reportWrites } from '../../../src/server/db/change-feed';
import { ReadCache } from '../../../src/server/db/read-cache';

/** A feed that is live once started, with nothing behind it. */
async function liveFeed() {
  const feed = new ChangeFeed(async (self) => {
    self.setLive(true);
    return async () => undefined;
  });
  await feed.start();
  return feed;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ReadCache', () => {
  it('keeps a value until the data changes', async () => {
    const feed = await liveFeed();
    const cache = new ReadCache<string>(feed, 60_000);
    cache.set('a', 'réservation', cache.stamp());
    expect(cache.get('a')).toBe('réservation');
    feed.changed();
    expect(cache.get('a')).toBeUndefined();
  });

  it('callers that miss together share one load; after a change a new caller loads again', async () => {
    const feed = await liveFeed();
    const cache = new ReadCache<string>(feed, 60_000);
    const pending: ((value: string) => void)[] = [];
    const load = () => new Promise<string>((resolve) => pending.push(resolve));
    const together = [cache.load('file', load), cache.load('file', load), cache.load('file', load)];
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    // A change while that load is under way: a caller after it must not get what was read before it.
    feed.changed();
    const after = cache.load('file', load);
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    pending[0]!('avant');
    pending[1]!('après');
    expect(await Promise.all(together)).toEqual(['avant', 'avant', 'avant']);
    expect(await after).toBe('après');
    expect(pending).toHaveLength(2);
    // The load started before the change is not kept; the one after it is.
    expect(cache.get('file')).toBe('après');
  });

  it('refuses a value loaded while the data changed', async () => {
    const feed = await liveFeed();
    const cache = new ReadCache<string>(feed, 60_000);
    const stamp = cache.stamp();
    feed.changed();
    cache.set('a', 'ancienne', stamp);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps nothing while the feed is not live, nor after it stopped', async () => {
    const idle = new ChangeFeed(async () => async () => undefined);
    const cache = new ReadCache<string>(idle, 60_000);
    cache.set('a', 'x', cache.stamp());
    expect(cache.get('a')).toBeUndefined();

    const feed = await liveFeed();
    const kept = new ReadCache<string>(feed, 60_000);
    kept.set('a', 'x', kept.stamp());
    await feed.stop();
    expect(feed.live).toBe(false);
    expect(kept.get('a')).toBeUndefined();
  });

  it('forgets a value after its time', async () => {
    vi.useFakeTimers();
    const feed = await liveFeed();
    const cache = new ReadCache<string>(feed, 5000);
    cache.set('a', 'x', cache.stamp());
    vi.advanceTimersByTime(4999);
    expect(cache.get('a')).toBe('x');
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('stays within its size', async () => {
    const feed = await liveFeed();
    const cache = new ReadCache<number>(feed, 60_000, 3);
    for (let index = 0; index < 4; index += 1) cache.set(`k${index}`, index, cache.stamp());
    expect(cache.get('k3')).toBe(3);
    expect(['k0', 'k1', 'k2'].filter((key) => cache.get(key) !== undefined)).toHaveLength(0);
  });

  it('one subscription for several users, stopped by the last', async () => {
    const stop = vi.fn(async () => undefined);
    const subscribe = vi.fn(async (feed: ChangeFeed) => {
      feed.setLive(true);
      return stop;
    });
    const feed = new ChangeFeed(subscribe);
    await feed.start();
    await feed.start();
    expect(subscribe).toHaveBeenCalledTimes(1);
    await feed.stop();
    expect(stop).not.toHaveBeenCalled();
    expect(feed.live).toBe(true);
    await feed.stop();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(feed.live).toBe(false);
  });
});

describe('ReadCache with a topic (a chat)', () => {
  const chatOf = (key: string) => `chat:${key.split('|')[0]}`;

  it("a chat's notification drops what is kept for that chat only; a table's drops everything", async () => {
    const feed = await liveFeed();
    const chats = new ReadCache<string>(feed, 60_000, 100, { topicOf: chatOf });
    const tables = new ReadCache<string>(feed, 60_000);
    await chats.load('b1|customer:1', async () => 'version 7');
    await chats.load('b1|customer:2', async () => 'version 7 (participant)');
    await chats.load('b2|customer:1', async () => 'version 3');
    tables.set('file', 'file équipe', tables.stamp());

    feed.notified('chat:b1');
    expect(chats.get('b1|customer:1')).toBeUndefined();
    expect(chats.get('b1|customer:2')).toBeUndefined();
    expect(chats.get('b2|customer:1')).toBe('version 3');
    expect(tables.get('file')).toBe('file équipe');

    feed.notified('booking_participants');
    expect(chats.get('b2|customer:1')).toBeUndefined();
    expect(tables.get('file')).toBeUndefined();
  });

  it('a value loaded while its chat changed is not kept, nor shared with a caller who came after', async () => {
    const feed = await liveFeed();
    const chats = new ReadCache<string>(feed, 60_000, 100, { topicOf: chatOf });
    const pending: ((value: string) => void)[] = [];
    const load = () => new Promise<string>((resolve) => pending.push(resolve));
    const before = chats.load('b1|staff', load);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    feed.notified('chat:b1');
    const after = chats.load('b1|staff', load);
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    pending[0]!('version 1');
    pending[1]!('version 2');
    expect(await before).toBe('version 1');
    expect(await after).toBe('version 2');
    // The first was read before the change: only the second may be kept.
    expect(chats.get('b1|staff')).toBe('version 2');
  });

  it('past the topics it can track, it forgets them all by one full change', async () => {
    const feed = await liveFeed();
    const tables = new ReadCache<string>(feed, 60_000);
    tables.set('file', 'file équipe', tables.stamp());
    for (let index = 0; index < 50_000; index += 1) feed.notified(`chat:${index}`);
    expect(tables.get('file')).toBe('file équipe');
    feed.notified('chat:one-more');
    expect(tables.get('file')).toBeUndefined();
    expect(feed.topicStamp('chat:one-more')).toBeGreaterThan(0);
  });
});

describe("ReadCache by topic only (sessions, a chat poll's facts)", () => {
  const ownerOf = (_key: string, value?: string) => value && `customer:${value}`;

  it("a table's change keeps it; its own topic, a TRUNCATE or listening again drops it", async () => {
    const feed = await liveFeed();
    const sessions = new ReadCache<string>(feed, 60_000, 100, { topicOf: ownerOf, topicOnly: true });
    const keep = () => {
      sessions.set('hash-1', 'c1', sessions.stamp());
      sessions.set('hash-2', 'c2', sessions.stamp());
    };
    keep();
    feed.notified('booking_requests');
    feed.changed();
    feed.notified('chat:b1');
    expect(sessions.get('hash-1')).toBe('c1');
    feed.notified('customer:c1');
    expect(sessions.get('hash-1')).toBeUndefined();
    expect(sessions.get('hash-2')).toBe('c2');

    keep();
    feed.notified('truncate:sessions');
    expect(sessions.get('hash-1')).toBeUndefined();
    expect(sessions.get('hash-2')).toBeUndefined();

    keep();
    feed.setLive(false);
    feed.setLive(true);
    expect(sessions.get('hash-2')).toBeUndefined();

    keep();
    for (let index = 0; index <= 50_000; index += 1) feed.notified(`chat:${index}`);
    expect(sessions.get('hash-2')).toBeUndefined();
  });

  it("a value whose topic changed while it loaded is not kept; another topic's change does not matter", () => {
    const feed = new ChangeFeed(async () => async () => undefined);
    feed.setLive(true);
    const sessions = new ReadCache<string>(feed, 60_000, 100, { topicOf: ownerOf, topicOnly: true });
    const before = sessions.stamp();
    feed.notified('customer:c1');
    feed.notified('customer:c3');
    sessions.set('hash-1', 'c1', before);
    sessions.set('hash-2', 'c2', before);
    expect(sessions.get('hash-1')).toBeUndefined();
    expect(sessions.get('hash-2')).toBe('c2');
  });

  it('a load under way whose topic only its value names is shared only while no topic changed', async () => {
    const feed = await liveFeed();
    const sessions = new ReadCache<string>(feed, 60_000, 100, { topicOf: ownerOf, topicOnly: true });
    const pending: ((value: string) => void)[] = [];
    const load = () => new Promise<string>((resolve) => pending.push(resolve));
    const first = sessions.load('hash-1', load);
    const joined = sessions.load('hash-1', load);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    feed.notified('booking_requests');
    feed.notified('customer:c9');
    const after = sessions.load('hash-1', load);
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    pending[0]!('c1');
    pending[1]!('c1 again');
    expect(await first).toBe('c1');
    expect(await joined).toBe('c1');
    expect(await after).toBe('c1 again');
  });
});

describe('ChangeFeed.start', () => {
  it('a subscription that failed is tried again by the next start', async () => {
    let attempts = 0;
    const feed = new ChangeFeed(async (self) => {
      attempts += 1;
      if (attempts === 1) throw new Error('base injoignable');
      self.setLive(true);
      return async () => undefined;
    });
    await expect(feed.start()).rejects.toThrow('base injoignable');
    expect(feed.live).toBe(false);
    await feed.start();
    expect(attempts).toBe(2);
    expect(feed.live).toBe(true);
    await feed.stop();
    expect(feed.live).toBe(false);
  });
});

/**
 * A feed whose read barrier the test settles by hand: `barriers` lists the barriers started, in
 * order, each with what its callers see once it is settled.
 */
async function feedWithBarrier() {
  const barriers: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const feed = new ChangeFeed(async (self) => {
    self.setLive(true, () => new Promise<void>((resolve, reject) => barriers.push({ resolve, reject })));
    return async () => undefined;
  });
  await feed.start();
  return { feed, barriers };
}

/** Lets every pending promise reaction run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What a promise has come to so far. */
function track(promise: Promise<unknown>) {
  const state = { done: false, failed: undefined as unknown };
  promise.then(
    () => (state.done = true),
    (error: unknown) => (state.failed = error),
  );
  return state;
}

describe('ChangeFeed.sync (the read barrier)', () => {
  it('callers that come while a barrier is in flight share the next one, started when it ends', async () => {
    const { feed, barriers } = await feedWithBarrier();
    const first = track(feed.sync());
    expect(barriers).toHaveLength(1);
    // In flight: these two started after it, so it cannot answer for them; they wait together.
    const second = track(feed.sync());
    const third = track(feed.sync());
    await settle();
    expect(barriers).toHaveLength(1);

    barriers[0]!.resolve();
    await settle();
    expect(first.done).toBe(true);
    expect(second.done).toBe(false);
    expect(third.done).toBe(false);
    // The next barrier started as soon as the first ended, one for both.
    expect(barriers).toHaveLength(2);
    // A caller that comes now waits for a third one.
    const fourth = track(feed.sync());

    barriers[1]!.resolve();
    await settle();
    expect(second.done).toBe(true);
    expect(third.done).toBe(true);
    expect(fourth.done).toBe(false);
    expect(barriers).toHaveLength(3);
    barriers[2]!.resolve();
    await settle();
    expect(fourth.done).toBe(true);
    expect(barriers).toHaveLength(3);

    // Nothing in flight: the next caller starts one at once.
    const fifth = track(feed.sync());
    expect(barriers).toHaveLength(4);
    barriers[3]!.resolve();
    await settle();
    expect(fifth.done).toBe(true);
  });

  it('a failed barrier fails its callers only; the waiting ones get the next', async () => {
    const { feed, barriers } = await feedWithBarrier();
    const first = track(feed.sync());
    const second = track(feed.sync());
    barriers[0]!.reject(new Error('connexion perdue'));
    await settle();
    expect((first.failed as Error).message).toBe('connexion perdue');
    expect(second.failed).toBeUndefined();
    barriers[1]!.resolve();
    await settle();
    expect(second.done).toBe(true);
  });

  it('refuses while nothing listens; resolves at once without a barrier (PGlite)', async () => {
    const idle = new ChangeFeed(async () => async () => undefined);
    await expect(idle.sync()).rejects.toBeInstanceOf(NotListening);

    const exact = await liveFeed();
    await expect(exact.sync()).resolves.toBeUndefined();

    // The waiting callers of a feed that stops meanwhile are refused too.
    const { feed, barriers } = await feedWithBarrier();
    const first = track(feed.sync());
    const second = track(feed.sync());
    await feed.stop();
    barriers[0]!.resolve();
    await settle();
    expect(first.done).toBe(true);
    expect(second.failed).toBeInstanceOf(NotListening);
  });
});

describe('ReadCache.getFresh', () => {
  it('serves a kept value only after a barrier that started after the call', async () => {
    const { feed, barriers } = await feedWithBarrier();
    const cache = new ReadCache<string>(feed, 60_000);
    cache.set('a', 'réservation', cache.stamp());
    const read = cache.getFresh('a');
    expect(barriers).toHaveLength(1);
    barriers[0]!.resolve();
    await expect(read).resolves.toBe('réservation');
  });

  it('what the barrier brings in (a change committed elsewhere) is not served', async () => {
    const { feed, barriers } = await feedWithBarrier();
    const cache = new ReadCache<string>(feed, 60_000);
    cache.set('a', 'ancienne', cache.stamp());
    const read = cache.getFresh('a');
    // The notification of a commit made before the call arrives before the barrier ends.
    feed.changed();
    barriers[0]!.resolve();
    await expect(read).resolves.toBeUndefined();
  });

  it('nothing kept costs no barrier; a failed barrier serves nothing from memory', async () => {
    const { feed, barriers } = await feedWithBarrier();
    const cache = new ReadCache<string>(feed, 60_000);
    await expect(cache.getFresh('absent')).resolves.toBeUndefined();
    expect(barriers).toHaveLength(0);

    cache.set('a', 'x', cache.stamp());
    const read = cache.getFresh('a');
    barriers[0]!.reject(new Error('la barrière de lecture ne revient pas'));
    await expect(read).resolves.toBeUndefined();
  });
});

describe('reportWrites', () => {
  function fakeClient() {
    const query = vi.fn((...args: unknown[]) => {
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        setTimeout(() => callback(null, { rows: [] }), 0);
        return undefined;
      }
      return new Promise((resolve) => setTimeout(() => resolve({ rows: [] }), 0));
    });
    return { query } as unknown as pg.ClientBase;
  }

  it('a read changes nothing; a write or a commit bumps the feed once it has finished', async () => {
    const feed = await liveFeed();
    const client = fakeClient();
    reportWrites(client, feed);
    const start = feed.generation;

    await client.query('  select * from booking_requests where id = $1', ['x']);
    await client.query({ text: 'SELECT 1' } as never);
    expect(feed.generation).toBe(start);

    const writing = client.query('update booking_requests set note = $1', ['x']);
    expect(feed.generation).toBe(start);
    await writing;
    expect(feed.generation).toBe(start + 1);

    await client.query({ text: 'commit' } as never);
    expect(feed.generation).toBe(start + 2);
  });

  it('a write by callback bumps the feed before the callback runs', async () => {
    const feed = await liveFeed();
    const client = fakeClient();
    reportWrites(client, feed);
    const start = feed.generation;
    const seen = await new Promise<number>((resolve) => {
      (client.query as unknown as (...args: unknown[]) => void)('delete from sessions', [], () =>
        resolve(feed.generation),
      );
    });
    expect(seen).toBe(start + 1);
  });

  it('a failed write bumps the feed too (a commit may have failed after writing nothing, or not)', async () => {
    const feed = await liveFeed();
    const client = {
      query: vi.fn(() => Promise.reject(new Error('refusé'))),
    } as unknown as pg.ClientBase;
    reportWrites(client, feed);
    const start = feed.generation;
    await expect(client.query('insert into sessions default values')).rejects.toThrow('refusé');
    expect(feed.generation).toBe(start + 1);
  });
});
