import type { DesktopMode } from '../shared/desktop-bridge';

/**
 * Auto-update (docs/desktop-release.md, docs/decisions.md "Desktop packaging"): electron-updater
 * reads the feed electron-builder.yml publishes (`publish`, provider generic) and downloads a newer
 * signed version in the background. The desk installs it when the team closes the app; a kiosk,
 * which never closes, restarts into it at night (03:00, local time), when no group is at reception.
 * A run from the sources (not packaged) has no feed: nothing is checked.
 */

/** What this file uses of electron-updater's `autoUpdater` (injected, so tests need no binary). */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export interface UpdateDeps {
  updater: Updater;
  mode: DesktopMode;
  isPackaged: boolean;
  log: (message: string) => void;
  now?: () => Date;
  setTimer?: (run: () => void, ms: number) => unknown;
}

/** How often a running app looks for a new version. */
export const CHECK_EVERY_MS = 4 * 60 * 60 * 1000;
/** The local hour a kiosk restarts into a downloaded update. */
export const KIOSK_INSTALL_HOUR = 3;

/** Milliseconds from `now` to the next `hour`:00 local time (tomorrow's when it is past). */
export function msUntilNextHour(now: Date, hour: number): number {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/** Starts the checks; returns false when there is nothing to check (not packaged). */
export function startAutoUpdate(deps: UpdateDeps): boolean {
  if (!deps.isPackaged) return false;
  const { updater, log } = deps;
  const now = deps.now ?? (() => new Date());
  const setTimer = deps.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms).unref());
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  // A feed out of reach (no network at the park) is logged, never shown: the app keeps working.
  updater.on('error', (error) => log(`mise à jour impossible : ${error.message}`));
  updater.on('update-downloaded', ({ version }) => {
    log(`version ${version} téléchargée`);
    if (deps.mode !== 'kiosk') return;
    setTimer(() => updater.quitAndInstall(true, true), msUntilNextHour(now(), KIOSK_INSTALL_HOUR));
  });
  const check = () => {
    updater.checkForUpdates().catch((error: unknown) => log(`mise à jour impossible : ${String(error)}`));
  };
  check();
  const every = () => {
    check();
    setTimer(every, CHECK_EVERY_MS);
  };
  setTimer(every, CHECK_EVERY_MS);
  return true;
}
