import { Box, type BoxProps } from '@chakra-ui/react';
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the screen a deferred section starts rendering, and the longest wait for an idle moment. */
const NEAR_MARGIN = '400px';
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Renders `children` once the place comes near the screen or the browser is idle, whichever
 * comes first (docs/decisions.md, performance rule 19): a secondary section (the chat) stays out
 * of the page's first render. Until then the place keeps `minH`, so nothing moves when it comes.
 * Where the browser has no IntersectionObserver (tests, old engines) it renders at once.
 */
export function WhenNear({ children, ...placeholder }: { children: ReactNode } & BoxProps) {
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) return;
    const show = () => startTransition(() => setShown(true));
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
      rootMargin: `0px 0px ${NEAR_MARGIN} 0px`,
    });
    if (place.current) observer.observe(place.current);
    const idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(show, { timeout: IDLE_TIMEOUT_MS })
        : window.setTimeout(show, IDLE_TIMEOUT_MS);
    return () => {
      observer.disconnect();
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [shown]);
  if (shown) return children;
  return <Box ref={place} aria-hidden {...placeholder} />;
}
