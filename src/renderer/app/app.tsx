import type { EmotionCache } from '@emotion/cache';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

interface AppProps {
  /** Given when hydrating a pre-rendered page: holds the data the page was rendered with. */
  queryClient?: QueryClient;
  emotionCache?: EmotionCache;
}

export function App({ queryClient, emotionCache }: AppProps) {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders queryClient={queryClient} emotionCache={emotionCache}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
