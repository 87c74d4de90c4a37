import { DRAFT_STORAGE_KEY } from '../features/booking-wizard/draft-storage-key';

/**
 * The public pages written as HTML at build time (issue 12), each with what must hold in the
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

/** The element's attribute that names the path its markup was pre-rendered for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The JSON data block holding the queries the page was pre-rendered with. */
export const PRERENDER_STATE_ID = 'parc-prerender-state';

export function canHydrate(prerenderedPath: string | null, pathname: string): boolean {
  if (prerenderedPath === null || prerenderedPath !== pathname) return false;
  const page = PRERENDERED_PAGES.find((entry) => entry.path === pathname);
  return page !== undefined && (page.canHydrate?.() ?? true);
}
