import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ParcBridge } from '../../../src/shared/desktop-bridge';
import { IPC_CHANNELS } from '../../../src/shared/desktop-bridge';

/** The bridge's French errors, written out so that a changed text fails a test. */
const IPC_TEXT = { refused: 'Appel refusé', invalidArguments: 'Arguments invalides', unexpected: 'Erreur inattendue' };

const exposed = new Map<string, unknown>();
const listeners = new Map<string, (...args: unknown[]) => void>();
/** main's answer by default: every handler succeeds with nothing to return. */
const invoke = vi.fn((..._args: unknown[]) => Promise.resolve<unknown>({ ok: true, value: null }));

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
    await bridge.token.clear();
    await bridge.print.qrCode('https://x.fr/', 'Label');
    await bridge.print.contract('contrat-GRP-2030-00001.pdf');
    await bridge.print.dayPasses('2030-12-01');
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.tokenSet, 'abc');
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.tokenClear);
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.printQrCode, 'https://x.fr/', 'Label');
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.printContract, 'contrat-GRP-2030-00001.pdf');
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.printDayPasses, '2030-12-01');
  });

  describe("unwraps main's {ok, value} | {ok: false, error} results", () => {
    const answer = (result: unknown) => invoke.mockImplementationOnce(() => Promise.resolve(result));

    it('resolves token.get with the value, a string or null', async () => {
      answer({ ok: true, value: 'abc.def' });
      await expect(bridge.token.get()).resolves.toBe('abc.def');
      expect(invoke).toHaveBeenLastCalledWith(IPC_CHANNELS.tokenGet);
      answer({ ok: true, value: null });
      await expect(bridge.token.get()).resolves.toBeNull();
    });

    it('resolves token.set and token.clear with nothing', async () => {
      answer({ ok: true, value: null });
      await expect(bridge.token.set('abc')).resolves.toBeUndefined();
      answer({ ok: true, value: null });
      await expect(bridge.token.clear()).resolves.toBeUndefined();
    });

    it.each([
      ['a refused sender', IPC_TEXT.refused],
      ['invalid arguments', IPC_TEXT.invalidArguments],
      ['a vault failure', IPC_TEXT.unexpected],
    ])('rejects the token calls with an Error carrying the French message of %s', async (_label, error) => {
      answer({ ok: false, error });
      await expect(bridge.token.get()).rejects.toThrow(new Error(error));
      answer({ ok: false, error });
      await expect(bridge.token.set('abc')).rejects.toThrow(new Error(error));
      answer({ ok: false, error });
      await expect(bridge.token.clear()).rejects.toThrow(new Error(error));
    });

    it('resolves print calls with {ok: true} or {ok: false, error}, never rejecting', async () => {
      answer({ ok: true, value: null });
      await expect(bridge.print.qrCode('https://x.fr/', 'Label')).resolves.toEqual({ ok: true });
      answer({ ok: false, error: 'aucune imprimante n’est disponible' });
      await expect(bridge.print.contract('id')).resolves.toEqual({
        ok: false,
        error: 'aucune imprimante n’est disponible',
      });
      answer({ ok: false, error: IPC_TEXT.refused });
      await expect(bridge.print.qrCode('https://x.fr/', 'Label')).resolves.toEqual({
        ok: false,
        error: IPC_TEXT.refused,
      });
      answer({ ok: false, error: IPC_TEXT.invalidArguments });
      await expect(bridge.print.contract('id')).resolves.toEqual({ ok: false, error: IPC_TEXT.invalidArguments });
    });

    it.each([
      [
        'a rejected invoke',
        () => invoke.mockImplementationOnce(() => Promise.reject(new Error('No handler registered'))),
      ],
      ['no answer', () => answer(undefined)],
      ['a raw value', () => answer('abc')],
      ['a success without value', () => answer({ ok: true })],
      ['a failure without message', () => answer({ ok: false, error: 42 })],
    ])('reports %s as the unexpected error', async (_label, arrange) => {
      arrange();
      await expect(bridge.token.get()).rejects.toThrow(IPC_TEXT.unexpected);
      arrange();
      await expect(bridge.token.set('abc')).rejects.toThrow(IPC_TEXT.unexpected);
      arrange();
      await expect(bridge.print.qrCode('https://x.fr/', 'Label')).resolves.toEqual({
        ok: false,
        error: IPC_TEXT.unexpected,
      });
      arrange();
      await expect(bridge.print.contract('id')).resolves.toEqual({ ok: false, error: IPC_TEXT.unexpected });
    });

    it("hands the page a plain {ok: true} for print, not main's envelope", async () => {
      answer({ ok: true, value: null });
      const result = await bridge.print.contract('id');
      expect(Object.keys(result)).toEqual(['ok']);
    });
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
