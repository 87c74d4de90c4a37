/**
 * Build-time entry (server side of the pre-rendering, docs/decisions.md, performance rule 6): renders one public page to
 * HTML with its styles and the queries it was rendered with. Built and run by
 * scripts/vite/prerender.ts after the client bundle; never shipped to the browser.
 */
// eslint-disable-next-line no-restricted-imports -- the package @emotion/server, not our src/server
import createEmotionServer from '@emotion/server/create-instance';
import type { QueryClient } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { EstablishmentInfo } from '@shared/api/establishment.schema';
import type { FeaturedActivity } from '@shared/featured-activities';
import { PRERENDERED_PAGES, PRERENDERED_SHELLS, writePrerenderState } from './app/prerendered-pages';
import { AppProviders, createEmotionCache, createQueryClient, PRERENDERED_EMOTION_ATTRIBUTE } from './app/providers';
import { AppRoutes, drawnWhileChecking, preloadRoute, routePageExports } from './app/router';
import { featuredActivitiesQueryOptions } from './features/home/featured-activities';
import { establishmentInfoQueryOptions } from './shared/api/establishment';
import { prerenderWithStoredToken } from './shared/session/use-session';
import { createAppSystem } from './shared/theme';

export { PRERENDERED_PAGES, PRERENDERED_SHELLS, routePageExports };

/** What the pages show from the database, taken from the seed at build time. */
export interface PrerenderData {
  establishment: EstablishmentInfo;
  featuredActivities: FeaturedActivity[];
}

export interface PrerenderedPage {
  /** The markup of #root. */
  html: string;
  /** <style> elements for <head>: exactly the rules the markup uses, plus the global ones. */
  styles: string;
  /** The queries the page was rendered with, for the client's first render (JSON); none for a shell. */
  state?: string;
}

function seededQueryClient(data: PrerenderData): QueryClient {
  const client = createQueryClient();
  // Dated at the epoch: stale from the first second, so the client refetches them on mount.
  client.setQueryData(establishmentInfoQueryOptions().queryKey, data.establishment, { updatedAt: 1 });
  client.setQueryData(featuredActivitiesQueryOptions().queryKey, data.featuredActivities, { updatedAt: 1 });
  return client;
}

async function streamToString(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}

/**
 * A customer area's shell: the page at `path` as the client first draws it with a stored token
 * not yet verified (the header logged out, then the page's own frame or the session's spinner).
 * A frame is hydrated, so it carries the queries it was drawn with; the spinner is rendered over.
 */
export async function prerenderShell(path: string, data: PrerenderData): Promise<PrerenderedPage> {
  prerenderWithStoredToken('jeton-du-pre-rendu');
  try {
    const { html, styles, state } = await prerenderPage(path, data);
    return drawnWhileChecking(path) ? { html, styles, state } : { html, styles };
  } finally {
    prerenderWithStoredToken(null);
  }
}

export async function prerenderPage(path: string, data: PrerenderData): Promise<PrerenderedPage> {
  // The page's chunk loaded first, as the client does before hydrating (main.tsx).
  await preloadRoute(path);
  const queryClient = seededQueryClient(data);
  const emotionCache = createEmotionCache();
  const { prelude } = await prerenderToNodeStream(
    // A fresh Chakra system: its style caches as empty as the browser's when it hydrates this page.
    <AppProviders queryClient={queryClient} emotionCache={emotionCache} system={createAppSystem()}>
      {/* The declarative router, as in the browser (app.tsx): it writes no script (the CSP forbids inline ones). */}
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
    // React moves a large Suspense boundary's content to the end of the document, revealed by
    // an inline script (which the CSP blocks): one chunk keeps every boundary in place.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await streamToString(prelude as AsyncIterable<string | Uint8Array>);
  const emotionServer = createEmotionServer(emotionCache);
  // Written so that emotion's browser cache leaves them where they are (docs/decisions.md,
  // performance rule 15): `data-s` keeps it from moving the global ones to the end of <head>, and
  // the page's own rules are named by `data-prerendered-emotion`, which createEmotionCache reads,
  // instead of `data-emotion`, with which the cache would move them too. Each move made the browser
  // restyle and lay out the page again, in a long task.
  const styles = emotionServer
    .constructStyleTagsFromChunks(emotionServer.extractCriticalToChunks(html))
    .replace(/<style data-emotion="css /g, `<style data-s="" ${PRERENDERED_EMOTION_ATTRIBUTE}="css `)
    .replace(/<style data-emotion=/g, '<style data-s="" data-emotion=');
  return { html, styles, state: writePrerenderState(queryClient) };
}
