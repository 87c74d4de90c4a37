import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { DRAFT_STORAGE_KEY } from '../features/booking-wizard/draft-storage-key';

/**
 * The public pages written as HTML at build time (docs/decisions.md, performance rule 6), each with what must hold in the
 * browser for its pre-rendered markup to be the page's first render. When it does not hold (a
 * wizard draft restored from session storage opens another step), the client renders afresh.
 */
export const PRERENDERED_PAGES: { path: string; canHydrate?: () => boolean }[] = [
  { path: '/' },
  { path: '/contact' },
  { path: '/login' },
  { path: '/register' },
  { path: '/reservation', canHydrate: () => sessionStorage.getItem(DRAFT_STORAGE_KEY) === null },
  { path: '/mentions-legales' },
  { path: '/cgv' },
  { path: '/conditions' },
  { path: '/privacy' },
];

/**
 * The customer area's shells (docs/decisions.md, performance rule 23): what its pages show first
 * while a stored token is verified (the header, then the page's own frame or the session's
 * spinner), written at build time as `shells/{name}.html` with the page's chunks named, served by
 * the API server for the paths under `/{name}`, and `shells/{name}-{tab}.html` for `?tab={tab}`.
 * A frame is hydrated (start.tsx); the client renders over the spinner. `later`: the modules the
 * page imports once its top has painted, by source path under src/renderer (performance rule 7).
 */
export const PRERENDERED_SHELLS: { name: string; path: string; later?: string[] }[] = [
  { name: 'dashboard', path: '/dashboard' },
  // The dashboard draws its tabs in its shell: one per tab a link may name (the reservations' is the first).
  { name: 'dashboard-invitations', path: '/dashboard?tab=invitations' },
  { name: 'dashboard-profile', path: '/dashboard?tab=profile' },
  { name: 'dashboard-payments', path: '/dashboard?tab=payments' },
  // The booking's sections and its discussion, imported once its top has painted: their chunks are
  // named in the shell and put in <head> a few per task before the import (shared/preload-later.ts).
  {
    name: 'booking',
    path: '/booking/reservation',
    later: [
      'features/booking-detail/booking-sections.tsx',
      'features/chat/booking-discussion.tsx',
      'shared/ui/unread-messages-badge.tsx',
    ],
  },
];

/** The element's attribute that names the path its markup was pre-rendered for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The JSON data block holding the queries the page was pre-rendered with. */
export const PRERENDER_STATE_ID = 'parc-prerender-state';

/**
 * The queries a page was pre-rendered with, as `[[queryKey, data], …]`: only what the client's
 * first render needs (TanStack's `dehydrate` adds ten fields per query, 0.2 KB more of the home
 * page once compressed, which kept it from fitting in one round trip: docs/decisions.md,
 * performance rule 17). Each is dated at the epoch, so the client refreshes it at once.
 */
export function writePrerenderState(client: QueryClient): string {
  const loaded = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success');
  return JSON.stringify(loaded.map((query) => [query.queryKey, query.state.data]));
}

export function readPrerenderState(client: QueryClient, json: string): void {
  for (const [queryKey, data] of JSON.parse(json) as [QueryKey, unknown][])
    client.setQueryData(queryKey, data, { updatedAt: 1 });
}

export function canHydrate(prerenderedPath: string | null, pathname: string): boolean {
  if (prerenderedPath === null || prerenderedPath !== pathname) return false;
  const page = PRERENDERED_PAGES.find((entry) => entry.path === pathname);
  return page !== undefined && (page.canHydrate?.() ?? true);
}
