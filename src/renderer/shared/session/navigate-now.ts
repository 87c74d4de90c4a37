import { flushSync } from 'react-dom';
import type { NavigateFunction, NavigateOptions } from 'react-router-dom';

/**
 * Navigates and renders the new page before returning (the app's router renders navigations at
 * once: app/app.tsx). A logout uses it to leave a protected page before clearing the token, so
 * that the page's guard does not send the user to /login instead of / (SPEC.md §2).
 */
export function navigateNow(navigate: NavigateFunction, to: string, options?: NavigateOptions): void {
  flushSync(() => {
    // `flushSync: true` does the same in a data router (the renderer tests' memory router).
    void navigate(to, { ...options, flushSync: true });
  });
}
