import { beforeEach, describe, expect, it, vi } from 'vitest';

const created: { options: Record<string, unknown> }[] = [];

vi.mock('electron', () => ({
  BrowserWindow: class {
    options: Record<string, unknown>;
    constructor(options: Record<string, unknown>) {
      this.options = options;
      created.push(this);
    }
    once() {}
    show() {}
  },
}));

const { createMainWindow, secureWebPreferences } = await import('../../../src/main/window');

describe('secureWebPreferences', () => {
  const prefs = secureWebPreferences({
    preloadPath: '/app/out/preload/index.cjs',
    additionalArguments: ['--parc-mode=desktop'],
    devTools: false,
  });

  it('isolates and sandboxes the renderer without Node', () => {
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('loads the CommonJS preload and passes the renderer arguments', () => {
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
    expect(prefs.additionalArguments).toEqual(['--parc-mode=desktop']);
    expect(prefs.devTools).toBe(false);
  });
});

describe('createMainWindow', () => {
  beforeEach(() => {
    created.length = 0;
  });

  const base = { preloadPath: '/p/index.cjs', additionalArguments: [], devTools: false };

  it('opens the kiosk full screen, in kiosk mode, with the hardened preferences', () => {
    createMainWindow({ ...base, mode: 'kiosk' });
    expect(created[0]?.options).toMatchObject({
      kiosk: true,
      fullscreen: true,
      show: false,
      webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false },
    });
  });

  it('opens the desktop window as a normal window', () => {
    createMainWindow({ ...base, mode: 'desktop' });
    expect(created[0]?.options).toMatchObject({ kiosk: false, fullscreen: false });
  });
});
