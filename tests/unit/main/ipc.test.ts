import { describe, expect, it, vi } from 'vitest';
import type { IpcMain } from 'electron';
import { IPC_CHANNELS } from '../../../src/shared/desktop-bridge';
import { guard, isTrustedSender, registerIpcHandlers, type IpcSender } from '../../../src/main/ipc';
import { appOrigins } from '../../../src/main/navigation';
import type { Printer } from '../../../src/main/print';
import { printIpcHandlers } from '../../../src/main/print.ipc';
import { createMemoryVault } from '../../../src/main/token-vault';
import { vaultIpcHandlers } from '../../../src/main/vault.ipc';

vi.mock('electron', () => ({}));

const origins = appOrigins(undefined);
const fakePrinter = (): Printer & { qrCode: ReturnType<typeof vi.fn>; contract: ReturnType<typeof vi.fn> } => ({
  qrCode: vi.fn(() => Promise.resolve({ ok: true as const })),
  contract: vi.fn(() => Promise.resolve({ ok: false as const, error: 'le contrat de cette réservation n’est pas disponible' })),
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

describe('guarded handlers', () => {
  it('refuses an untrusted sender before touching the vault', async () => {
    const vault = createMemoryVault();
    await vault.set('secret');
    const get = guard(IPC_CHANNELS.tokenGet, origins, vaultIpcHandlers(vault)[IPC_CHANNELS.tokenGet]!);
    expect(() => get(topFrame('https://evil.com/'))).toThrow(`Untrusted sender for ${IPC_CHANNELS.tokenGet}`);
    await expect(get(app)).resolves.toBe('secret');
  });

  it('registers every bridge channel on ipcMain behind the sender check', () => {
    const handle = vi.fn();
    registerIpcHandlers({ handle } as unknown as IpcMain, origins, {
      ...vaultIpcHandlers(createMemoryVault()),
      ...printIpcHandlers(fakePrinter()),
    });
    const channels = handle.mock.calls.map(([channel]) => channel as string);
    expect(channels.sort()).toEqual(
      [
        IPC_CHANNELS.printContract,
        IPC_CHANNELS.printQrCode,
        IPC_CHANNELS.tokenClear,
        IPC_CHANNELS.tokenGet,
        IPC_CHANNELS.tokenSet,
      ].sort(),
    );
    const [, tokenGet] = handle.mock.calls.find(([c]) => c === IPC_CHANNELS.tokenGet)!;
    expect(() => (tokenGet as (e: IpcSender) => unknown)(topFrame('https://evil.com/'))).toThrow();
  });
});

describe('token vault channels', () => {
  const handlers = vaultIpcHandlers(createMemoryVault());
  const call = (channel: keyof typeof handlers, ...args: unknown[]) => Promise.resolve(handlers[channel]!(args));

  it('stores, returns and clears the token', async () => {
    await expect(call(IPC_CHANNELS.tokenGet)).resolves.toBeNull();
    await call(IPC_CHANNELS.tokenSet, 'abc.def.ghi');
    await expect(call(IPC_CHANNELS.tokenGet)).resolves.toBe('abc.def.ghi');
    await call(IPC_CHANNELS.tokenClear);
    await expect(call(IPC_CHANNELS.tokenGet)).resolves.toBeNull();
  });

  it.each([[[]], [['']], [[42]], [['a'.repeat(4097)]], [['a', 'b']], [[{ toString: () => 'x' }]]])(
    'refuses to store %j',
    async (args) => {
      await expect(call(IPC_CHANNELS.tokenSet, ...args)).rejects.toThrow(
        `Invalid arguments for ${IPC_CHANNELS.tokenSet}`,
      );
    },
  );

  it('refuses extra arguments on get and clear', async () => {
    await expect(call(IPC_CHANNELS.tokenGet, 'x')).rejects.toThrow('Invalid arguments');
    await expect(call(IPC_CHANNELS.tokenClear, 'x')).rejects.toThrow('Invalid arguments');
  });
});

describe('print channels', () => {
  const printer = fakePrinter();
  const handlers = printIpcHandlers(printer);
  const call = (channel: keyof typeof handlers, ...args: unknown[]) => Promise.resolve(handlers[channel]!(args));

  it('hands parsed arguments to the printer and returns its result as is', async () => {
    await expect(
      call(IPC_CHANNELS.printQrCode, 'https://www.parc-aventure-landes.fr/invitation/abc', '  Anniversaire  '),
    ).resolves.toEqual({ ok: true });
    expect(printer.qrCode).toHaveBeenCalledWith('https://www.parc-aventure-landes.fr/invitation/abc', 'Anniversaire');
    await expect(call(IPC_CHANNELS.printContract, '5b0e7c3a-2f1d-4e8b-9a6c-7d3f1e2a4b5c')).resolves.toEqual({
      ok: false,
      error: 'le contrat de cette réservation n’est pas disponible',
    });
    expect(printer.contract).toHaveBeenCalledWith('5b0e7c3a-2f1d-4e8b-9a6c-7d3f1e2a4b5c');
  });

  it.each([
    [['javascript:alert(1)', 'x']],
    [['file:///etc/passwd', 'x']],
    [['https://ok.fr/', '']],
    [['https://ok.fr/']],
  ])('refuses a QR code for %j', async (args) => {
    printer.qrCode.mockClear();
    await expect(call(IPC_CHANNELS.printQrCode, ...args)).rejects.toThrow('Invalid arguments');
    expect(printer.qrCode).not.toHaveBeenCalled();
  });

  it.each([[['../../etc/passwd']], [['']], [[]], [[12]]])('refuses a contract for %j', async (args) => {
    printer.contract.mockClear();
    await expect(call(IPC_CHANNELS.printContract, ...args)).rejects.toThrow('Invalid arguments');
    expect(printer.contract).not.toHaveBeenCalled();
  });
});
