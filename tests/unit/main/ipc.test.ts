import { describe, expect, it, vi } from 'vitest';
import type { IpcMain } from 'electron';
import { IPC_CHANNELS, type IpcInvokeChannel } from '../../../src/shared/desktop-bridge';
import {
  guard,
  isTrustedSender,
  registerIpcHandlers,
  type GuardedHandler,
  type IpcHandlers,
  type IpcSender,
} from '../../../src/main/ipc';
import { appOrigins } from '../../../src/main/navigation';
import type { Printer } from '../../../src/main/print';
import { printIpcHandlers } from '../../../src/main/print.ipc';
import { createMemoryVault, type TokenVault } from '../../../src/main/token-vault';
import { vaultIpcHandlers } from '../../../src/main/vault.ipc';

/** The bridge's French errors, written out so that a changed text fails a test. */
const IPC_TEXT = { refused: 'Appel refusé', invalidArguments: 'Arguments invalides', unexpected: 'Erreur inattendue' };

vi.mock('electron', () => ({}));

const origins = appOrigins(undefined);
const fakePrinter = (): Printer & {
  qrCode: ReturnType<typeof vi.fn>;
  contract: ReturnType<typeof vi.fn>;
  dayPasses: ReturnType<typeof vi.fn>;
} => ({
  qrCode: vi.fn(() => Promise.resolve({ ok: true as const })),
  contract: vi.fn(() =>
    Promise.resolve({ ok: false as const, error: 'le contrat de cette réservation n’est pas disponible' }),
  ),
  dayPasses: vi.fn(() => Promise.resolve({ ok: true as const })),
});
const topFrame = (url: string): IpcSender => ({ senderFrame: { url, parent: null } });
const app = topFrame('app://parc/mon-espace');

describe('isTrustedSender', () => {
  it('trusts the app top frame', () => {
    expect(isTrustedSender(app, origins)).toBe(true);
  });

  it('trusts the dev server only when it is the configured one', () => {
    const dev = topFrame('http://localhost:5173/');
    expect(isTrustedSender(dev, appOrigins('http://localhost:5173'))).toBe(true);
    expect(isTrustedSender(dev, origins)).toBe(false);
  });

  it.each([
    ['a foreign page', topFrame('https://evil.com/')],
    ['a look-alike host', topFrame('app://parc.evil.com/')],
    ['a file page', topFrame('file:///tmp/x.html')],
    ['a sub-frame of the app', { senderFrame: { url: 'app://parc/', parent: {} } }],
    ['a destroyed frame', { senderFrame: null }],
  ])('refuses %s', (_label, sender) => {
    expect(isTrustedSender(sender, origins)).toBe(false);
  });
});

const refused = { ok: false, error: IPC_TEXT.refused };
const invalid = { ok: false, error: IPC_TEXT.invalidArguments };
const unexpected = { ok: false, error: IPC_TEXT.unexpected };
const untrustedSenders: [string, IpcSender][] = [
  ['a foreign page', topFrame('https://evil.com/')],
  ['a sub-frame of the app', { senderFrame: { url: 'app://parc/', parent: {} } }],
  ['a destroyed frame', { senderFrame: null }],
];

/** Registers `handlers` on a fake ipcMain and returns what ipcMain would run for each channel. */
function registered(handlers: IpcHandlers, log = vi.fn()) {
  const handle = vi.fn();
  registerIpcHandlers({ handle } as unknown as IpcMain, origins, handlers, log);
  const byChannel = new Map(handle.mock.calls.map(([channel, fn]) => [channel as string, fn as GuardedHandler]));
  return {
    channels: [...byChannel.keys()],
    call: (channel: IpcInvokeChannel, sender: IpcSender, ...args: unknown[]) =>
      byChannel.get(channel)!(sender, ...args),
    log,
  };
}

const allChannels = [
  IPC_CHANNELS.printContract,
  IPC_CHANNELS.printDayPasses,
  IPC_CHANNELS.printQrCode,
  IPC_CHANNELS.tokenClear,
  IPC_CHANNELS.tokenGet,
  IPC_CHANNELS.tokenSet,
].sort();

