import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isRouteAllowedInKiosk } from '@shared/desktop-bridge';
import { isKiosk, subscribeDeepLinks } from '@renderer/shared/desktop';
import { deepLinkRoute } from './deep-link-route';

/** Only the kiosk loads its layer: the web and desktop builds do not carry it in the first load. */
const KioskLayer = lazy(async () => ({ default: (await import('./kiosk-layer')).KioskLayer }));

/**
 * What the desktop app adds to the shared layout, mounted once inside the router by
 * `DesktopShellLoader`, in the desktop app only: deep links (and the menu's Accueil)
 * open their route (a booking on its back-office screen for the team), and the kiosk gets its layer.
 */
export function DesktopShell() {
  const navigate = useNavigate();
  useEffect(
    () =>
      subscribeDeepLinks((route) => {
        if (isKiosk() && !isRouteAllowedInKiosk(route)) return;
        if (isKiosk()) return void navigate(route);
        // The staff session is read only when a link arrives: the first load does not carry it.
        void import('@renderer/admin/session/staff-token').then(({ getStaffToken }) =>
          navigate(deepLinkRoute(route, getStaffToken() !== null)),
        );
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
