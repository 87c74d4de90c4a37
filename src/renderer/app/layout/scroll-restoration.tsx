import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** The key react-router's <ScrollRestoration> used: the positions saved before survive. */
const STORAGE_KEY = 'react-router-scroll-positions';

/** The page's vertical scroll for each history entry (location.key), this tab's session long. */
let positions: Record<string, number> = {};

/**
 * What react-router's <ScrollRestoration> did, which only a data router can render (the app's is
 * declarative: router.tsx): a new page opens at its top (or at its #hash), the back and forward
 * buttons find each page where it was left, including after a reload of the tab.
 */
export function ScrollRestoration(): null {
  const location = useLocation();
  const navigationType = useNavigationType();
  const currentKey = useRef(location.key);

  useLayoutEffect(() => {
    try {
      const saved = sessionStorage.getItem(STORAGE_KEY);
      if (saved) positions = JSON.parse(saved) as Record<string, number>;
    } catch {
      // Unreadable positions: the pages open at their top.
    }
  }, []);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Recorded as the user scrolls: once the next page is on screen it is too late to read it.
    const record = () => {
      positions[currentKey.current] = window.scrollY;
    };
    const persist = () => {
      record();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or refused: positions are kept for this page's life only.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const saved = positions[location.key];
    if (navigationType === 'POP' && typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // Not a decodable id: the page opens at its top.
      }
    }
    window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}
