import { lazy, Suspense } from 'react';
import { desktopBridge } from '@renderer/shared/desktop';

/**
 * The desktop shell is fetched only inside the desktop app: a web visit never runs it, so its
 * first load does not carry it (docs/decisions.md, performance rule 2). A deep link that arrives
 * before it mounts waits in the preload for its first subscriber.
 */
const DesktopShell = lazy(async () => ({ default: (await import('./desktop-shell')).DesktopShell }));

/** Mounted once inside the router by each layout; renders nothing on the web build. */
export function DesktopShellLoader() {
  if (!desktopBridge()) return null;
  return (
    <Suspense fallback={null}>
      <DesktopShell />
    </Suspense>
  );
}
