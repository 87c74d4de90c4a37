import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ESTABLISHMENT_ID } from '../../../src/shared/constants';

type PrintCallback = (success: boolean, failureReason: string) => void;

/**
 * A fake BrowserWindow: records what it loads and is asked to print, and hands the print
 * callback to the test, which decides when and how the "printer" answers.
 */
const fake = vi.hoisted(() => {
  interface FakeWindow {
    options: Record<string, unknown>;
    loadedUrl?: string;
    /** Whether the loaded file existed while the window showed it (the PDF's temporary file). */
    loadedFileExisted?: boolean;
    destroyed: boolean;
    printOptions?: Record<string, unknown>;
    printCallback?: (success: boolean, failureReason: string) => void;
  }
  return {
    windows: [] as FakeWindow[],
    loadFails: false,
    /** What the printer answers as soon as it is asked; undefined leaves the callback pending. */
    answer: undefined as [boolean, string] | undefined,
    onLoad: undefined as ((window: FakeWindow) => void) | undefined,
  };
});

vi.mock('electron', () => ({
  BrowserWindow: class {
    state: (typeof fake.windows)[number];
    webContents: { print: (options: Record<string, unknown>, callback: PrintCallback) => void };
    constructor(options: Record<string, unknown>) {
      this.state = { options, destroyed: false };
      fake.windows.push(this.state);
      this.webContents = {
        print: (printOptions, callback) => {
          this.state.printOptions = printOptions;
          this.state.printCallback = callback;
          if (fake.answer) callback(...fake.answer);
        },
      };
    }
    loadURL(url: string) {
      this.state.loadedUrl = url;
      fake.onLoad?.(this.state);
      return fake.loadFails ? Promise.reject(new Error('ERR_FAILED')) : Promise.resolve();
    }
    destroy() {
      this.state.destroyed = true;
    }
    isDestroyed() {
      return this.state.destroyed;
    }
  },
}));

const { createPrinter, printFailureMessage, QR_CODE_OPTIONS, qrCodePage, escapeHtml } =
  await import('../../../src/main/print');

/** The file name of a booking's contractUrl (/api/v1/contracts/{filename}), as the renderer passes it. */
const CONTRACT_FILE = 'contrat-GRP-2030-00001.pdf';
/** The French texts of print failures, written out so that a changed text fails a test. */
const PRINT_TEXT = {
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
};
const INVITATION_URL = 'https://www.parc-aventure-landes.fr/invitation/Qm9uam91ci1sZXMtYW1pcw';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

afterEach(() => {
  fake.windows.length = 0;
  fake.loadFails = false;
  fake.answer = undefined;
  fake.onLoad = undefined;
  vi.restoreAllMocks();
});

function printer(options: Partial<Parameters<typeof createPrinter>[0]> = {}) {
  return createPrinter({
    mode: 'desktop',
    apiBaseUrl: 'https://api.parc.fr',
    getToken: () => Promise.resolve('jeton-client'),
    pdfSettleMs: 0,
    ...options,
  });
}

/** Lets pending promise callbacks run until the printer asked the window to print. */
async function untilPrintRequested() {
  await vi.waitFor(() => {
    if (!fake.windows[0]?.printCallback) throw new Error('print not requested yet');
  });
  return fake.windows[0]!;
}

/** The HTML the print window was given (a data: URL). */
function loadedHtml(): string {
  const url = fake.windows[0]?.loadedUrl ?? '';
  expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true);
  return decodeURIComponent(url.slice('data:text/html;charset=utf-8,'.length));
}

type Png = { width: number; height: number; data: Buffer };
const { PNG } = createRequire(import.meta.url)('pngjs') as { PNG: { sync: { read(buffer: Buffer): Png } } };

/**
 * Reads the QR code's modules back from the PNG, at the centre of each module, with the same
 * geometry as qrcode's renderer (width / (size + 2 × margin) pixels per module).
 */
