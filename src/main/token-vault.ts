export interface TokenVault {
  get(): Promise<string | null>;
  set(token: string): Promise<void>;
  clear(): Promise<void>;
}

/**
 * Memory-only vault: the token dies with the process. This is what the kiosk keeps for good
 * (DESIGN.md §6); the desktop's keytar / safeStorage vault comes with the packaging issue.
 */
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