describe('guarded handlers', () => {
  it('refuses an untrusted sender with a result, before touching the vault', async () => {
    const vault = createMemoryVault();
    await vault.set('secret');
    const get = vi.spyOn(vault, 'get');
    const log = vi.fn();
    const guarded = guard(IPC_CHANNELS.tokenGet, origins, vaultIpcHandlers(vault)[IPC_CHANNELS.tokenGet]!, log);
    await expect(guarded(topFrame('https://evil.com/'))).resolves.toEqual(refused);
    expect(get).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(`[parc] IPC call refused on ${IPC_CHANNELS.tokenGet}: untrusted sender`);
    await expect(guarded(app)).resolves.toEqual({ ok: true, value: 'secret' });
  });

  it('registers every bridge channel on ipcMain behind the sender check', async () => {
    const vault = createMemoryVault();
    const printer = fakePrinter();
    const { channels, call, log } = registered({ ...vaultIpcHandlers(vault), ...printIpcHandlers(printer) });
    expect(channels.sort()).toEqual(allChannels);
    for (const [, sender] of untrustedSenders) {
      await expect(call(IPC_CHANNELS.tokenGet, sender)).resolves.toEqual(refused);
      await expect(call(IPC_CHANNELS.tokenSet, sender, 'abc')).resolves.toEqual(refused);
      await expect(call(IPC_CHANNELS.tokenClear, sender)).resolves.toEqual(refused);
      await expect(call(IPC_CHANNELS.printQrCode, sender, 'https://ok.fr/', 'Groupe')).resolves.toEqual(refused);
      await expect(call(IPC_CHANNELS.printContract, sender, 'contrat-GRP-2030-00001.pdf')).resolves.toEqual(refused);
      await expect(call(IPC_CHANNELS.printDayPasses, sender, '2030-12-01')).resolves.toEqual(refused);
    }
    await expect(vault.get()).resolves.toBeNull();
    expect(log).toHaveBeenCalledTimes(untrustedSenders.length * allChannels.length);
    expect(printer.qrCode).not.toHaveBeenCalled();
    expect(printer.contract).not.toHaveBeenCalled();
    expect(printer.dayPasses).not.toHaveBeenCalled();
  });

  it.each(untrustedSenders)(
    'refuses %s even with invalid arguments (the sender is checked first)',
    async (_l, sender) => {
      const { call } = registered(vaultIpcHandlers(createMemoryVault()));
      await expect(call(IPC_CHANNELS.tokenSet, sender, 42)).resolves.toEqual(refused);
    },
  );

  it('answers accepted calls on every channel with {ok, value}', async () => {
    const { call } = registered({ ...vaultIpcHandlers(createMemoryVault()), ...printIpcHandlers(fakePrinter()) });
    await expect(call(IPC_CHANNELS.tokenSet, app, 'abc')).resolves.toEqual({ ok: true, value: null });
    await expect(call(IPC_CHANNELS.tokenGet, app)).resolves.toEqual({ ok: true, value: 'abc' });
    await expect(call(IPC_CHANNELS.tokenClear, app)).resolves.toEqual({ ok: true, value: null });
    await expect(call(IPC_CHANNELS.printQrCode, app, 'https://ok.fr/', 'Groupe')).resolves.toEqual({
      ok: true,
      value: null,
    });
  });

  it('turns a throwing handler into an unexpected error, logging the channel and never the arguments', async () => {
    const broken: TokenVault = {
      get: () => Promise.reject(new Error('EACCES: permission denied')),
      set: () => Promise.reject(new Error('keychain locked')),
      clear: () => Promise.reject(new Error('EBUSY')),
    };
    const log = vi.fn();
    const { call } = registered(vaultIpcHandlers(broken), log);
    const set = guard(IPC_CHANNELS.tokenSet, origins, vaultIpcHandlers(broken)[IPC_CHANNELS.tokenSet]!, log);
    await expect(set(app, 'my-secret-token')).resolves.toEqual(unexpected);
    await expect(call(IPC_CHANNELS.tokenGet, app)).resolves.toEqual(unexpected);
    await expect(call(IPC_CHANNELS.tokenClear, app)).resolves.toEqual(unexpected);
    expect(log).toHaveBeenCalledWith(`[parc] IPC handler of ${IPC_CHANNELS.tokenSet} failed: keychain locked`);
    expect(JSON.stringify(log.mock.calls)).not.toContain('my-secret-token');
  });
});

