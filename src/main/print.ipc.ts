import { IPC_CHANNELS, ipcError, ipcOk, type IpcResult, type PrintResult } from '../shared/desktop-bridge';
import { printContractArgs, printDayPassesArgs, printQrCodeArgs } from '../shared/desktop-bridge.schema';
import { parseArgs, type IpcHandlers } from './ipc';
import type { Printer } from './print';

/** The printer's honest result as an IPC result: its French failure message becomes the error. */
function fromPrintResult(result: PrintResult): IpcResult<null> {
  return result.ok ? ipcOk(null) : ipcError(result.error);
}

/** The print channels: arguments parsed, then the printer's result passed on. */
export function printIpcHandlers(printer: Printer): IpcHandlers {
  return {
    [IPC_CHANNELS.printQrCode]: async (args) => {
      const parsed = parseArgs(printQrCodeArgs, args);
      if (!parsed.ok) return parsed;
      const [url, label] = parsed.value;
      return fromPrintResult(await printer.qrCode(url, label));
    },
    [IPC_CHANNELS.printContract]: async (args) => {
      const parsed = parseArgs(printContractArgs, args);
      if (!parsed.ok) return parsed;
      return fromPrintResult(await printer.contract(parsed.value[0]));
    },
    [IPC_CHANNELS.printDayPasses]: async (args) => {
      const parsed = parseArgs(printDayPassesArgs, args);
      if (!parsed.ok) return parsed;
      return fromPrintResult(await printer.dayPasses(parsed.value[0]));
    },
  };
}
