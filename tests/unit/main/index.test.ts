import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../../src/shared/desktop-bridge';

/**
 * src/main/index.ts wires everything at import time. The electron binary cannot run here, so the
 * module is imported against a recording fake of the electron API, once per scenario.
 */
const fake = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => unknown;
  interface Window {
    options: Record<string, unknown>;
    loaded: string[];
    sent: [string, unknown][];
    contentsListeners: Map<string, Listener>;
    focused: number;
  }
  return {
    lock: true,
    userData: '',
    appListeners: new Map<string, Listener>(),
    windows: [] as Window[],
    calls: [] as [string, ...unknown[]][],
    ready: Promise.resolve(),
    reset() {
      this.lock = true;
      this.appListeners.clear();
      this.windows.length = 0;
      this.calls.length = 0;
    },
  };
});

vi.mock('electron', () => {
  const record =
    (name: string, result?: unknown) =>
    (...args: unknown[]) => {
      fake.calls.push([name, ...args]);
      return result;
    };
  class BrowserWindow {
    state: (typeof fake.windows)[number];
    webContents: Record<string, unknown>;
    static getAllWindows = () => fake.windows;
    constructor(options: Record<string, unknown>) {
      this.state = { options, loaded: [], sent: [], contentsListeners: new Map(), focused: 0 };
      fake.windows.push(this.state);
      this.webContents = {
        on: (name: string, listener: (...args: unknown[]) => unknown) =>
          this.state.contentsListeners.set(name, listener),
        send: (channel: string, payload: unknown) => this.state.sent.push([channel, payload]),
        closeDevTools: () => undefined,
        setVisualZoomLevelLimits: () => Promise.resolve(),
        setWindowOpenHandler: () => undefined,
      };
    }
    once() {}
    on() {}
    show() {}
    loadURL(url: string) {
      this.state.loaded.push(url);
      return Promise.resolve();
    }
    isDestroyed() {
      return false;
    }
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {
      this.state.focused += 1;
    }
  }
  return {
    app: {
      getPath: () => fake.userData,
      isPackaged: true,
      requestSingleInstanceLock: () => fake.lock,
      quit: record('app.quit'),
      enableSandbox: record('app.enableSandbox'),
      setAsDefaultProtocolClient: record('app.setAsDefaultProtocolClient', true),
      setAboutPanelOptions: record('app.setAboutPanelOptions'),
      getVersion: () => '0.1.0',
      on: (name: string, listener: (...args: unknown[]) => unknown) => fake.appListeners.set(name, listener),
      whenReady: () => fake.ready,
    },
    BrowserWindow,
    ipcMain: { handle: record('ipcMain.handle') },
    Menu: {
      setApplicationMenu: record('Menu.setApplicationMenu'),
      buildFromTemplate: (template: unknown) => ({ template }),
    },
    protocol: {
      registerSchemesAsPrivileged: record('protocol.registerSchemesAsPrivileged'),
      handle: record('protocol.handle'),
    },
    safeStorage: {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'basic_text',
      encryptString: (text: string) => Buffer.from(text),
      decryptString: (buffer: Buffer) => buffer.toString(),
    },
    session: {
      defaultSession: { setPermissionRequestHandler: () => undefined, setPermissionCheckHandler: () => undefined },
    },
    shell: { openExternal: () => Promise.resolve() },
  };
});

// electron-updater requires the electron binary's module: a recording stand-in of its autoUpdater.
vi.mock('electron-updater', () => ({
  default: {
    autoUpdater: {
      autoDownload: false,
      autoInstallOnAppQuit: false,
      on: () => undefined,
      checkForUpdates: () => {
        fake.calls.push(['autoUpdater.checkForUpdates']);
        return Promise.resolve(null);
      },
      quitAndInstall: () => fake.calls.push(['autoUpdater.quitAndInstall']),
    },
  },
}));

const TOKEN = 'Qm9uam91ci1sZXMtYW1pcw';
fake.userData = mkdtempSync(join(tmpdir(), 'parc-main-test-'));
const argv = process.argv;

async function startMain(extraArgs: string[] = []) {
  fake.reset();
  process.argv = [argv[0]!, '/opt/parc/app.asar', ...extraArgs];
  vi.resetModules();
  try {
    await import('../../../src/main/index');
  } finally {
    process.argv = argv;
  }
  // Let whenReady's callback run.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return fake.windows[0];
}

