import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { DESKTOP_ARGS, IPC_CHANNELS, readDesktopArg, type ParcBridge } from '../shared/desktop-bridge';

// Sandboxed preload (DESIGN.md §6): only 'electron' can be required at run time, so this file is
// bundled as one CommonJS file and exposes named functions, never ipcRenderer itself.

const bridge: ParcBridge = {
  token: {
    get: () => ipcRenderer.invoke(IPC_CHANNELS.tokenGet),
    set: async (token) => {
      await ipcRenderer.invoke(IPC_CHANNELS.tokenSet, token);
    },
    clear: async () => {
      await ipcRenderer.invoke(IPC_CHANNELS.tokenClear);
    },
  },
  print: {
    qrCode: (url, label) => ipcRenderer.invoke(IPC_CHANNELS.printQrCode, url, label),
    contract: (bookingId) => ipcRenderer.invoke(IPC_CHANNELS.printContract, bookingId),
  },
  onDeepLink: (cb) => {
    const listener = (_event: IpcRendererEvent, route: unknown) => {
      if (typeof route === 'string' && route.startsWith('/') && !route.startsWith('//')) cb(route);
    };
    ipcRenderer.on(IPC_CHANNELS.deepLink, listener);
    return () => {
      ipcRenderer.removeListener(IPC_CHANNELS.deepLink, listener);
    };
  },
  mode: readDesktopArg(process.argv, DESKTOP_ARGS.mode) === 'kiosk' ? 'kiosk' : 'desktop',
  apiBaseUrl: readDesktopArg(process.argv, DESKTOP_ARGS.apiUrl) ?? '',
};

contextBridge.exposeInMainWorld('parc', bridge);
