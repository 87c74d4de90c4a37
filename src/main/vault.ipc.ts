import { IPC_CHANNELS, ipcOk } from '../shared/desktop-bridge';
import { noArgs, tokenSetArgs } from '../shared/desktop-bridge.schema';
import { parseArgs, type IpcHandlers } from './ipc';
import type { TokenVault } from './token-vault';

/** The token channels: arguments parsed, then the vault; a vault failure is caught by `guard`. */
export function vaultIpcHandlers(vault: TokenVault): IpcHandlers {
  return {
    [IPC_CHANNELS.tokenGet]: async (args) => {
      const parsed = parseArgs(noArgs, args);
      if (!parsed.ok) return parsed;
      return ipcOk(await vault.get());
    },
    [IPC_CHANNELS.tokenSet]: async (args) => {
      const parsed = parseArgs(tokenSetArgs, args);
      if (!parsed.ok) return parsed;
      await vault.set(parsed.value[0]);
      return ipcOk(null);
    },
    [IPC_CHANNELS.tokenClear]: async (args) => {
      const parsed = parseArgs(noArgs, args);
      if (!parsed.ok) return parsed;
      await vault.clear();
      return ipcOk(null);
    },
  };
}
