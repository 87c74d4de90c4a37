import type { Query } from '@tanstack/react-query';

/** How recent an answer a page that mounts shows without asking again (performance rule 20). */
export const JUST_FETCHED_MS = 5_000;

/**
 * `refetchOnMount` for the queries a page prefetches beside its chunk (at start-up or while the
 * chunk loads): an answer that arrived just before the page mounted is not asked for a second
 * time; an older one is refreshed on mount as any query's is (docs/decisions.md, performance
 * rule 20). Staleness is unchanged otherwise: a write's invalidation still refreshes at once.
 */
export function refetchUnlessJustFetched(query: Pick<Query, 'state'>): boolean {
  return Date.now() - query.state.dataUpdatedAt >= JUST_FETCHED_MS;
}
