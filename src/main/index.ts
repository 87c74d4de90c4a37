import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain, Menu, protocol, safeStorage, session, shell } from 'electron';
import { DESKTOP_ORIGIN, IPC_CHANNELS } from '../shared/desktop-bridge';
import { contentSecurityPolicy, registerAppScheme, serveAppProtocol } from './app-protocol';
import { apiBaseUrlFromEnv, CONFIG_FILE_NAME, modeFromArgv, parseConfigFile, rendererArguments } from './config';
import { DEEP_LINK_SCHEME, deepLinkFromArgv, describeForLog, parseDeepLink } from './deep-link';
import { registerIpcHandlers } from './ipc';
import { lockKioskContents } from './kiosk';
import { APP_NAME, desktopMenuTemplate } from './menu';
import { appOrigins, hardenWebContents } from './navigation';
import { lockPermissions } from './permissions';
import { createPrinter } from './print';
import { printIpcHandlers } from './print.ipc';
import { chooseTokenVault, deferredVault, importKeytar } from './token-vault';
import { vaultIpcHandlers } from './vault.ipc';
import { createMainWindow } from './window';
import electronUpdater from 'electron-updater';
import { startAutoUpdate } from './updater';

function readConfigText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const config = parseConfigFile(readConfigText(join(app.getPath('userData'), CONFIG_FILE_NAME)));
const mode = modeFromArgv(process.argv, config);
const kiosk = mode === 'kiosk';
const apiBaseUrl = apiBaseUrlFromEnv(process.env, config);
// Set by `electron-vite dev`. Ignored once packaged: an env var must not point the app elsewhere.
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
const origins = appOrigins(devServerUrl);
const rendererRoot = fileURLToPath(new URL('../renderer', import.meta.url));
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const devTools = !kiosk && !app.isPackaged;

let mainWindow: BrowserWindow | null = null;
/** A deep link that arrived before the window existed (cold start): the window opens on it. */
let pendingRoute: string | null = null;

/** Parses a deep link and opens its route in the window; anything else is logged and dropped. */
function openDeepLink(raw: string | undefined): void {
  if (raw === undefined) return;
  const route = parseDeepLink(raw);
  if (route === null) {
    console.warn(`[parc] deep link ignored (${describeForLog(raw)})`);
    return;
  }
  if (mainWindow === null || mainWindow.isDestroyed()) {
    pendingRoute = route;
    return;
  }
  // The preload keeps routes that arrive before the renderer subscribes.
  mainWindow.webContents.send(IPC_CHANNELS.deepLink, route);
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

function openWindow(): void {
  const window = createMainWindow({
    mode,
    preloadPath,
    additionalArguments: rendererArguments(mode, apiBaseUrl),
    devTools,
  });
  mainWindow = window;
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  if (kiosk) lockKioskContents(window.webContents);
  const route = pendingRoute ?? '/';
  pendingRoute = null;
  const base = devServerUrl ? devServerUrl.replace(/\/+$/, '') : DESKTOP_ORIGIN;
  void window.loadURL(`${base}${route}`);
}

function registerProtocolClient(): void {
  // Unpackaged (electron . / electron-vite dev), the OS must start electron with the app's path.
  const registered =
    process.defaultApp && process.argv[1] !== undefined
      ? app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(process.argv[1])])
      : app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  if (!registered) console.warn(`[parc] could not register ${DEEP_LINK_SCHEME}:// links`);
}

function start(): void {
  registerAppScheme(protocol);
  app.enableSandbox();
  registerProtocolClient();

  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, origins, (url) => shell.openExternal(url), { kiosk });
  });

  // A second launch (Windows, Linux: the deep link is on its command line) focuses this one.
  app.on('second-instance', (_event, argv) => {
    openDeepLink(deepLinkFromArgv(argv));
    if (mainWindow && !mainWindow.isDestroyed()) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });
  // macOS delivers links as events, possibly before the app is ready.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    openDeepLink(url);
  });
  // Windows and Linux: a cold start by a link has it on this process's command line.
  pendingRoute = parseDeepLink(deepLinkFromArgv(process.argv)) ?? null;

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  void app.whenReady().then(() => {
    lockPermissions(session.defaultSession, origins);
    serveAppProtocol(protocol, rendererRoot, contentSecurityPolicy(apiBaseUrl));
    const choice = chooseTokenVault({
      mode,
      platform: process.platform,
      loadKeytar: importKeytar,
      safeStorage,
      safeStorageFile: join(app.getPath('userData'), 'session.bin'),
    });
    void choice.then(({ kind }) => console.info(`[parc] ${mode} mode, session kept in: ${kind}`));
    const vault = deferredVault(choice);
    const printer = createPrinter({ mode, apiBaseUrl, getToken: () => vault.get() });
    registerIpcHandlers(ipcMain, origins, { ...vaultIpcHandlers(vault), ...printIpcHandlers(printer) });

    app.setAboutPanelOptions({
      applicationName: APP_NAME,
      applicationVersion: app.getVersion(),
      copyright: 'Parc Aventure des Landes',
    });
    const menu = kiosk
      ? null
      : Menu.buildFromTemplate(
          desktopMenuTemplate({
            isMac: process.platform === 'darwin',
            devTools,
            onHome: () => mainWindow?.webContents.send(IPC_CHANNELS.deepLink, '/'),
          }),
        );
    Menu.setApplicationMenu(menu);

    openWindow();
    startAutoUpdate({
      updater: electronUpdater.autoUpdater,
      mode,
      isPackaged: app.isPackaged,
      log: (message) => console.info(`[parc] ${message}`),
    });
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow();
    });
  });
}

// One instance only: a deep link opened while the app runs goes to the running window.
if (app.requestSingleInstanceLock()) start();
else app.quit();
