import '../shared/fonts.css';
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { system as appSystem } from '../shared/theme';
import { Toaster } from '../shared/ui/toaster';

/** SPEC.md §7: no refetch on window focus, one retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: 0 },
    },
  });
}

/**
 * The emotion cache of the pre-rendered pages and of the client that hydrates them: the same key
 * ('css'), so that the client adopts the style tags written at build time instead of inserting
 * them again. `compat` keeps emotion from writing <style> elements inside the markup.
 */
export function createEmotionCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
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
