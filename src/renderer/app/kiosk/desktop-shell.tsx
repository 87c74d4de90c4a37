import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isRouteAllowedInKiosk } from '@shared/desktop-bridge';
import { isKiosk, subscribeDeepLinks } from '@renderer/shared/desktop';

/** Only the kiosk loads its layer: the web and desktop builds do not carry it in the first load. */
const KioskLayer = lazy(async () => ({ default: (await import('./kiosk-layer')).KioskLayer }));

/**
 * What the desktop app adds to the shared layout, mounted once inside the router: deep links
 * (and the menu's Accueil) open their route, and the kiosk gets its layer. On the web build it
 * renders nothing and subscribes to nothing.
 */
export function DesktopShell() {
  const navigate = useNavigate();
  useEffect(
    () =>
      subscribeDeepLinks((route) => {
        if (isKiosk() && !isRouteAllowedInKiosk(route)) return;
        void navigate(route);
      }),
    [navigate],
  );
  if (!isKiosk()) return null;
  return (
    <Suspense fallback={null}>
      <KioskLayer />
    </Suspense>
  );
}
