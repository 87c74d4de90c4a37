import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain, Menu, protocol, session, shell } from 'electron';
import { DESKTOP_ORIGIN } from '../shared/desktop-bridge';
import { contentSecurityPolicy, registerAppScheme, serveAppProtocol } from './app-protocol';
import { apiBaseUrlFromEnv, modeFromArgv, rendererArguments } from './config';
import { registerIpcHandlers } from './ipc';
import { appOrigins, hardenWebContents } from './navigation';
import { lockPermissions } from './permissions';
import { printIpcHandlers } from './print.ipc';
import { createMemoryVault } from './token-vault';
import { vaultIpcHandlers } from './vault.ipc';
import { createMainWindow } from './window';

const mode = modeFromArgv(process.argv);
const apiBaseUrl = apiBaseUrlFromEnv(process.env);
// Set by `electron-vite dev`. Ignored once packaged: an env var must not point the app elsewhere.
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
const origins = appOrigins(devServerUrl);
const rendererRoot = fileURLToPath(new URL('../renderer', import.meta.url));
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));

registerAppScheme(protocol);
app.enableSandbox();

app.on('web-contents-created', (_event, contents) => {
  hardenWebContents(contents, origins, (url) => shell.openExternal(url));
});

function openWindow(): void {
  const window = createMainWindow({
    mode,
    preloadPath,
    additionalArguments: rendererArguments(mode, apiBaseUrl),
    devTools: !app.isPackaged,
  });
  void window.loadURL(devServerUrl ?? `${DESKTOP_ORIGIN}/`);
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

void app.whenReady().then(() => {
  lockPermissions(session.defaultSession, origins);
  serveAppProtocol(protocol, rendererRoot, contentSecurityPolicy(apiBaseUrl));
  registerIpcHandlers(ipcMain, origins, {
    ...vaultIpcHandlers(createMemoryVault()),
    ...printIpcHandlers(),
  });
  if (mode === 'kiosk') Menu.setApplicationMenu(null);
  openWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
});