function modulesFromPng(png: Png, size: number, margin: number): { modules: boolean[]; quietZoneWhite: boolean } {
  const scale = png.width / (size + margin * 2);
  const dark = (x: number, y: number) => png.data[(y * png.width + x) * 4]! < 128;
  const modules: boolean[] = [];
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      modules.push(dark(Math.floor((margin + col + 0.5) * scale), Math.floor((margin + row + 0.5) * scale)));
    }
  }
  const edge = Math.floor(margin * scale) - 1;
  let quietZoneWhite = true;
  for (let i = 0; i < png.width; i += 1) {
    for (const [x, y] of [
      [i, 0],
      [0, i],
      [i, edge],
      [edge, i],
      [i, png.height - 1 - edge],
    ] as const) {
      if (dark(x, y)) quietZoneWhite = false;
    }
  }
  return { modules, quietZoneWhite };
}

describe('print.qrCode', () => {
  it('renders a level-M QR code with a 4-module margin that reads back as the URL’s matrix', async () => {
    const toDataURL = vi.spyOn(QRCode, 'toDataURL');
    fake.answer = [true, ''];
    await expect(printer().qrCode(INVITATION_URL, 'Anniversaire de Léa')).resolves.toEqual({ ok: true });

    expect(QR_CODE_OPTIONS).toMatchObject({ errorCorrectionLevel: 'M', margin: 4 });
    expect(toDataURL).toHaveBeenCalledWith(
      INVITATION_URL,
      expect.objectContaining({ errorCorrectionLevel: 'M', margin: 4 }),
    );

    const html = loadedHtml();
    const image = /<img src="data:image\/png;base64,([^"]+)"/.exec(html)?.[1];
    expect(image).toBeDefined();
    const png = PNG.sync.read(Buffer.from(image!, 'base64'));
    // jsqr is not installed here: the image is checked against the matrix qrcode computes for
    // this URL at level M, module by module, plus a blank quiet zone.
    const expected = QRCode.create(INVITATION_URL, { errorCorrectionLevel: 'M' });
    expect(expected.errorCorrectionLevel.bit).toBe(0); // M (ISO 18004 table 25)
    const { modules, quietZoneWhite } = modulesFromPng(png, expected.modules.size, 4);
    expect(modules).toEqual([...expected.modules.data].map((bit) => bit === 1));
    expect(quietZoneWhite).toBe(true);
  });

  it('puts the label under the code, escaped, on a page that runs no script', async () => {
    fake.answer = [true, ''];
    await printer().qrCode(INVITATION_URL, '<script>alert(1)</script> & "Léa"');
    const html = loadedHtml();
    expect(html).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Léa&quot;</h1>');
    expect(html).not.toContain('<script>');
    expect(html.indexOf('<img')).toBeLessThan(html.indexOf('<h1>'));
    expect(html).toContain("default-src 'none'; img-src data:");
    expect(fake.windows[0]!.options).toMatchObject({
      show: false,
      webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false },
    });
  });

  it('prints with the dialog on the desktop and silently on the kiosk', async () => {
    fake.answer = [true, ''];
    await printer({ mode: 'desktop' }).qrCode(INVITATION_URL, 'Groupe');
    await printer({ mode: 'kiosk' }).qrCode(INVITATION_URL, 'Groupe');
    expect(fake.windows.map((w) => w.printOptions?.silent)).toEqual([false, true]);
  });

  it('resolves only once the printer has answered, and closes the hidden window', async () => {
    let settled = false;
    const result = printer()
      .qrCode(INVITATION_URL, 'Groupe')
      .finally(() => {
        settled = true;
      });
    const window = await untilPrintRequested();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(window.destroyed).toBe(false);
    window.printCallback!(true, '');
    await expect(result).resolves.toEqual({ ok: true });
    expect(window.destroyed).toBe(true);
  });

  it.each([
    ['cancelled', PRINT_TEXT.cancelled],
    ['Print job canceled', PRINT_TEXT.cancelled],
    ['Invalid printer settings', PRINT_TEXT.noPrinter],
    ['failed', PRINT_TEXT.failed],
    ['Print job failed', PRINT_TEXT.failed],
    ['', PRINT_TEXT.failed],
  ])('reports the printer’s "%s" as "%s"', async (reason, message) => {
    fake.answer = [false, reason];
    await expect(printer().qrCode(INVITATION_URL, 'Groupe')).resolves.toEqual({ ok: false, error: message });
    expect(fake.windows[0]!.destroyed).toBe(true);
  });

  it('reports a page that could not load, without printing', async () => {
    fake.loadFails = true;
    fake.answer = [true, ''];
    await expect(printer().qrCode(INVITATION_URL, 'Groupe')).resolves.toEqual({ ok: false, error: PRINT_TEXT.prepare });
    expect(fake.windows[0]!.printOptions).toBeUndefined();
    expect(fake.windows[0]!.destroyed).toBe(true);
  });

  it('gives up on a silent kiosk print the printer never answers', async () => {
    await expect(printer({ mode: 'kiosk', silentTimeoutMs: 30 }).qrCode(INVITATION_URL, 'Groupe')).resolves.toEqual({
      ok: false,
      error: PRINT_TEXT.timeout,
    });
    expect(fake.windows[0]!.destroyed).toBe(true);
  });

  it('releases the printer when the dialog never answers', async () => {
    const shared = printer({ dialogTimeoutMs: 30 });
    await expect(shared.qrCode(INVITATION_URL, 'Groupe')).resolves.toEqual({ ok: false, error: PRINT_TEXT.timeout });
    fake.answer = [true, ''];
    await expect(shared.qrCode(INVITATION_URL, 'Groupe')).resolves.toEqual({ ok: true });
  });

  it('refuses a second job while one is printing (double tap)', async () => {
    const shared = printer();
    const first = shared.qrCode(INVITATION_URL, 'Groupe');
    await expect(shared.qrCode(INVITATION_URL, 'Groupe')).resolves.toEqual({ ok: false, error: PRINT_TEXT.busy });
    (await untilPrintRequested()).printCallback!(true, '');
    await expect(first).resolves.toEqual({ ok: true });
    expect(fake.windows).toHaveLength(1);
  });

  it('reports a QR code that cannot be generated', async () => {
    vi.spyOn(QRCode, 'toDataURL').mockImplementation(() => Promise.reject(new Error('too big')));
    await expect(printer().qrCode(INVITATION_URL, 'Groupe')).resolves.toEqual({ ok: false, error: PRINT_TEXT.qrCode });
    expect(fake.windows).toHaveLength(0);
  });
});

