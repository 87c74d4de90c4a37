import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  chooseTokenVault,
  createSafeStorageVault,
  deferredVault,
  importKeytar,
  KEYCHAIN_ACCOUNT,
  KEYCHAIN_SERVICE,
  safeStorageIsSecure,
  type KeytarLike,
  type SafeStorageLike,
  type VaultChoiceDeps,
} from '../../../src/main/token-vault';

vi.mock('electron', () => ({}));

/** An OS keychain in a Map; `broken` makes every call fail like keytar without a Secret Service. */
function fakeKeytar(behaviour: 'works' | 'broken' | 'hangs' | 'lies' = 'works') {
  const entries = new Map<string, string>();
  const key = (service: string, account: string) => `${service}/${account}`;
  const fail = () =>
    behaviour === 'broken'
      ? Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'))
      : new Promise<never>(() => undefined);
  const keytar = {
    getPassword: vi.fn((service: string, account: string) => {
      if (behaviour === 'broken' || behaviour === 'hangs') return fail();
      if (behaviour === 'lies') return Promise.resolve('something else');
      return Promise.resolve(entries.get(key(service, account)) ?? null);
    }),
    setPassword: vi.fn((service: string, account: string, password: string) => {
      if (behaviour === 'broken' || behaviour === 'hangs') return fail();
      entries.set(key(service, account), password);
      return Promise.resolve();
    }),
    deletePassword: vi.fn((service: string, account: string) => Promise.resolve(entries.delete(key(service, account)))),
  } satisfies KeytarLike;
  return { keytar, entries };
}

