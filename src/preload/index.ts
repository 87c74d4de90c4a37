import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  DESKTOP_ARGS,
  IPC_CHANNELS,
  IPC_ERRORS,
  ipcError,
  readDesktopArg,
  type IpcChannelValues,
  type IpcInvokeChannel,
  type IpcResult,
  type ParcBridge,
  type PrintResult,
} from '../shared/desktop-bridge';

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

function isIpcResult(answer: unknown): answer is IpcResult<unknown> {
  if (typeof answer !== 'object' || answer === null) return false;
  const result = answer as Record<string, unknown>;
  return (result.ok === true && 'value' in result) || (result.ok === false && typeof result.error === 'string');
}

/**
 * Invokes one channel and always resolves with its {@link IpcResult}: a rejected invoke (no
 * handler) or an answer of another shape becomes the unexpected error.
 */
async function invoke<C extends IpcInvokeChannel>(
  channel: C,
  ...args: unknown[]
): Promise<IpcResult<IpcChannelValues[C]>> {
  try {
    const answer: unknown = await ipcRenderer.invoke(channel, ...args);
    return isIpcResult(answer) ? (answer as IpcResult<IpcChannelValues[C]>) : ipcError(IPC_ERRORS.unexpected);
  } catch {
    return ipcError(IPC_ERRORS.unexpected);
  }
}

/** The value, or a rejection with main's French message (the token calls). */
async function unwrap<T>(pending: Promise<IpcResult<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/** Printing always resolves: a failure, of the printer or of the call, is a result too. */
async function toPrintResult(pending: Promise<IpcResult<null>>): Promise<PrintResult> {
  const result = await pending;
  return result.ok ? { ok: true } : { ok: false, error: result.error };
}

const bridge: ParcBridge = {
  token: {
    get: () => unwrap(invoke(IPC_CHANNELS.tokenGet)),
    set: async (token) => {
      await unwrap(invoke(IPC_CHANNELS.tokenSet, token));
    },
    clear: async () => {
      await unwrap(invoke(IPC_CHANNELS.tokenClear));
    },
  },
  print: {
    qrCode: (url, label) => toPrintResult(invoke(IPC_CHANNELS.printQrCode, url, label)),
    contract: (contractFile) => toPrintResult(invoke(IPC_CHANNELS.printContract, contractFile)),
    dayPasses: (date) => toPrintResult(invoke(IPC_CHANNELS.printDayPasses, date)),
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
