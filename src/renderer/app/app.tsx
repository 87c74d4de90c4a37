import type { SystemContext } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

interface AppProps {
  /** Given when hydrating a pre-rendered page: holds the data the page was rendered with. */
  queryClient?: QueryClient;
  emotionCache?: EmotionCache;
  /** Tests hydrating several pages give each its own, as a browser would (shared/theme.ts). */
  system?: SystemContext;
}

export function App({ queryClient, emotionCache, system }: AppProps) {
  return (
    <AppProviders queryClient={queryClient} emotionCache={emotionCache} system={system}>
      {/* Navigations render at once, not as transitions: a logout leaves a protected page before
          the token goes (shared/session/navigate-now.ts), as the data router's flushSync did. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