/** safeStorage with a visible but reversible "encryption", and a chosen Linux backend. */
function fakeSafeStorage(options: { available?: boolean; backend?: string | null } = {}): SafeStorageLike {
  const storage: SafeStorageLike = {
    isEncryptionAvailable: () => options.available ?? true,
    encryptString: (text) => Buffer.from(`enc:${Buffer.from(text).toString('base64')}`),
    decryptString: (buffer) => {
      const text = buffer.toString();
      if (!text.startsWith('enc:'))
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(text.slice(4), 'base64').toString();
    },
  };
  if (options.backend !== null) storage.getSelectedStorageBackend = () => options.backend ?? 'gnome_libsecret';
  return storage;
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'parc-vault-test-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

function deps(overrides: Partial<VaultChoiceDeps> = {}): VaultChoiceDeps {
  return {
    mode: 'desktop',
    platform: 'linux',
    loadKeytar: () => Promise.reject(new Error("Cannot find package 'keytar'")),
    safeStorage: fakeSafeStorage(),
    safeStorageFile: join(folder, `session-${Math.random().toString(36).slice(2)}.bin`),
    log: vi.fn(),
    ...overrides,
  };
}

describe('chooseTokenVault (DESIGN.md §6 fallback order)', () => {
  it('uses the OS keychain when keytar loads and answers the probe', async () => {
    const { keytar, entries } = fakeKeytar('works');
    const { kind, vault } = await chooseTokenVault(deps({ loadKeytar: () => Promise.resolve(keytar) }));
    expect(kind).toBe('keytar');
    // The probe cleaned up after itself.
    expect(entries.size).toBe(0);

    await vault.set('jeton-123');
    expect(entries.get(`${KEYCHAIN_SERVICE}/${KEYCHAIN_ACCOUNT}`)).toBe('jeton-123');
    await expect(vault.get()).resolves.toBe('jeton-123');
    await vault.clear();
    await expect(vault.get()).resolves.toBeNull();
  });

  it('falls back to safeStorage when keytar is not installed', async () => {
    const options = deps();
    const { kind, vault } = await chooseTokenVault(options);
    expect(kind).toBe('safe-storage');
    await vault.set('jeton-456');
    const onDisk = await readFile(options.safeStorageFile, 'utf8');
    expect(onDisk).not.toContain('jeton-456');
    await expect(vault.get()).resolves.toBe('jeton-456');
    expect(options.log).toHaveBeenCalledWith('[parc] keytar is not installed or does not load');
  });

  it('falls back to safeStorage when keytar loads but the keychain fails (headless Linux)', async () => {
    const { keytar } = fakeKeytar('broken');
    const { kind } = await chooseTokenVault(deps({ loadKeytar: () => Promise.resolve(keytar) }));
    expect(kind).toBe('safe-storage');
  });

  it('falls back to safeStorage when the keychain reads back something else', async () => {
    const { keytar } = fakeKeytar('lies');
    const { kind } = await chooseTokenVault(deps({ loadKeytar: () => Promise.resolve(keytar) }));
    expect(kind).toBe('safe-storage');
  });

  it('gives up on a keychain that never answers after 3 seconds', async () => {
    vi.useFakeTimers();
    const { keytar } = fakeKeytar('hangs');
    const choice = chooseTokenVault(deps({ loadKeytar: () => Promise.resolve(keytar) }));
    await vi.advanceTimersByTimeAsync(3000);
    await expect(choice).resolves.toMatchObject({ kind: 'safe-storage' });
  });

  it.each([
    ['basic_text', 'linux', { backend: 'basic_text' }],
    ['unknown backend', 'linux', { backend: 'unknown' }],
    ['no backend answer', 'linux', { backend: null }],
    ['encryption unavailable', 'win32', { available: false }],
  ] as const)('keeps the token in memory only when safeStorage is %s', async (_label, platform, storage) => {
    const options = deps({ platform, safeStorage: fakeSafeStorage(storage) });
    const { kind, vault } = await chooseTokenVault(options);
    expect(kind).toBe('memory');
    await vault.set('jeton-789');
    await expect(vault.get()).resolves.toBe('jeton-789');
    await expect(stat(options.safeStorageFile)).rejects.toThrow(/ENOENT/);
  });

  it('trusts safeStorage on Windows and macOS, which have no basic_text backend', async () => {
    const { kind } = await chooseTokenVault(
      deps({ platform: 'darwin', safeStorage: fakeSafeStorage({ backend: null }) }),
    );
    expect(kind).toBe('safe-storage');
  });

  it('keeps the kiosk in memory even when the keychain works, without touching it', async () => {
    const { keytar } = fakeKeytar('works');
    const loadKeytar = vi.fn(() => Promise.resolve(keytar));
    const options = deps({ mode: 'kiosk', loadKeytar });
    const { kind, vault } = await chooseTokenVault(options);
    expect(kind).toBe('memory');
    expect(loadKeytar).not.toHaveBeenCalled();
    await vault.set('jeton-borne');
    expect(keytar.setPassword).not.toHaveBeenCalled();
    await expect(stat(options.safeStorageFile)).rejects.toThrow(/ENOENT/);
  });
});

describe('safeStorageIsSecure', () => {
  it('refuses a safeStorage that throws', () => {
    const storage = fakeSafeStorage();
    storage.isEncryptionAvailable = () => {
      throw new Error('not ready');
    };
    expect(safeStorageIsSecure(storage, 'linux')).toBe(false);
  });

  it.each(['gnome_libsecret', 'kwallet5', 'kwallet6'])('accepts the %s backend', (backend) => {
    expect(safeStorageIsSecure(fakeSafeStorage({ backend }), 'linux')).toBe(true);
  });
});

describe('createSafeStorageVault', () => {
  it('stores the file for the user only, and clears it', async () => {
    const file = join(folder, 'nested', 'session.bin');
    const vault = createSafeStorageVault(fakeSafeStorage(), file);
    await expect(vault.get()).resolves.toBeNull();
    await vault.set('abc');
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    await vault.clear();
    await vault.clear();
    await expect(vault.get()).resolves.toBeNull();
  });

  it('discards a file it cannot decrypt (keyring reset, profile copied)', async () => {
    const file = join(folder, 'garbled.bin');
    await writeFile(file, 'not encrypted by us');
    const log = vi.fn();
    const vault = createSafeStorageVault(fakeSafeStorage(), file, log);
    await expect(vault.get()).resolves.toBeNull();
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
    expect(log).toHaveBeenCalledWith('[parc] stored session could not be decrypted; it is discarded');
  });
});

describe('importKeytar', () => {
  it('either returns a keytar-shaped module or rejects (optional dependency)', async () => {
    const outcome = await importKeytar().then(
      (keytar) => typeof keytar.getPassword,
      (error: unknown) => (error instanceof Error ? 'rejected' : 'odd'),
    );
    expect(['function', 'rejected']).toContain(outcome);
  });
});

describe('deferredVault', () => {
  it('answers token calls made while the vault is still being chosen, once it is', async () => {
    vi.useFakeTimers();
    const { keytar } = fakeKeytar('hangs');
    const options = deps({ loadKeytar: () => Promise.resolve(keytar) });
    const vault = deferredVault(chooseTokenVault(options));
    let read: string | null | undefined;
    const set = vault
      .set('jeton-précoce')
      .then(() => vault.get())
      .then((value) => (read = value));
    await vi.advanceTimersByTimeAsync(2999);
    expect(read).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await set;
    expect(read).toBe('jeton-précoce');
    expect((await readFile(options.safeStorageFile)).toString()).not.toContain('jeton-précoce');
  });
});
