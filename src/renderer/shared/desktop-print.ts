import { contractFileOf } from '@shared/contract-file';
import type { ParcBridge, PrintResult } from '@shared/desktop-bridge';
import { desktopBridge } from './desktop';

/*
 * Printing through the desktop bridge, apart from desktop.ts: the print buttons load it with their
 * pages, the start-up of every page does not (docs/decisions.md, performance rule 2).
 */

/** Shown after "Impression impossible : " when the bridge itself failed (IPC refusal, crash). */
export const PRINT_UNEXPECTED_ERROR = 'une erreur inattendue est survenue';
/** Shown after "Impression impossible : " when a print is asked for on the web build. */
export const PRINT_UNAVAILABLE_ERROR = 'l’impression n’est disponible que dans l’application du parc';

async function printThroughBridge(job: (bridge: ParcBridge) => Promise<PrintResult>): Promise<PrintResult> {
  const bridge = desktopBridge();
  if (!bridge) return { ok: false, error: PRINT_UNAVAILABLE_ERROR };
  try {
    return await job(bridge);
  } catch {
    // main refused the call (invalid arguments): still an honest failure, never a success.
    return { ok: false, error: PRINT_UNEXPECTED_ERROR };
  }
}

/** Prints a QR code (invitation link) with its label under it, on the desktop app. */
export function printQrCode(url: string, label: string): Promise<PrintResult> {
  return printThroughBridge((bridge) => bridge.print.qrCode(url, label));
}

/**
 * Prints a booking's contract PDF (its `contractUrl`, '/api/v1/contracts/{filename}'): main fetches
 * that file with the stored session.
 */
export function printContract(contractUrl: string): Promise<PrintResult> {
  return printThroughBridge((bridge) => bridge.print.contract(contractFileOf(contractUrl)));
}

/**
 * Prints a day's passes ('yyyy-MM-dd') in one job, then the day's contracts (docs/decisions.md,
 * "On site"): main fetches them with the stored session.
 */
export function printDayPasses(date: string): Promise<PrintResult> {
  return printThroughBridge((bridge) => bridge.print.dayPasses(date));
}
