import type { QueryClient } from '@tanstack/react-query';
import { matchPath, type Params } from 'react-router-dom';
import { bookingDetailQueryOptions } from '../features/booking-detail/api/get-booking-detail';
import { bookingRequestsQueryOptions } from '../features/dashboard/api/get-booking-requests';
import { invitationsQueryOptions } from '../features/invitation/api/get-invitations';
import { JUST_FETCHED_MS } from '../shared/api/prefetched';

/**
 * What each signed-in page asks for beside its chunk (docs/decisions.md, performance rule 20), in a
 * chunk of its own that only a signed-in page loads: the query modules it imports are fetched with
 * it, in parallel, and stay out of the public pages' start-up. Each asks only for what has not just
 * arrived, so the start-up's prefetch and the page's render are one request.
 */
export const routeData = {
  /** /dashboard: the customer's requests and invitations (the tabs' badges). */
  dashboard: async (_params: Readonly<Params>, client: QueryClient) => {
    await Promise.all([
      client.prefetchQuery({ ...bookingRequestsQueryOptions(), staleTime: JUST_FETCHED_MS }),
      client.prefetchQuery({ ...invitationsQueryOptions(), staleTime: JUST_FETCHED_MS }),
    ]);
  },
  /** /booking/{id}: the booking's detail. */
  bookingDetail: async (params: Readonly<Params>, client: QueryClient) => {
    if (params.bookingId)
      await client.prefetchQuery({ ...bookingDetailQueryOptions(params.bookingId), staleTime: JUST_FETCHED_MS });
  },
};

export type RouteDataName = keyof typeof routeData;

/** The pages above by path, as app/router.tsx declares them. */
const PATHS: [string, RouteDataName][] = [
  ['/dashboard', 'dashboard'],
  ['/booking/:bookingId', 'bookingDetail'],
];

/**
 * At start-up with a token (start.tsx): the data of the page at `pathname`, beside its chunks and
 * the session's check, not once the guard has let the page render.
 */
export async function prefetchAtStart(pathname: string, client: QueryClient): Promise<void> {
  for (const [path, name] of PATHS) {
    const match = matchPath(path, pathname);
    if (match) await routeData[name](match.params, client);
  }
}
