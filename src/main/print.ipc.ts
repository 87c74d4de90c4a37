import { IPC_CHANNELS, type PrintResult } from '../shared/desktop-bridge';
import { printContractArgs, printQrCodeArgs } from '../shared/desktop-bridge.schema';
import { parseArgs, type IpcHandlers } from './ipc';
import type { Printer } from './print';

/** The print channels: arguments parsed, then the printer's honest result returned as is. */
export function printIpcHandlers(printer: Printer): IpcHandlers {
  return {
    [IPC_CHANNELS.printQrCode]: async (args): Promise<PrintResult> => {
      const [url, label] = parseArgs(IPC_CHANNELS.printQrCode, printQrCodeArgs, args);
      return printer.qrCode(url, label);
    },
    [IPC_CHANNELS.printContract]: async (args): Promise<PrintResult> => {
      const [bookingId] = parseArgs(IPC_CHANNELS.printContract, printContractArgs, args);
      return printer.contract(bookingId);
    },
  };
}
