import type { Query, QueryClient } from '@tanstack/react-query';

/** How recent an answer a page that mounts shows without asking again (performance rule 20). */
export const JUST_FETCHED_MS = 5_000;

/** The queries a page has shown and then left (their last observer removed). */
const left = new WeakSet<object>();

/**
 * Remembers the queries a page leaves, so that coming back to it asks for them again
 * (`refetchUnlessJustFetched`). Set up once per client (`createQueryClient`); returns the clean-up.
 */
export function rememberLeftQueries(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type === 'observerRemoved') left.add(event.query);
  });
}

/**
 * `refetchOnMount` for the queries a page prefetches beside its chunk (at start-up or while the
 * chunk loads): an answer that arrived just before the page first mounted is not asked for a
 * second time (docs/decisions.md, performance rule 20). Otherwise it is refreshed on mount as any
 * query's is: once a page has shown it and been left (visiting a booking marks the visitor's
 * invitation joined: the dashboard they come back to shows it), or once a write invalidated it.
 */
export function refetchUnlessJustFetched(query: Pick<Query, 'state'>): boolean {
  return left.has(query) || query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt >= JUST_FETCHED_MS;
}
