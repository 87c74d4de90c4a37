import { useSyncExternalStore } from 'react';

/**
 * The media query of Chakra's `md` breakpoint as the theme writes it (`md: 'inline-flex'` is
 * `@media screen and (min-width: 48rem)`).
 */
export const WIDE_SCREEN_QUERY = 'screen and (min-width: 48rem)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Without `matchMedia` (a test's DOM) the screen counts as wide: what is shown from `md` is rendered. */
const isWide = () => typeof window.matchMedia !== 'function' || window.matchMedia(WIDE_SCREEN_QUERY).matches;

/**
 * Whether the screen is at least Chakra's `md` wide, followed as it changes. For what is only
 * shown from `md` and costs a chunk or a state machine to render: below it, it is not rendered at
 * all rather than rendered hidden (docs/decisions.md, performance rule 21). A pre-rendering counts
 * the screen as narrow.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => false);
}
