import { useEffect } from 'react';

const SITE = 'Parc Aventure des Landes';

/** Each page has its own document title (WCAG 2.4.2). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} – ${SITE}`;
  }, [title]);
}
