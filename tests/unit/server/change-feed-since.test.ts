import { describe, expect, it, vi } from 'vitest';
import { ChangeFeed } from '../../../src/server/db/change-feed';

/**
 * `ChangeFeed.sync(since)`: a barrier sent at or after `since` (a request's arrival) that came back
 * serves the same request's next kept read (docs/decisions.md, "Reads kept in memory"); one sent
 * before it does not, nor one of a connection since lost.
 */
async function countingFeed() {
  let barriers = 0;
  const barrier = async () => {
    barriers += 1;
  };
  let setLive!: (live: boolean) => void;
  const feed = new ChangeFeed(async (self) => {
    setLive = (live) => self.setLive(live, barrier);
    setLive(true);
    return async () => undefined;
  });
  await feed.start();
  return { feed, barriers: () => barriers, setLive };
}

describe('ChangeFeed.sync(since)', () => {
  it('sends no second barrier for a request that already waited for one sent after it arrived', async () => {
    const { feed, barriers } = await countingFeed();
    const arrived = performance.now();
    await feed.sync(arrived);
    expect(barriers()).toBe(1);
    await feed.sync(arrived);
    expect(barriers()).toBe(1);
    // Without `since`, or for a request that arrived after that barrier was sent: a barrier of its own.
    await feed.sync();
    expect(barriers()).toBe(2);
    await feed.sync(performance.now() + 1);
    expect(barriers()).toBe(3);
  });

  it('a barrier of a connection lost since vouches for nothing', async () => {
    const { feed, barriers, setLive } = await countingFeed();
    const arrived = performance.now();
    await feed.sync(arrived);
    setLive(false);
    await expect(feed.sync(arrived)).rejects.toThrow('les changements de la base ne sont pas écoutés');
    setLive(true);
    await feed.sync(arrived);
    expect(barriers()).toBe(2);
  });

  it('joins the barrier in flight when it was sent after the request arrived, never one sent before', async () => {
    let barriers = 0;
    const pending: (() => void)[] = [];
    const feed = new ChangeFeed(async (self) => {
      self.setLive(true, () => {
        barriers += 1;
        return new Promise<void>((resolve) => pending.push(resolve));
      });
      return async () => undefined;
    });
    await feed.start();
    const early = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 2));
    // A barrier sent after `early` arrived, still in flight.
    const first = feed.sync();
    expect(barriers).toBe(1);
    const joined = feed.sync(early);
    expect(barriers).toBe(1);
    // A request that arrived after it was sent cannot use it: it waits for the next one.
    await new Promise((resolve) => setTimeout(resolve, 2));
    let lateDone = false;
    const late = feed.sync(performance.now()).then(() => {
      lateDone = true;
    });
    pending.shift()!();
    await Promise.all([first, joined]);
    await vi.waitFor(() => expect(barriers).toBe(2));
    expect(lateDone).toBe(false);
    pending.shift()!();
    await late;
    expect(lateDone).toBe(true);
  });
});
