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

  it('keeps deep links that arrive before the page subscribes, for the first subscriber', () => {
    const emit = listeners.get(IPC_CHANNELS.deepLink)!;
    emit({}, '/booking/5b0e7c3a-2f1d-4e8b-9a6c-7d3f1e2a4b5c');
    emit({}, 'https://evil.com');
    const cb = vi.fn();
    const off = bridge.onDeepLink(cb);
    expect(cb.mock.calls).toEqual([['/booking/5b0e7c3a-2f1d-4e8b-9a6c-7d3f1e2a4b5c']]);
    off();
  });

  it('delivers in-app deep-link routes only, and stops after unsubscribing', () => {
    const cb = vi.fn();
    const off = bridge.onDeepLink(cb);
    const emit = listeners.get(IPC_CHANNELS.deepLink)!;
    emit({}, '/invitation/abc');
    emit({}, '//evil.com');
    emit({}, '/\\evil.com');
    emit({}, 'https://evil.com');
    emit({}, 42);
    expect(cb.mock.calls).toEqual([['/invitation/abc']]);
    off();
    emit({}, '/invitation/def');
    expect(cb).toHaveBeenCalledTimes(1);
    // Nobody listens any more: the route waits for the next subscriber.
    const next = vi.fn();
    bridge.onDeepLink(next)();
    expect(next.mock.calls).toEqual([['/invitation/def']]);
  });

  it('never hands ipcRenderer or its event to the page', () => {
    const cb = vi.fn();
    const off = bridge.onDeepLink(cb);
    listeners.get(IPC_CHANNELS.deepLink)!({ sender: 'ipcRenderer' }, '/');
    expect(cb.mock.calls).toEqual([['/']]);
    off();
  });
});
