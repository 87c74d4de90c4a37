import { Box, Center, Flex, Spinner } from '@chakra-ui/react';
import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useIsHydrated } from '../../shared/ui/use-is-hydrated';
import { useClearCacheOnTokenChange } from '../../shared/session/use-session';
import { TemporaryPasswordGuard } from '../guards';
import { DesktopShell } from '../kiosk/desktop-shell';
import { SiteFooter } from './site-footer';
import { ScrollRestoration } from './scroll-restoration';
import { SiteHeader } from './site-header';

export function PageFallback() {
  return (
    <Center minH="70vh" role="status" aria-label="Chargement de la page">
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
    // public pages' first render (issue 12); it is loaded right after.
    void import('../../shared/api/client').then(({ setSessionExpiredHandler }) => {
      if (current) setSessionExpiredHandler(() => navigate('/login'));
    });
    return () => {
      current = false;
    };
  }, [navigate]);
  const isHydrated = useIsHydrated();
  return (
    // Until a pre-rendered page is hydrated its controls would not answer (a click or a typed
    // value would be lost): the fieldset keeps them disabled until then, links keep working.
    <Flex asChild direction="column" minH="100dvh" minW="0" m="0" p="0" borderWidth="0">
      <fieldset disabled={!isHydrated} data-hydrating={isHydrated ? undefined : ''}>
        <a href="#contenu" className="skip-link">
          Aller au contenu
        </a>
        <SiteHeader />
        <Box as="main" id="contenu" flex="1" tabIndex={-1} outline="none">
          <TemporaryPasswordGuard>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </TemporaryPasswordGuard>
        </Box>
        <SiteFooter />
        <ScrollRestoration />
        <DesktopShell />
      </fieldset>
    </Flex>
  );
}
