import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { DesktopMode } from '../shared/desktop-bridge';

export interface TokenVault {
  get(): Promise<string | null>;
  set(token: string): Promise<void>;
  clear(): Promise<void>;
}

/** Memory-only vault: the token dies with the process (the kiosk, and the last resort). */
export function createMemoryVault(): TokenVault {
  let token: string | null = null;
  return {
    get: () => Promise.resolve(token),
    set: (value) => {
      token = value;
      return Promise.resolve();
    },
    clear: () => {
      token = null;
      return Promise.resolve();
    },
  };
}

/** The part of keytar (an optional native dependency) the vault uses. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** How the OS keychain entry is named (Keychain Access, Credential Manager, Seahorse show it). */
export const KEYCHAIN_SERVICE = 'Parc Aventure';
export const KEYCHAIN_ACCOUNT = 'session';
const KEYCHAIN_PROBE_ACCOUNT = 'probe';

export function createKeytarVault(keytar: KeytarLike): TokenVault {
  return {
    get: () => keytar.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT),
    set: (token) => keytar.setPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT, token),
    clear: async () => {
      await keytar.deletePassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT);
    },
  };
}

/**
 * keytar can load and still not work: on Linux without a Secret Service (no D-Bus session, a
 * locked or absent keyring) every call fails or hangs (STACK.md). A write, read and delete of a
 * throw-away entry, bounded in time, tells before the user's token depends on it.
 */
export async function keytarWorks(keytar: KeytarLike, timeoutMs = 3000): Promise<boolean> {
  const secret = randomBytes(16).toString('hex');
  const probe = async () => {
    await keytar.setPassword(KEYCHAIN_SERVICE, KEYCHAIN_PROBE_ACCOUNT, secret);
    const read = await keytar.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_PROBE_ACCOUNT);
    await keytar.deletePassword(KEYCHAIN_SERVICE, KEYCHAIN_PROBE_ACCOUNT);
    return read === secret;
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([probe(), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The part of Electron's `safeStorage` the vault uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  /** Linux only in Electron; absent elsewhere. */
  getSelectedStorageBackend?: () => string;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/**
 * Whether safeStorage really encrypts. On Linux without a keyring Electron falls back to
 * `basic_text`, a hard-coded key: that is obfuscation, not encryption, and DESIGN.md §6 refuses
 * it. `unknown` (asked before the app is ready) is refused the same way.
 */
export function safeStorageIsSecure(safeStorage: SafeStorageLike, platform: NodeJS.Platform): boolean {
  try {
    if (!safeStorage.isEncryptionAvailable()) return false;
    if (platform !== 'linux') return true;
    const backend = safeStorage.getSelectedStorageBackend?.();
    return backend !== undefined && backend !== 'basic_text' && backend !== 'unknown';
  } catch {
    return false;
  }
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** The token encrypted by safeStorage in one file of userData, readable by the user only. */
export function createSafeStorageVault(
  safeStorage: SafeStorageLike,
  filePath: string,
  log: (message: string) => void = console.warn,
): TokenVault {
  const clear = () => rm(filePath, { force: true });
  return {
    get: async () => {
      let encrypted: Buffer;
      try {
        encrypted = await readFile(filePath);
      } catch (error) {
        if (isMissingFile(error)) return null;
        throw error;
      }
      try {
        return safeStorage.decryptString(encrypted);
      } catch {
        // Encrypted under another OS key (profile copied, keyring reset): unusable, so dropped.
        log('[parc] stored session could not be decrypted; it is discarded');
        await clear();
        return null;
      }
    },
    set: async (token) => {
      await mkdir(dirname(filePath), { recursive: true });
      // Written then renamed, so a crash never leaves half a token behind.
      const temporary = `${filePath}.${process.pid}.tmp`;
      await writeFile(temporary, safeStorage.encryptString(token), { mode: 0o600 });
      await rename(temporary, filePath);
    },
    clear,
  };
}

export type VaultKind = 'keytar' | 'safe-storage' | 'memory';

export interface VaultChoiceDeps {
  mode: DesktopMode;
  platform: NodeJS.Platform;
  /** Resolves keytar's module, or rejects when the optional dependency is missing or broken. */
  loadKeytar: () => Promise<KeytarLike>;
  safeStorage: SafeStorageLike;
  /** Where the safeStorage vault keeps its file (in userData). */
  safeStorageFile: string;
  log?: (message: string) => void;
}

/**
 * The vault of DESIGN.md §6, best first: keytar when it loads and works, else safeStorage
 * unless its backend is `basic_text`, else memory only. The kiosk is always memory only: its
 * session must die with the idle reset and never outlive the process.
 */
export async function chooseTokenVault(deps: VaultChoiceDeps): Promise<{ kind: VaultKind; vault: TokenVault }> {
  const log = deps.log ?? console.warn;
  if (deps.mode === 'kiosk') return { kind: 'memory', vault: createMemoryVault() };

  let keytar: KeytarLike | undefined;
  try {
    keytar = await deps.loadKeytar();
  } catch {
    log('[parc] keytar is not installed or does not load');
  }
  if (keytar) {
    if (await keytarWorks(keytar)) return { kind: 'keytar', vault: createKeytarVault(keytar) };
    log('[parc] keytar loads but the OS keychain does not answer');
  }

  if (safeStorageIsSecure(deps.safeStorage, deps.platform)) {
    return { kind: 'safe-storage', vault: createSafeStorageVault(deps.safeStorage, deps.safeStorageFile, log) };
  }
  log('[parc] no secure storage: the session is kept in memory only');
  return { kind: 'memory', vault: createMemoryVault() };
}

/**
 * A vault usable at once while the real one is still being chosen (the keychain probe can take
 * seconds on a machine without a keyring): the window opens meanwhile, and its first token call
 * simply waits for the choice.
 */
export function deferredVault(choice: Promise<{ vault: TokenVault }>): TokenVault {
  return {
    get: async () => (await choice).vault.get(),
    set: async (token) => (await choice).vault.set(token),
    clear: async () => (await choice).vault.clear(),
  };
}

/**
 * keytar is an optional dependency (it needs libsecret to build): resolved at run time through a
 * specifier the bundler leaves alone, CommonJS or ESM shape alike.
 */
export async function importKeytar(): Promise<KeytarLike> {
  const specifier = 'keytar';
  const loaded = (await import(/* @vite-ignore */ specifier)) as Partial<KeytarLike> & { default?: KeytarLike };
  const keytar = loaded.default ?? loaded;
  if (typeof keytar.getPassword !== 'function' || typeof keytar.setPassword !== 'function') {
    throw new Error('keytar has an unexpected shape');
  }
  return keytar as KeytarLike;
}