describe('token vault channels', () => {
  const handlers = vaultIpcHandlers(createMemoryVault());
  const call = (channel: 'parc:token:get' | 'parc:token:set' | 'parc:token:clear', ...args: unknown[]) =>
    handlers[channel]!(args);

  it('stores, returns and clears the token, each call answering {ok: true, value}', async () => {
    await expect(call(IPC_CHANNELS.tokenGet)).resolves.toEqual({ ok: true, value: null });
    await expect(call(IPC_CHANNELS.tokenSet, 'abc.def.ghi')).resolves.toEqual({ ok: true, value: null });
    await expect(call(IPC_CHANNELS.tokenGet)).resolves.toEqual({ ok: true, value: 'abc.def.ghi' });
    await expect(call(IPC_CHANNELS.tokenClear)).resolves.toEqual({ ok: true, value: null });
    await expect(call(IPC_CHANNELS.tokenGet)).resolves.toEqual({ ok: true, value: null });
  });

  it.each([[[]], [['']], [[42]], [['a'.repeat(4097)]], [['a', 'b']], [[{ toString: () => 'x' }]]])(
    'refuses to store %j',
    async (args) => {
      await expect(call(IPC_CHANNELS.tokenSet, ...args)).resolves.toEqual(invalid);
      await expect(call(IPC_CHANNELS.tokenGet)).resolves.toEqual({ ok: true, value: null });
    },
  );

  it('never echoes the refused arguments', async () => {
    const result = await call(IPC_CHANNELS.tokenSet, 'secret', 'extra');
    expect(JSON.stringify(result)).not.toContain('secret');
  });

  it('refuses extra arguments on get and clear', async () => {
    await expect(call(IPC_CHANNELS.tokenGet, 'x')).resolves.toEqual(invalid);
    await expect(call(IPC_CHANNELS.tokenClear, 'x')).resolves.toEqual(invalid);
  });
});

describe('print channels', () => {
  const printer = fakePrinter();
  const handlers = printIpcHandlers(printer);
  const call = (channel: 'parc:print:qr-code' | 'parc:print:contract' | 'parc:print:day-passes', ...args: unknown[]) =>
    handlers[channel]!(args);

  it('hands parsed arguments to the printer and passes its result on as {ok, value} or {ok: false, error}', async () => {
    await expect(
      call(IPC_CHANNELS.printQrCode, 'https://www.parc-aventure-landes.fr/invitation/abc', '  Anniversaire  '),
    ).resolves.toEqual({ ok: true, value: null });
    expect(printer.qrCode).toHaveBeenCalledWith('https://www.parc-aventure-landes.fr/invitation/abc', 'Anniversaire');
    await expect(call(IPC_CHANNELS.printContract, 'contrat-GRP-2030-00001.pdf')).resolves.toEqual({
      ok: false,
      error: 'le contrat de cette réservation n’est pas disponible',
    });
    expect(printer.contract).toHaveBeenCalledWith('contrat-GRP-2030-00001.pdf');
  });

  it.each([
    [['javascript:alert(1)', 'x']],
    [['file:///etc/passwd', 'x']],
    [['https://ok.fr/', '']],
    [['https://ok.fr/']],
  ])('refuses a QR code for %j', async (args) => {
    printer.qrCode.mockClear();
    await expect(call(IPC_CHANNELS.printQrCode, ...args)).resolves.toEqual(invalid);
    expect(printer.qrCode).not.toHaveBeenCalled();
  });

  it.each([
    [['../../etc/passwd']],
    [['..']],
    [['contrats\\contrat.pdf']],
    [['contrat\u0000.pdf']],
    [['x'.repeat(201)]],
    [['']],
    [[]],
    [[12]],
    [['a.pdf', 'b.pdf']],
  ])('refuses a contract for %j', async (args) => {
    printer.contract.mockClear();
    await expect(call(IPC_CHANNELS.printContract, ...args)).resolves.toEqual(invalid);
    expect(printer.contract).not.toHaveBeenCalled();
  });

  it('hands a calendar day to the day’s batch print', async () => {
    await expect(call(IPC_CHANNELS.printDayPasses, '2030-12-01')).resolves.toEqual({ ok: true, value: null });
    expect(printer.dayPasses).toHaveBeenCalledWith('2030-12-01');
  });

  it.each([
    [['2027-02-30']],
    [['2030-12-1']],
    [['2030-12-01T00:00:00Z']],
    [['../../contracts']],
    [['']],
    [[]],
    [[20301201]],
    [['2030-12-01', '2030-12-02']],
  ])('refuses a day’s batch print for %j', async (args) => {
    printer.dayPasses.mockClear();
    await expect(call(IPC_CHANNELS.printDayPasses, ...args)).resolves.toEqual(invalid);
    expect(printer.dayPasses).not.toHaveBeenCalled();
  });
});
