import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { system as appSystem } from '../shared/theme';
import { Toaster } from '../shared/ui/toaster';
import { rememberLeftQueries } from '../shared/api/prefetched';
import { groupBlockRules, preparedBlocks } from './grouped-rules';
import { stillNeededPrefixes } from './style-prefixes';

/** SPEC.md §7: no refetch on window focus, one retry. */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: 0 },
    },
  });
  rememberLeftQueries(client);
  return client;
}

/**
 * Names the rules of a pre-rendered page's <style> tag (`css id1 id2…`, as emotion's own
 * `data-emotion`): the client's cache takes them as inserted without touching the tag, where
 * emotion's own hydration would move it to the end of <head> and make the browser restyle the
 * page (docs/decisions.md, performance rule 15).
 */
export const PRERENDERED_EMOTION_ATTRIBUTE = 'data-prerendered-emotion';

/**
 * The emotion cache of the pre-rendered pages and of the client that hydrates them: the same key
 * ('css'), and the client takes the rules written at build time as inserted instead of inserting
 * them again. `compat` keeps emotion from writing <style> elements inside the markup. Only the
 * vendor prefixes a supported browser still needs (`style-prefixes.ts`). The rules of `@layer`,
 * `min-width` and hover blocks go into one block each, made with emotion's first tag (`grouped-rules.ts`).
 */
export function createEmotionCache(): EmotionCache {
  const cache = createCache({ key: 'css', stylisPlugins: [stillNeededPrefixes] });
  cache.compat = true;
  groupBlockRules(cache, preparedBlocks(appSystem.breakpoints.conditions));
  if (typeof document !== 'undefined')
    for (const style of document.querySelectorAll(`style[${PRERENDERED_EMOTION_ATTRIBUTE}]`))
      for (const name of style.getAttribute(PRERENDERED_EMOTION_ATTRIBUTE)!.split(' ').slice(1))
        cache.inserted[name] = true;
  return cache;
}

/**
 * The same system for a page whose Chakra global, reset, token and layer-order styles were written
 * in its <head> at build time: ChakraProvider then renders no <Global> (it reads only `_global`
 * and `_config.disableLayers`; the system's own layers keep the config they were built with), the
 * written styles stay as they are, in their order, for every later client-side navigation, and
 * the web build never computes them (scripts/vite/lazy-chakra-global.ts, docs/decisions.md
 * performance rule 14). `_global` is replaced as a descriptor, not read: reading it computes it.
 */
export function stylesInPage(system: SystemContext): SystemContext {
  const descriptors = {
    ...Object.getOwnPropertyDescriptors(system),
    _global: { value: [] },
    _config: { value: { ...system._config, disableLayers: true } },
  };
  return Object.defineProperties({} as SystemContext, descriptors);
}

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  emotionCache?: EmotionCache;
  /** The pre-rendering gives each page a fresh one (shared/theme.ts `createAppSystem`). */
  system?: SystemContext;
}

export function AppProviders({ children, queryClient, emotionCache, system = appSystem }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [cache] = useState(() => emotionCache ?? createEmotionCache());
  return (
    <CacheProvider value={cache}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          {children}
          <Toaster />
        </QueryClientProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