const called = (name: string) => fake.calls.filter(([call]) => call === name).map(([, ...args]) => args);

afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => {
  rmSync(fake.userData, { recursive: true, force: true });
});

describe('main process start-up', () => {
  it('takes the single-instance lock and registers parcaventure:// links', async () => {
    const window = await startMain();
    expect(called('app.setAsDefaultProtocolClient')).toEqual([['parcaventure']]);
    expect(window?.loaded).toEqual(['app://parc/']);
    // Packaged: the update feed is checked once the window is open.
    expect(called('autoUpdater.checkForUpdates')).toHaveLength(1);
    expect(
      called('ipcMain.handle')
        .map(([channel]) => channel)
        .sort(),
    ).toEqual(
      [
        IPC_CHANNELS.printContract,
        IPC_CHANNELS.printDayPasses,
        IPC_CHANNELS.printQrCode,
        IPC_CHANNELS.tokenClear,
        IPC_CHANNELS.tokenGet,
        IPC_CHANNELS.tokenSet,
      ].sort(),
    );
  });

  it('quits at once when another instance already runs', async () => {
    fake.reset();
    fake.lock = false;
    process.argv = [argv[0]!, '/opt/parc/app.asar'];
    vi.resetModules();
    try {
      await import('../../../src/main/index');
    } finally {
      process.argv = argv;
    }
    expect(called('app.quit')).toHaveLength(1);
    expect(fake.appListeners.size).toBe(0);
  });

  it('sets the French menu in desktop mode, and lets the menu’s Accueil go home', async () => {
    const window = await startMain();
    const [[menu]] = called('Menu.setApplicationMenu') as [
      [{ template: { label: string; submenu: { label?: string; click?: () => void }[] }[] }],
    ];
    expect(menu.template.map((item) => item.label)).toEqual(['Fichier', 'Édition', 'Affichage', 'Aide']);
    menu.template[0]!.submenu.find((item) => item.label === 'Accueil')!.click!();
    expect(window?.sent).toEqual([[IPC_CHANNELS.deepLink, '/']]);
    expect(window?.options).toMatchObject({ kiosk: false });
    expect(window?.contentsListeners.has('before-input-event')).toBe(false);
  });

  it('opens the kiosk full screen, without menu, with shortcuts locked and no dev tools', async () => {
    const window = await startMain(['--kiosk']);
    expect(called('Menu.setApplicationMenu')).toEqual([[null]]);
    expect(window?.options).toMatchObject({ kiosk: true, fullscreen: true, webPreferences: { devTools: false } });
    expect(window?.contentsListeners.has('before-input-event')).toBe(true);
  });

  it('opens the window on the route of the link it was started with', async () => {
    const window = await startMain([`parcaventure://invitation/${TOKEN}`]);
    expect(window?.loaded).toEqual([`app://parc/invitation/${TOKEN}`]);
  });

  it('sends a link opened in a second instance to the running window, and focuses it', async () => {
    const window = await startMain();
    fake.appListeners.get('second-instance')!({}, [
      '/opt/parc/parc',
      '--no-sandbox',
      `parcaventure://invitation/${TOKEN}`,
    ]);
    expect(window?.sent).toEqual([[IPC_CHANNELS.deepLink, `/invitation/${TOKEN}`]]);
    expect(window?.focused).toBeGreaterThan(0);
  });

  it('handles macOS open-url events', async () => {
    const window = await startMain();
    const event = { preventDefault: vi.fn() };
    fake.appListeners.get('open-url')!(event, 'parcaventure://booking/5b0e7c3a-2f1d-4e8b-9a6c-7d3f1e2a4b5c');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(window?.sent).toEqual([[IPC_CHANNELS.deepLink, '/booking/5b0e7c3a-2f1d-4e8b-9a6c-7d3f1e2a4b5c']]);
  });

  it('ignores and logs a link outside the allowlist, without logging its content', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const window = await startMain();
    fake.appListeners.get('second-instance')!({}, [
      '/opt/parc/parc',
      `parcaventure://invitation/../../admin?t=${TOKEN}`,
    ]);
    fake.appListeners.get('open-url')!({ preventDefault: () => undefined }, 'javascript:alert(1)');
    expect(window?.sent).toEqual([]);
    const logged = warn.mock.calls.map((args) => args.join(' ')).filter((line) => line.includes('deep link ignored'));
    expect(logged).toHaveLength(2);
    expect(logged.join('\n')).not.toContain(TOKEN);
  });
});
