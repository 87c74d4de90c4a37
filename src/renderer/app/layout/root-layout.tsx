import { Box, Center, Flex, Spinner } from '@chakra-ui/react';
import { Suspense, useEffect, useMemo } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useIsHydrated } from '@renderer/shared/ui/use-is-hydrated';
import { useClearCacheOnTokenChange } from '@renderer/shared/session/use-session';
import { TemporaryPasswordGuard } from '../guards';
import { DesktopShellLoader } from '../kiosk/desktop-shell-loader';
import { SiteFooter } from './site-footer';
import { ScrollRestoration } from './scroll-restoration';
import { SiteHeader } from './site-header';

/**
 * While a page loads, the place keeps the whole screen: the footer stays below the fold and
 * does not jump down when the page comes (docs/decisions.md, performance rule 19).
 */
export function PageFallback() {
  return (
    <Center minH="100dvh" role="status" aria-label="Chargement de la page">
      <Spinner size="xl" color="brand.solid" />
    </Center>
  );
}

export function RootLayout() {
  const navigate = useNavigate();
  useClearCacheOnTokenChange();
  useEffect(() => {
    let current = true;
    // Imported here rather than at the top: the API client (and axios) stays out of the
    // public pages' first render (docs/decisions.md, performance rule 2); it is loaded right after.
    void import('@renderer/shared/api/client').then(({ setSessionExpiredHandler }) => {
      if (current) setSessionExpiredHandler(() => navigate('/login'));
    });
    return () => {
      current = false;
    };
  }, [navigate]);
  const isHydrated = useIsHydrated();
  // The same elements on every render: when hydration ends (`isHydrated` flips) only the
  // fieldset changes, instead of the whole page rendering again in one long task (docs/decisions.md, performance rule 15).
  // The parts subscribe to what they show (route, session) themselves.
  const body = useMemo(
    () => (
      <>
        <a href="#contenu" className="skip-link">
          Aller au contenu
        </a>
        {/* Each part its own Suspense boundary: a pre-rendered page hydrates in several short
            tasks, the browser answering in between (docs/decisions.md, performance rule 15; STACK.md). */}
        <Suspense fallback={null}>
          <SiteHeader />
        </Suspense>
        <Box as="main" id="contenu" flex="1" tabIndex={-1} outline="none">
          <TemporaryPasswordGuard>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </TemporaryPasswordGuard>
        </Box>
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
        <ScrollRestoration />
        <DesktopShellLoader />
      </>
    ),
    [],
  );
  return (
    // Until a pre-rendered page is hydrated its controls would not answer (a click or a typed
    // value would be lost): the fieldset keeps them disabled until then, links keep working.
    <Flex asChild direction="column" minH="100dvh" minW="0" m="0" p="0" borderWidth="0">
      <fieldset disabled={!isHydrated} data-hydrating={isHydrated ? undefined : ''}>
        {body}
      </fieldset>
    </Flex>
  );
}
