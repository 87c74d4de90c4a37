import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { canHydrate, PRERENDER_STATE_ID, PRERENDERED_ATTRIBUTE, readPrerenderState } from './app/prerendered-pages';
import { createEmotionCache, createQueryClient, stylesInPage } from './app/providers';
import { drawnWhileChecking, prefetchAtStart, preloadRoute } from './app/router';
import { loadAuthToken } from './shared/session/auth-token';
import { prerenderWithStoredToken } from './shared/session/use-session';
import { system } from './shared/theme';
import { yieldToBrowser } from './shared/yield-to-browser';

/** Hydrates the pre-rendered page, or renders the app into an empty page (main.tsx loads this). */
export async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('Élément #root manquant');

  // The token comes from the OS keychain on desktop (async), from localStorage on the web.
  const token = await loadAuthToken();

  const { pathname, search } = window.location;
  const prerenderedAt = container.getAttribute(PRERENDERED_ATTRIBUTE);
  const queryClient = createQueryClient();
  const publicPage = canHydrate(prerenderedAt, pathname);
  // The page's chunks are asked for now and, signed in, its data, beside the session's check: the
  // route would ask for them only once rendered, after the chunks; the guard, after the check
  // (docs/decisions.md, performance rule 20). A token the server refuses ends the session as the
  // check would. Not on a public page, which needs none of it.
  const chunks = preloadRoute(pathname);
  chunks.catch(() => undefined);
  if (token && !publicPage) prefetchAtStart(pathname, queryClient);
  // A customer area's shell that draws the page's own frame (performance rule 23) was written as
  // the client's first render with a stored token being checked: hydrated as a public page is,
  // the stored token read as the build's. Served for this address: its own (`?tab=payments`), or
  // the page's first (no `tab`, or one that names no other shell, which the page opens on too).
  const shell =
    token !== null &&
    drawnWhileChecking(pathname) &&
    (prerenderedAt === pathname || prerenderedAt === pathname + search);
  if (shell) prerenderWithStoredToken(token);
  if (shell || publicPage) {
    // The page's markup and styles were written at build time: keep them (same nodes), with the
    // queries the page was rendered with; those are stale, so the client refreshes them at once.
    const state = document.getElementById(PRERENDER_STATE_ID)?.textContent;
    if (state) readPrerenderState(queryClient, state);
    await chunks;
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
    // Not pre-rendered, or pre-rendered for another state: the booking page's shell (a stored
    // token not yet verified, performance rule 23), a wizard draft. The client's first render
    // replaces that markup in one commit; its styles and Chakra's global ones stay in <head> (the
    // cache takes them as inserted, `stylesInPage`).
    const prerendered = prerenderedAt !== null;
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
