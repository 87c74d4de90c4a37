import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ParcBridge } from '../../../src/shared/desktop-bridge';
import { IPC_CHANNELS } from '../../../src/shared/desktop-bridge';

const exposed = new Map<string, unknown>();
const listeners = new Map<string, (...args: unknown[]) => void>();
const invoke = vi.fn((..._args: unknown[]) => Promise.resolve<unknown>(undefined));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: {
    invoke: (...args: unknown[]) => invoke(...args),
    on: (channel: string, listener: (...args: unknown[]) => void) => listeners.set(channel, listener),
    removeListener: (channel: string) => listeners.delete(channel),
  },
}));

let bridge: ParcBridge;

beforeAll(async () => {
  const argv = process.argv;
  process.argv = [...argv, '--parc-mode=kiosk', '--parc-api-url=https://api.parc.fr'];
  try {
    vi.resetModules();
    await import('../../../src/preload/index');
  } finally {
    process.argv = argv;
  }
  bridge = exposed.get('parc') as ParcBridge;
});

describe('preload bridge', () => {
  it('exposes window.parc only, with the ParcBridge members', () => {
    expect([...exposed.keys()]).toEqual(['parc']);
    expect(Object.keys(bridge).sort()).toEqual(['apiBaseUrl', 'mode', 'onDeepLink', 'print', 'token']);
    expect(bridge.mode).toBe('kiosk');
    expect(bridge.apiBaseUrl).toBe('https://api.parc.fr');
  });

  it('forwards calls to their IPC channels', async () => {
    await bridge.token.set('abc');
    await bridge.print.qrCode('https://x.fr/', 'Label');
    await bridge.print.contract('id');
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.tokenSet, 'abc');
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.printQrCode, 'https://x.fr/', 'Label');
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.printContract, 'id');
  });

  it('delivers in-app deep-link routes and unsubscribes', () => {
    const cb = vi.fn();
    const off = bridge.onDeepLink(cb);
    const emit = listeners.get(IPC_CHANNELS.deepLink)!;
    emit({}, '/invitation/abc');
    emit({}, '//evil.com');
    emit({}, 'https://evil.com');
    expect(cb.mock.calls).toEqual([['/invitation/abc']]);
    off();
    expect(listeners.has(IPC_CHANNELS.deepLink)).toBe(false);
  });
});
