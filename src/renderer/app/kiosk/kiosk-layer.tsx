import { Box, Button } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isRouteAllowedInKiosk } from '@shared/desktop-bridge';
import { tokenVault } from '@renderer/shared/desktop';
import { createIdleTimer, type IdleTimer } from '@renderer/shared/kiosk-idle';
import { clearAuthToken, getAuthToken } from '@renderer/shared/session/auth-token';
import { KioskIdleOverlay, KioskResetting } from './kiosk-idle-overlay';
import { clearWebStorage, resetKioskSession, revokeSession } from './kiosk-reset';

/** Inputs that count as "someone is using the kiosk". */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/** Touch targets of at least 44 × 44 px everywhere on the kiosk (WCAG 2.5.5). */
const KIOSK_CSS = {
  [[
    'button',
    '[role="button"]',
    '[role="tab"]',
    '[role="menuitem"]',
    '[role="option"]',
    'select',
    'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"])',
    'a[href]',
  ]
    .map((selector) => `html[data-kiosk] ${selector}`)
    .join(', ')]: { minHeight: '44px', minWidth: '44px' },
  // A bare link is inline, and an inline box ignores min-height: inline-flex takes it and keeps the
  // text centred, on the line of the words around it. In Chakra's `base` layer and without
  // specificity, so that any display a component sets (its recipe, or `none` at a breakpoint) wins.
  '@layer base': {
    ':where(html[data-kiosk] a[href])': { display: 'inline-flex', alignItems: 'center' },
  },
};

export const NEW_BOOKING_LABEL = 'Nouvelle réservation';

const defaultLeave = (target: string) => window.location.replace(target);

export interface KioskLayerProps {
  /** How the reset leaves for its target; a full page load by default. */
  leave?: (target: string) => void;
  idleMs?: number;
  warningMs?: number;
}

/**
 * Everything the reception kiosk adds to the web pages (DESIGN.md §6): staff routes refused, the
 * idle warning and reset, a 'Nouvelle réservation' button that starts over for the next visitor,
 * and large touch targets. Rendered only in kiosk mode.
 */
export function KioskLayer({ leave = defaultLeave, idleMs, warningMs }: KioskLayerProps) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [warningDeadline, setWarningDeadline] = useState<number | null>(null);
  const [resetting, setResetting] = useState(false);
  const timerRef = useRef<IdleTimer | null>(null);
  const overlayRef = useRef<HTMLDivElement | null>(null);
  const pathnameRef = useRef(pathname);
  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  const reset = useCallback(
    async (target: string) => {
      setWarningDeadline(null);
      setResetting(true);
      await resetKioskSession(
        {
          getToken: getAuthToken,
          revoke: (token) => revokeSession(token),
          clearToken: async () => {
            clearAuthToken();
            // clearAuthToken does not wait for the vault: the reload must not read the old token.
            await tokenVault.clear();
          },
          clearStorage: clearWebStorage,
          clearQueryCache: () => queryClient.clear(),
          leave,
        },
        target,
      );
    },
    [leave, queryClient],
  );

  useEffect(() => {
    document.documentElement.dataset.kiosk = 'true';
    const timer = createIdleTimer({
      idleMs,
      warningMs,
      onWarning: (deadline) => setWarningDeadline(deadline),
      onWarningCancelled: () => setWarningDeadline(null),
      onReset: () => reset('/'),
      hasSomethingToReset: () => {
        let stored = 0;
        try {
          stored = window.sessionStorage.length;
        } catch {
          stored = 0;
        }
        return pathnameRef.current !== '/' || getAuthToken() !== null || stored > 0;
      },
    });
    timerRef.current = timer;
    const onInput = (event: Event) => {
      // On the warning, only a tap on it (its click) or a key cancels: see KioskIdleOverlay.
      const target = event.target instanceof Node ? event.target : null;
      if (event.type !== 'keydown' && target && overlayRef.current?.contains(target)) return;
      timer.activity();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
    timer.start();
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onInput, { capture: true });
      timer.stop();
      timerRef.current = null;
      delete document.documentElement.dataset.kiosk;
    };
  }, [idleMs, warningMs, reset]);

  const startNewBooking = () => {
    timerRef.current?.stop();
    void reset('/reservation');
  };

  if (!isRouteAllowedInKiosk(pathname)) return <Navigate to="/" replace />;

  return (
    <>
      <Global styles={KIOSK_CSS} />
      <Box position="fixed" bottom={{ base: '4', md: '8' }} insetEnd={{ base: '4', md: '8' }} zIndex="sticky">
        <Button size="2xl" minH="64px" colorPalette="accent" shadow="lg" rounded="full" onClick={startNewBooking}>
          <CalendarPlus aria-hidden />
          {NEW_BOOKING_LABEL}
        </Button>
      </Box>
      {warningDeadline !== null && !resetting && (
        <KioskIdleOverlay ref={overlayRef} deadline={warningDeadline} onContinue={() => timerRef.current?.activity()} />
      )}
      {resetting && <KioskResetting />}
    </>
  );
}
