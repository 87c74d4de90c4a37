import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow } from 'electron';
import QRCode from 'qrcode';
import { contractCalls } from '../shared/api/contracts.contract';
import { callPath } from '../shared/api/contract';
import { ESTABLISHMENT_ID, PARC_ID_HEADER } from '../shared/constants';
import type { DesktopMode, PrintResult } from '../shared/desktop-bridge';
import { dayPassesPage, DAY_PASSES_ERRORS, fetchDayPasses } from './day-passes-print';
import { escapeHtml, PRINT_PAGE_CSP } from './print-html';

export { escapeHtml };

/** DESIGN.md §6: level M survives a smudge on a printed sheet; 4 modules of quiet zone (ISO 18004). */
export const QR_CODE_OPTIONS = {
  errorCorrectionLevel: 'M',
  margin: 4,
  width: 480,
  type: 'image/png',
  color: { dark: '#000000', light: '#ffffff' },
} as const;

/** Every message the renderer may show after "Impression impossible : ". */
export const PRINT_ERRORS = {
  busy: 'une impression est déjà en cours',
  qrCode: 'le QR code n’a pas pu être généré',
  prepare: 'la page à imprimer n’a pas pu être préparée',
  cancelled: 'impression annulée',
  noPrinter: 'aucune imprimante disponible ou réglages d’impression invalides',
  failed: 'l’imprimante a signalé un échec',
  timeout: 'l’imprimante ne répond pas',
  notLoggedIn: 'connectez-vous pour imprimer le contrat',
  sessionExpired: 'votre session a expiré, reconnectez-vous',
  forbidden: 'ce contrat ne vous est pas accessible',
  notFound: 'le contrat de cette réservation n’est pas disponible',
  server: (status: number) => `le serveur n’a pas fourni le contrat (erreur ${status})`,
  unreachable: 'le serveur est injoignable',
  notPdf: 'le document reçu n’est pas un PDF',
  tooLarge: 'le contrat est trop volumineux',
} as const;

const MAX_CONTRACT_BYTES = 20 * 1024 * 1024;

export function printFailureMessage(reason: string | undefined): string {
  if (reason && /cancel/i.test(reason)) return PRINT_ERRORS.cancelled;
  if (reason && /(printer settings|no .*printer|printer.*not)/i.test(reason)) return PRINT_ERRORS.noPrinter;
  return PRINT_ERRORS.failed;
}

/** The QR code image: a PNG data URL rendered in main (DESIGN.md §6). */
export function renderQrCode(url: string): Promise<string> {
  return QRCode.toDataURL(url, QR_CODE_OPTIONS);
}

/**
 * A self-contained printable page: the QR code, the label under it and the link in clear for
 * whoever cannot scan. No script, and a CSP that allows nothing but the inline image and style.
 */
