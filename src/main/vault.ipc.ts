import { IPC_CHANNELS } from '../shared/desktop-bridge';
import { noArgs, tokenSetArgs } from '../shared/desktop-bridge.schema';
import { parseArgs, type IpcHandlers } from './ipc';
import type { TokenVault } from './token-vault';

export function vaultIpcHandlers(vault: TokenVault): IpcHandlers {
  return {
    [IPC_CHANNELS.tokenGet]: async (args) => {
      parseArgs(IPC_CHANNELS.tokenGet, noArgs, args);
      return vault.get();
    },
    [IPC_CHANNELS.tokenSet]: async (args) => {
      const [token] = parseArgs(IPC_CHANNELS.tokenSet, tokenSetArgs, args);
      await vault.set(token);
    },
    [IPC_CHANNELS.tokenClear]: async (args) => {
      parseArgs(IPC_CHANNELS.tokenClear, noArgs, args);
      await vault.clear();
    },
  };
}
