import { describe, expect, it } from 'vitest';
import { CHECK_EVERY_MS, msUntilNextHour, startAutoUpdate, type Updater } from '../../../src/main/updater';

/** A stand-in of electron-updater's autoUpdater that records what main asks of it. */
function fakeUpdater(check: () => Promise<unknown> = () => Promise.resolve(null)) {
  const listeners = new Map<string, (value: never) => void>();
  const calls: string[] = [];
  const updater: Updater = {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    on: (event: string, listener: (value: never) => void) => listeners.set(event, listener),
    checkForUpdates: () => {
      calls.push('check');
      return check();
    },
    quitAndInstall: (silent?: boolean, runAfter?: boolean) => calls.push(`install:${silent}:${runAfter}`),
  } as Updater;
  const emit = (event: string, value: unknown) => listeners.get(event)?.(value as never);
  return { updater, calls, emit };
}

function timers() {
  const pending: { run: () => void; ms: number }[] = [];
  return { pending, setTimer: (run: () => void, ms: number) => pending.push({ run, ms }) };
}

describe('auto-update (docs/desktop-release.md)', () => {
  it('checks nothing when run from the sources', () => {
    const { updater, calls } = fakeUpdater();
    expect(startAutoUpdate({ updater, mode: 'desktop', isPackaged: false, log: () => undefined })).toBe(false);
    expect(calls).toEqual([]);
  });

  it('checks at start and every 4 hours, downloads in the background, installs when the desk closes', () => {
    const { updater, calls, emit } = fakeUpdater();
    const clock = timers();
    const logs: string[] = [];
    startAutoUpdate({ updater, mode: 'desktop', isPackaged: true, log: (line) => logs.push(line), ...clock });
    expect(updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: true });
    expect(calls).toEqual(['check']);
    expect(clock.pending.map((timer) => timer.ms)).toEqual([CHECK_EVERY_MS]);
    clock.pending.shift()!.run();
    expect(calls).toEqual(['check', 'check']);
    expect(clock.pending.map((timer) => timer.ms)).toEqual([CHECK_EVERY_MS]);
    emit('update-downloaded', { version: '0.2.0' });
    // The desk installs on quit: no restart is forced on the team.
    expect(clock.pending).toHaveLength(1);
    expect(logs).toEqual(['version 0.2.0 téléchargée']);
  });

  it('a kiosk restarts into a downloaded version at 03:00, silently', () => {
    const { updater, calls, emit } = fakeUpdater();
    const clock = timers();
    const now = new Date(2026, 10, 29, 22, 30);
    startAutoUpdate({ updater, mode: 'kiosk', isPackaged: true, log: () => undefined, now: () => now, ...clock });
    emit('update-downloaded', { version: '0.2.0' });
    const install = clock.pending.at(-1)!;
    expect(install.ms).toBe(4.5 * 60 * 60 * 1000);
    install.run();
    expect(calls.at(-1)).toBe('install:true:true');
  });

  it('an unreachable feed is logged, never thrown', async () => {
    const { updater, emit } = fakeUpdater(() => Promise.reject(new Error('net::ERR_NAME_NOT_RESOLVED')));
    const logs: string[] = [];
    startAutoUpdate({ updater, mode: 'desktop', isPackaged: true, log: (line) => logs.push(line), ...timers() });
    await Promise.resolve();
    await Promise.resolve();
    emit('error', new Error('feed 404'));
    expect(logs).toEqual([
      'mise à jour impossible : Error: net::ERR_NAME_NOT_RESOLVED',
      'mise à jour impossible : feed 404',
    ]);
  });

  it('the next 03:00 is tonight before it, tomorrow after it', () => {
    expect(msUntilNextHour(new Date(2026, 10, 29, 2, 0), 3)).toBe(60 * 60 * 1000);
    expect(msUntilNextHour(new Date(2026, 10, 29, 3, 0), 3)).toBe(24 * 60 * 60 * 1000);
  });
});
