import { customerAuthCalls } from '@shared/api/auth.contract';
import { ESTABLISHMENT_ID, PARC_ID_HEADER } from '@shared/constants';
import { callUrl } from '@renderer/shared/api/call-api';
import { apiHost } from '@renderer/shared/desktop';

/** What a kiosk reset touches, injected so the order and the "exactly once" are testable. */
export interface KioskResetDeps {
  getToken: () => string | null;
  /** Revokes the session on the server (SPEC.md §2 logout). */
  revoke: (token: string) => Promise<void>;
  /** Forgets the token in memory and in the desktop vault, resolved once the vault is empty. */
  clearToken: () => Promise<void>;
  clearStorage: () => void;
  clearQueryCache: () => void;
  /** Leaves for `target` (a full page load in the app, so no in-memory state survives). */
  leave: (target: string) => void;
}

/**
 * The kiosk's session reset (DESIGN.md §6): the session is revoked on the server while the
 * token is still known, then everything the previous visitor left is wiped (token, Web Storage,
 * cached server data), then the kiosk starts over on `target`. A failed revocation is logged and
 * does not keep the visitor's data on screen.
 */
export async function resetKioskSession(deps: KioskResetDeps, target = '/'): Promise<void> {
  const token = deps.getToken();
  if (token) {
    try {
      await deps.revoke(token);
    } catch (error) {
      console.warn('[parc] the kiosk session could not be revoked on the server', error);
    }
  }
  try {
    await deps.clearToken();
  } catch (error) {
    console.error('[parc] the kiosk token could not be cleared', error);
  }
  deps.clearStorage();
  deps.clearQueryCache();
  deps.leave(target);
}

/** POST /api/v1/customer-auth/logout with the given token; a 401 means already revoked. */
export async function revokeSession(
  token: string,
  host: string = apiHost(),
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  timeoutMs = 5000,
): Promise<void> {
  const call = customerAuthCalls.logout;
  const request = fetchImpl(callUrl(host, call), {
    method: call.method,
    headers: { Authorization: `Bearer ${token}`, [PARC_ID_HEADER]: ESTABLISHMENT_ID },
  });
  // The reset must not wait on a dead network longer than the visitor would.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('logout timed out')), timeoutMs);
  });
  try {
    const response = await Promise.race([request, timeout]);
    if (!response.ok && response.status !== 401) throw new Error(`logout answered ${response.status}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Empties sessionStorage and localStorage; storage disabled by policy has nothing to empty. */
export function clearWebStorage(): void {
  for (const storage of ['sessionStorage', 'localStorage'] as const) {
    try {
      window[storage].clear();
    } catch (error) {
      console.warn(`[parc] ${storage} could not be cleared`, error);
    }
  }
}
