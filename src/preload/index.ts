import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { DESKTOP_ARGS, IPC_CHANNELS, readDesktopArg, type ParcBridge } from '../shared/desktop-bridge';

// Sandboxed preload (DESIGN.md §6): only 'electron' can be required at run time, so this file is
// bundled as one CommonJS file and exposes named functions, never ipcRenderer itself.

/** An in-app path: main sends nothing else, and a page must never be pointed off the app. */
function isInAppRoute(route: unknown): route is string {
  return typeof route === 'string' && route.startsWith('/') && !route.startsWith('//') && !route.includes('\\');
}

/**
 * Deep links can arrive before React subscribes (a link opened while the page loads): the
 * preload listens from the start and keeps the last few for the first subscriber.
 */
const MAX_PENDING_ROUTES = 5;
const pendingRoutes: string[] = [];
const deepLinkSubscribers = new Set<(route: string) => void>();

ipcRenderer.on(IPC_CHANNELS.deepLink, (_event: IpcRendererEvent, route: unknown) => {
  if (!isInAppRoute(route)) return;
  if (deepLinkSubscribers.size === 0) {
    pendingRoutes.push(route);
    if (pendingRoutes.length > MAX_PENDING_ROUTES) pendingRoutes.shift();
    return;
  }
  for (const subscriber of deepLinkSubscribers) subscriber(route);
});

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
    // Wrapped so the page cannot hand the same function twice and unsubscribe it once.
    const subscriber = (route: string) => cb(route);
    deepLinkSubscribers.add(subscriber);
    for (const route of pendingRoutes.splice(0)) subscriber(route);
    return () => {
      deepLinkSubscribers.delete(subscriber);
    };
  },
  mode: readDesktopArg(process.argv, DESKTOP_ARGS.mode) === 'kiosk' ? 'kiosk' : 'desktop',
  apiBaseUrl: readDesktopArg(process.argv, DESKTOP_ARGS.apiUrl) ?? '',
};

contextBridge.exposeInMainWorld('parc', bridge);