export function qrCodePage(imageDataUrl: string, label: string, url: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${PRINT_PAGE_CSP}">
<title>${escapeHtml(label)}</title>
<style>
  @page { size: A4; margin: 20mm; }
  html, body { margin: 0; font-family: 'Segoe UI', system-ui, sans-serif; color: #000; background: #fff; }
  main { display: flex; flex-direction: column; align-items: center; gap: 8mm; padding-top: 20mm; }
  img { width: 90mm; height: 90mm; image-rendering: pixelated; }
  h1 { font-size: 20pt; margin: 0; text-align: center; overflow-wrap: anywhere; }
  p { font-size: 10pt; margin: 0; text-align: center; overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
  <img src="${imageDataUrl}" alt="QR code">
  <h1>${escapeHtml(label)}</h1>
  <p>${escapeHtml(url)}</p>
</main>
</body>
</html>`;
}

/** A hidden, locked-down window used only to lay out and print one document. */
function createPrintWindow(kind: 'html' | 'pdf'): BrowserWindow {
  return new BrowserWindow({
    show: false,
    width: 900,
    height: 1200,
    webPreferences: {
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      // The QR page needs no script; the PDF viewer is a Chromium plugin that does.
      javascript: kind === 'pdf',
      plugins: kind === 'pdf',
      devTools: false,
      spellcheck: false,
    },
  });
}

export interface PrinterDeps {
  mode: DesktopMode;
  apiBaseUrl: string;
  /** The session token kept by main's vault (the renderer never passes it). */
  getToken: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** The PDF viewer draws after load; printing earlier gives blank pages. */
  pdfSettleMs?: number;
  /** A silent print that never calls back (printer offline) is reported, not waited for forever. */
  silentTimeoutMs?: number;
  /**
   * Same with the dialog, after a time no one spends in it: a callback that never comes must not
   * keep the printer "busy" for the rest of the session.
   */
  dialogTimeoutMs?: number;
}

export interface Printer {
  qrCode(url: string, label: string): Promise<PrintResult>;
  /** `contractFile`: the file name of the booking's contract URL (GET /api/v1/contracts/{filename}). */
  contract(contractFile: string): Promise<PrintResult>;
  /** A day's passes ('yyyy-MM-dd') in one job, then each booking's contract one after the other. */
  dayPasses(date: string): Promise<PrintResult>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Printing of DESIGN.md §6: silent in kiosk mode (the reception printer), with the system dialog
 * in desktop mode. A result is `{ ok: true }` only when Chromium's print callback says the job
 * was handed to the printer; everything else carries the French reason.
 */
export function createPrinter(deps: PrinterDeps): Printer {
  const silent = deps.mode === 'kiosk';
  const fetchImpl = deps.fetch ?? fetch;
  const pdfSettleMs = deps.pdfSettleMs ?? 800;
  const timeoutMs = silent ? (deps.silentTimeoutMs ?? 60_000) : (deps.dialogTimeoutMs ?? 15 * 60_000);
  let busy = false;

  function print(window: BrowserWindow): Promise<PrintResult> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ ok: false, error: PRINT_ERRORS.timeout }), timeoutMs);
      try {
        window.webContents.print({ silent, printBackground: true }, (success, failureReason) => {
          clearTimeout(timer);
          resolve(success ? { ok: true } : { ok: false, error: printFailureMessage(failureReason) });
        });
      } catch {
        clearTimeout(timer);
        resolve({ ok: false, error: PRINT_ERRORS.failed });
      }
    });
  }

  async function printIn(kind: 'html' | 'pdf', url: string, settleMs: number): Promise<PrintResult> {
    const window = createPrintWindow(kind);
    try {
      try {
        await window.loadURL(url);
      } catch {
        return { ok: false, error: PRINT_ERRORS.prepare };
      }
      if (settleMs > 0) await wait(settleMs);
      return await print(window);
    } finally {
      if (!window.isDestroyed()) window.destroy();
    }
  }

  /** One job at a time: a double tap on the kiosk must not print twice. */
  async function exclusive(job: () => Promise<PrintResult>): Promise<PrintResult> {
    if (busy) return { ok: false, error: PRINT_ERRORS.busy };
    busy = true;
    try {
      return await job();
    } finally {
      busy = false;
    }
  }

  async function fetchContract(contractFile: string): Promise<{ pdf: Buffer } | { error: string }> {
    const token = await deps.getToken();
    if (!token) return { error: PRINT_ERRORS.notLoggedIn };
    // The renderer's download calls the same definition (src/shared/api/contracts.contract.ts).
    const url = `${deps.apiBaseUrl}${callPath(contractCalls.contract, { filename: contractFile })}`;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { Authorization: `Bearer ${token}`, [PARC_ID_HEADER]: ESTABLISHMENT_ID, Accept: 'application/pdf' },
        redirect: 'error',
        signal: AbortSignal.timeout(20_000),
      });
    } catch {
      return { error: PRINT_ERRORS.unreachable };
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 401) return { error: PRINT_ERRORS.sessionExpired };
      if (response.status === 403) return { error: PRINT_ERRORS.forbidden };
      if (response.status === 404) return { error: PRINT_ERRORS.notFound };
      return { error: PRINT_ERRORS.server(response.status) };
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > MAX_CONTRACT_BYTES) return { error: PRINT_ERRORS.tooLarge };
    let pdf: Buffer;
    try {
      pdf = Buffer.from(await response.arrayBuffer());
    } catch {
      return { error: PRINT_ERRORS.unreachable };
    }
    if (pdf.length > MAX_CONTRACT_BYTES) return { error: PRINT_ERRORS.tooLarge };
    // The bytes decide, not the header: only a real PDF reaches the viewer.
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') return { error: PRINT_ERRORS.notPdf };
    return { pdf };
  }

  /**
   * Prints a document from a private temporary file, removed whatever happens: the PDF viewer
   * needs a URL, and a day's passes are too large for a data: URL (Chromium caps URLs at 2 MB).
   */
  async function printFromTemporaryFile(
    name: string,
    content: string | Buffer,
    kind: 'html' | 'pdf',
    settleMs: number,
  ): Promise<PrintResult> {
    let folder: string;
    try {
      folder = await mkdtemp(join(tmpdir(), 'parc-impression-'));
    } catch {
      return { ok: false, error: PRINT_ERRORS.prepare };
    }
    try {
      const file = join(folder, name);
      await writeFile(file, content, { mode: 0o600 });
      return await printIn(kind, pathToFileURL(file).href, settleMs);
    } catch {
      return { ok: false, error: PRINT_ERRORS.prepare };
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** A booking's contract, fetched with the stored session then printed (not exclusive by itself). */
  async function printContractFile(contractFile: string): Promise<PrintResult> {
    const fetched = await fetchContract(contractFile);
    if ('error' in fetched) return { ok: false, error: fetched.error };
    return printFromTemporaryFile('contrat.pdf', fetched.pdf, 'pdf', pdfSettleMs);
  }

  return {
    qrCode: (url, label) =>
      exclusive(async () => {
        let image: string;
        try {
          image = await renderQrCode(url);
        } catch {
          return { ok: false, error: PRINT_ERRORS.qrCode };
        }
        const page = qrCodePage(image, label, url);
        return printIn('html', `data:text/html;charset=utf-8,${encodeURIComponent(page)}`, 0);
      }),

    contract: (contractFile) => exclusive(() => printContractFile(contractFile)),

    dayPasses: (date) =>
      exclusive(async () => {
        const fetched = await fetchDayPasses({ ...deps, fetch: fetchImpl }, date);
        if ('error' in fetched) return { ok: false, error: fetched.error };
        const { day } = fetched;
        const withPasses = day.bookings.some((booking) => booking.passes.length > 0);
        const withContracts = day.bookings.some((booking) => booking.contractFile !== null);
        if (!withPasses && !withContracts) return { ok: false, error: DAY_PASSES_ERRORS.nothing };
        if (withPasses) {
          const printed = await printFromTemporaryFile('pass-du-jour.html', dayPassesPage(day), 'html', 0);
          // A cancelled or failed batch stops there: the contracts would come out without their passes.
          if (!printed.ok) return printed;
        }
        for (const { contractFile, bookingRequestId } of day.bookings) {
          if (contractFile === null) continue;
          const printed = await printContractFile(contractFile);
          if (!printed.ok) {
            return { ok: false, error: DAY_PASSES_ERRORS.contract(bookingRequestId, printed.error) };
          }
        }
        return { ok: true };
      }),
  };
}
