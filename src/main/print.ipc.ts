import { IPC_CHANNELS, type PrintResult } from '../shared/desktop-bridge';
import { printContractArgs, printQrCodeArgs } from '../shared/desktop-bridge.schema';
import { parseArgs, type IpcHandlers } from './ipc';

export const PRINT_UNAVAILABLE = 'Impression non disponible';

/**
 * Printing (QR codes rendered in main, contracts as PDF) is a later issue. Until then the bridge
 * says so, so the renderer shows the failure instead of a print that never happened.
 */
export function printIpcHandlers(): IpcHandlers {
  const unavailable = (): PrintResult => ({ ok: false, error: PRINT_UNAVAILABLE });
  return {
    [IPC_CHANNELS.printQrCode]: async (args) => {
      parseArgs(IPC_CHANNELS.printQrCode, printQrCodeArgs, args);
      return unavailable();
    },
    [IPC_CHANNELS.printContract]: async (args) => {
      parseArgs(IPC_CHANNELS.printContract, printContractArgs, args);
      return unavailable();
    },
  };
}
