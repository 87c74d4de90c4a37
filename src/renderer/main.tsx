import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadAuthToken } from './shared/session/auth-token';

// The token comes from the OS keychain on desktop (async), from localStorage on the web.
await loadAuthToken();

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root manquant');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