describe('print.contract', () => {
  // SPEC.md §7's contract call, the one the renderer's download uses too.
  const contractUrl = 'https://api.parc.fr/api/v1/contracts/contrat-GRP-2030-00001.pdf';
  const pdfResponse = () => new Response(PDF, { status: 200, headers: { 'content-type': 'application/pdf' } });

  it('fetches the PDF with the stored token and prints it from a temporary file, removed afterwards', async () => {
    const fetch = vi.fn((_url: string | URL | Request, _init?: RequestInit) => Promise.resolve(pdfResponse()));
    fake.answer = [true, ''];
    fake.onLoad = (window) => {
      const path = fileURLToPath(window.loadedUrl!);
      window.loadedFileExisted = existsSync(path) && readFileSync(path).equals(PDF);
    };
    await expect(printer({ fetch }).contract(CONTRACT_FILE)).resolves.toEqual({ ok: true });

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(contractUrl);
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer jeton-client', 'X-Parc-ID': ESTABLISHMENT_ID });
    expect(init?.redirect).toBe('error');

    const window = fake.windows[0]!;
    expect(window.loadedUrl).toMatch(/^file:\/\/.*contrat\.pdf$/);
    expect(window.loadedFileExisted).toBe(true);
    expect(existsSync(fileURLToPath(window.loadedUrl!))).toBe(false);
    expect(window.options).toMatchObject({ show: false, webPreferences: { plugins: true, sandbox: true } });
    expect(window.printOptions).toMatchObject({ silent: false });
    expect(window.destroyed).toBe(true);
  });

  it('encodes the file name once in the contract path', async () => {
    const fetch = vi.fn((_url: string | URL | Request, _init?: RequestInit) => Promise.resolve(pdfResponse()));
    fake.answer = [true, ''];
    await expect(printer({ fetch }).contract('contrat GRP#1?.pdf')).resolves.toEqual({ ok: true });
    expect(fetch.mock.calls[0]![0]).toBe('https://api.parc.fr/api/v1/contracts/contrat%20GRP%231%3F.pdf');
  });

  it('asks to log in when main holds no token, without calling the API', async () => {
    const fetch = vi.fn();
    await expect(printer({ fetch, getToken: () => Promise.resolve(null) }).contract(CONTRACT_FILE)).resolves.toEqual({
      ok: false,
      error: PRINT_TEXT.notLoggedIn,
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    [404, PRINT_TEXT.notFound],
    [401, PRINT_TEXT.sessionExpired],
    [403, PRINT_TEXT.forbidden],
    [500, PRINT_TEXT.server(500)],
    [503, PRINT_TEXT.server(503)],
  ])('reports an HTTP %i honestly and prints nothing', async (status, message) => {
    const fetch = () => Promise.resolve(new Response(JSON.stringify({ success: false }), { status }));
    await expect(printer({ fetch }).contract(CONTRACT_FILE)).resolves.toEqual({ ok: false, error: message });
    expect(fake.windows).toHaveLength(0);
  });

  it('reports an unreachable server', async () => {
    const fetch = () => Promise.reject(new TypeError('fetch failed'));
    await expect(printer({ fetch }).contract(CONTRACT_FILE)).resolves.toEqual({
      ok: false,
      error: PRINT_TEXT.unreachable,
    });
  });

  it('refuses a 200 that is not a PDF (an HTML error page, a JSON body)', async () => {
    const fetch = () =>
      Promise.resolve(
        new Response('<html>proxy</html>', { status: 200, headers: { 'content-type': 'application/pdf' } }),
      );
    await expect(printer({ fetch }).contract(CONTRACT_FILE)).resolves.toEqual({ ok: false, error: PRINT_TEXT.notPdf });
    expect(fake.windows).toHaveLength(0);
  });

  it('refuses a contract announced as too large', async () => {
    const fetch = () =>
      Promise.resolve(new Response(PDF, { status: 200, headers: { 'content-length': String(50 * 1024 * 1024) } }));
    await expect(printer({ fetch }).contract(CONTRACT_FILE)).resolves.toEqual({
      ok: false,
      error: PRINT_TEXT.tooLarge,
    });
  });

  it('reports a cancelled dialog and still removes the temporary file', async () => {
    fake.answer = [false, 'cancelled'];
    const fetch = () => Promise.resolve(pdfResponse());
    await expect(printer({ fetch }).contract(CONTRACT_FILE)).resolves.toEqual({
      ok: false,
      error: PRINT_TEXT.cancelled,
    });
    expect(existsSync(fileURLToPath(fake.windows[0]!.loadedUrl!))).toBe(false);
  });
});

describe('helpers', () => {
  it('maps unknown failure reasons to the generic message', () => {
    expect(printFailureMessage(undefined)).toBe(PRINT_TEXT.failed);
    expect(printFailureMessage('no valid printers available')).toBe(PRINT_TEXT.noPrinter);
  });

  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(qrCodePage('data:image/png;base64,AAAA', 'A', 'https://x.fr/?a=1&b=2')).toContain(
      'https://x.fr/?a=1&amp;b=2',
    );
  });
});
