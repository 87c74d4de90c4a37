import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { canHydrate, PRERENDER_STATE_ID, PRERENDERED_ATTRIBUTE, readPrerenderState } from './app/prerendered-pages';
import { createEmotionCache, createQueryClient, stylesInPage } from './app/providers';
import { drawnWhileChecking, prefetchAtStart, preloadRoute } from './app/router';
import { loadAuthToken } from './shared/session/auth-token';
import { system } from './shared/theme';
import { yieldToBrowser } from './shared/yield-to-browser';

/** Hydrates the pre-rendered page, or renders the app into an empty page (main.tsx loads this). */
export async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('Élément #root manquant');

  // The token comes from the OS keychain on desktop (async), from localStorage on the web.
  const token = await loadAuthToken();

  const { pathname } = window.location;
  if (canHydrate(container.getAttribute(PRERENDERED_ATTRIBUTE), pathname)) {
    // The page's markup and styles were written at build time: keep them (same nodes), with the
    // queries the page was rendered with; those are stale, so the client refreshes them at once.
    const queryClient = createQueryClient();
    const state = document.getElementById(PRERENDER_STATE_ID)?.textContent;
    if (state) readPrerenderState(queryClient, state);
    await preloadRoute(pathname);
    await yieldToBrowser();
    const emotionCache = createEmotionCache();
    await yieldToBrowser();
    // In a transition, React hydrates in slices of about 5 ms and lets the browser answer between
    // them, instead of one long task (docs/decisions.md, Performance rule 15).
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App queryClient={queryClient} emotionCache={emotionCache} system={stylesInPage(system)} />
        </StrictMode>,
      );
    });
  } else {
    // Not pre-rendered, or pre-rendered for another state: a customer area's shell (a stored
    // token not yet verified, docs/decisions.md performance rule 23), a wizard draft. The
    // client's first render replaces that markup in one commit; its styles and Chakra's global
    // ones stay in <head> (the cache takes them as inserted, `stylesInPage`).
    const prerendered = container.hasAttribute(PRERENDERED_ATTRIBUTE);
    // The page's chunks are asked for now, beside the session's check, not after it
    // (docs/decisions.md, performance rule 20); the route renders them once they are in.
    const chunks = preloadRoute(pathname).catch(() => undefined);
    // So are the session's check and, signed in, the page's data: the route would ask for them
    // only once rendered, after the chunks; the guard, after the check (same rule). A token the
    // server refuses ends the session as the check would.
    const queryClient = createQueryClient();
    if (token) {
      prefetchAtStart(pathname, queryClient);
    }
    // A shell that shows the page's own frame stays until the page's chunk is in: the first render
    // draws that frame again, not the guard's spinner over it (performance rule 23).
    if (prerendered && token && drawnWhileChecking(pathname)) await chunks;
    container.removeAttribute(PRERENDERED_ATTRIBUTE);
    const root = createRoot(container);
    // In slices too, as the hydration above: the first render was one task of about 650 ms under
    // Lighthouse's 4× CPU slowdown on the signed-in pages (docs/decisions.md, Performance rule 15).
    startTransition(() => {
      root.render(
        <StrictMode>
          <App queryClient={queryClient} system={prerendered ? stylesInPage(system) : undefined} />
        </StrictMode>,
      );
    });
  }
}
