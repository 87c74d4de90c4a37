import { BrowserWindow, type WebPreferences } from 'electron';
import type { DesktopMode } from '../shared/desktop-bridge';

/**
 * The one place windows are hardened (Electron security checklist 2-4, 6): the renderer gets no
 * Node, runs in Chromium's sandbox, and reaches main only through the preload's bridge.
 */
export function secureWebPreferences(options: {
  preloadPath: string;
  additionalArguments: string[];
  devTools: boolean;
}): WebPreferences {
  return {
    preload: options.preloadPath,
    additionalArguments: options.additionalArguments,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: options.devTools,
  };
}

export function createMainWindow(options: {
  mode: DesktopMode;
  preloadPath: string;
  additionalArguments: string[];
  devTools: boolean;
}): BrowserWindow {
  const kiosk = options.mode === 'kiosk';
  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 360,
    minHeight: 560,
    show: false,
    backgroundColor: '#ffffff',
    title: 'Parc Aventure',
    kiosk,
    fullscreen: kiosk,
    autoHideMenuBar: kiosk,
    webPreferences: secureWebPreferences(options),
  });
  // Shown once painted, so the kiosk never flashes an empty frame.
  window.once('ready-to-show', () => window.show());
  return window;
}
