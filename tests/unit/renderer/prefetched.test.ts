import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../src/renderer/app/providers';
import { JUST_FETCHED_MS, refetchUnlessJustFetched } from '../../../src/renderer/shared/api/prefetched';

/** A client holding `['list']` answered `updatedAt`, and a page's view of it that counts its requests. */
function prefetchedList(updatedAt = Date.now()) {
  const client = createQueryClient();
  client.setQueryData(['list'], ['prefetched'], { updatedAt });
  let asked = 0;
  const page = () =>
    new QueryObserver(client, {
      queryKey: ['list'],
      queryFn: () => {
        asked += 1;
        return ['fresh'];
      },
      refetchOnMount: refetchUnlessJustFetched,
    });
  /** Mounts the page, as a component does, and gives its clean-up. */
  const mount = () => page().subscribe(() => undefined);
  return { client, mount, asked: () => asked };
}

describe('refetchUnlessJustFetched (docs/decisions.md, performance rule 20)', () => {
  it('shows an answer prefetched just before the page first mounts without asking again', () => {
    const list = prefetchedList();
    list.mount();
    // A request sets the query fetching at once (before its function runs).
    expect(list.client.isFetching()).toBe(0);
    expect(list.asked()).toBe(0);
  });

  it('asks again for an answer older than the prefetch window', async () => {
    const list = prefetchedList(Date.now() - JUST_FETCHED_MS - 1);
    list.mount();
    await expect.poll(list.asked).toBe(1);
  });

  it('asks again when the page is left and mounted anew, however recent the answer', async () => {
    const list = prefetchedList();
    const leave = list.mount();
    leave();
    list.mount();
    await expect.poll(list.asked).toBe(1);
  });

  it('asks again for an answer a write invalidated', async () => {
    const list = prefetchedList();
    await list.client.invalidateQueries({ queryKey: ['list'], refetchType: 'none' });
    list.mount();
    await expect.poll(list.asked).toBe(1);
  });
});
