import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DayPasses } from '../../../src/shared/api/onsite-day.schema';
import { ESTABLISHMENT_ID } from '../../../src/shared/constants';

/**
 * The day's batch print in main (docs/decisions.md, "On site"): one self-contained page with
 * every pass, printed in one job, then each booking's contract, one after the other.
 */
const fake = vi.hoisted(() => {
  interface FakeWindow {
    loadedUrl?: string;
    /** What the loaded file held while the window showed it (removed afterwards). */
    loadedContent?: string;
    destroyed: boolean;
    printed: boolean;
  }
  return {
    windows: [] as FakeWindow[],
    /** The printer's answer per job, in order; a job past the list succeeds. */
    answers: [] as Array<[boolean, string]>,
  };
});

vi.mock('electron', () => ({
  BrowserWindow: class {
    state: (typeof fake.windows)[number] = { destroyed: false, printed: false };
    webContents = {
      print: (_options: unknown, callback: (success: boolean, reason: string) => void) => {
        this.state.printed = true;
        callback(...(fake.answers.shift() ?? [true, '']));
      },
    };
    constructor() {
      fake.windows.push(this.state);
    }
    loadURL(url: string) {
      this.state.loadedUrl = url;
      const path = fileURLToPath(url);
      this.state.loadedContent = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
      return Promise.resolve();
    }
    destroy() {
      this.state.destroyed = true;
    }
    isDestroyed() {
      return this.state.destroyed;
    }
  },
}));

const { createPrinter } = await import('../../../src/main/print');
const { dayPassesPage } = await import('../../../src/main/day-passes-print');

const QR =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const pass = (participantId: string, firstName: string, lastName: string) => ({
  participantId,
  firstName,
  lastName,
  code: `pa1.b.${participantId}.20301201.20301201.sig`,
  qrPng: QR,
});
const DAY: DayPasses = {
  date: '2030-12-01',
  bookings: [
    {
      bookingId: 'b1',
      bookingRequestId: 'GRP-2030-00001',
      organizerName: 'Claire <script>alert(1)</script>',
      walkIn: false,
      contractFile: 'contrat-GRP-2030-00001.pdf',
      passes: [pass('p1', 'Jules', 'Bernard'), pass('p2', 'Zoé & "Léa"', "L'ambert")],
    },
    {
      bookingId: 'b2',
      bookingRequestId: 'GRP-2030-00002',
      organizerName: 'Marc Dupont',
      walkIn: true,
      contractFile: null,
      passes: [pass('p3', 'Marc', 'Dupont')],
    },
    {
      bookingId: 'b3',
      bookingRequestId: 'GRP-2030-00003',
      organizerName: 'Nina Petit',
      walkIn: false,
      contractFile: 'contrat-GRP-2030-00003.pdf',
      passes: [],
    },
  ],
};
const PASSES_URL = 'https://api.parc.fr/api/v1/staff/day/2030-12-01/passes';

afterEach(() => {
  fake.windows.length = 0;
  fake.answers.length = 0;
});

function serverAnswering(day: unknown = DAY, status = 200) {
  return vi.fn((url: string | URL | Request, _init?: RequestInit) =>
    Promise.resolve(
      String(url) === PASSES_URL
        ? new Response(JSON.stringify({ success: status === 200, data: day }), { status })
        : new Response(PDF, { status: 200, headers: { 'content-type': 'application/pdf' } }),
    ),
  );
}

function printer(fetch: typeof globalThis.fetch, token: string | null = 'jeton-equipe') {
  return createPrinter({
    mode: 'desktop',
    apiBaseUrl: 'https://api.parc.fr',
    getToken: () => Promise.resolve(token),
    fetch,
    pdfSettleMs: 0,
  });
}

describe('dayPassesPage', () => {
  const html = dayPassesPage(DAY);

  it('lays out every pass with its QR code, name, booking and organizer, grouped by booking', () => {
    expect(html.match(/<li class="pass">/g)).toHaveLength(3);
    expect(html.match(/<img src="data:image\/png;base64,/g)).toHaveLength(3);
    expect(html).toContain('alt="QR code du pass de Jules Bernard"');
    expect(html).toContain('<p>Réservation GRP-2030-00002</p>');
    expect(html).toContain('<p>Organisateur : Marc Dupont</p>');
    expect(html).toContain('<h2>GRP-2030-00002 · Marc Dupont</h2>');
    // A booking without passes gets no empty heading.
    expect(html).not.toContain('GRP-2030-00003');
    expect(html).toContain('section + section { break-before: page; }');
    expect(html).toContain('break-inside: avoid');
  });

  it('escapes every text, runs no script and loads nothing but its data: images', () => {
    expect(html).not.toContain('<script>');
    expect(html).toContain('Claire &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<p class="name">Zoé &amp; &quot;Léa&quot; L&#39;ambert</p>');
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`,
    );
    expect(html).not.toMatch(/(src|href)="(?!data:image\/png;base64,)/);
  });

  it('never embeds an image that is not an inline PNG', () => {
    const page = dayPassesPage({
      date: '2030-12-01',
      bookings: [
        { ...DAY.bookings[1]!, passes: [{ ...pass('p9', 'Eve', 'Martin'), qrPng: 'https://evil.example/x.png' }] },
      ],
    });
    expect(page).not.toContain('evil.example');
    expect(page).toContain('<p class="name">Eve Martin</p>');
  });
});

describe('print.dayPasses', () => {
  it('prints every pass in one job, then each contract one after the other, from removed temporary files', async () => {
    const fetch = serverAnswering();
    await expect(printer(fetch).dayPasses('2030-12-01')).resolves.toEqual({ ok: true });

    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(PASSES_URL);
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer jeton-equipe', 'X-Parc-ID': ESTABLISHMENT_ID });
    expect(init?.redirect).toBe('error');
    expect(fetch.mock.calls.slice(1).map(([contract]) => contract)).toEqual([
      'https://api.parc.fr/api/v1/contracts/contrat-GRP-2030-00001.pdf',
      'https://api.parc.fr/api/v1/contracts/contrat-GRP-2030-00003.pdf',
    ]);

    expect(fake.windows).toHaveLength(3);
    const [passes, ...contracts] = fake.windows;
    expect(passes!.loadedUrl).toMatch(/^file:\/\/.*pass-du-jour\.html$/);
    expect(passes!.loadedContent).toBe(dayPassesPage(DAY));
    expect(contracts.map((window) => window.loadedUrl)).toEqual([
      expect.stringMatching(/contrat\.pdf$/),
      expect.stringMatching(/contrat\.pdf$/),
    ]);
    for (const window of fake.windows) {
      expect(window.printed).toBe(true);
      expect(window.destroyed).toBe(true);
      expect(existsSync(fileURLToPath(window.loadedUrl!))).toBe(false);
    }
  });

  it('stops when the passes were not printed: no contract comes out alone', async () => {
    fake.answers.push([false, 'cancelled']);
    const fetch = serverAnswering();
    await expect(printer(fetch).dayPasses('2030-12-01')).resolves.toEqual({ ok: false, error: 'impression annulée' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fake.windows).toHaveLength(1);
  });

  it('names the booking whose contract could not be printed', async () => {
    fake.answers.push([true, ''], [false, 'Print job failed']);
    await expect(printer(serverAnswering()).dayPasses('2030-12-01')).resolves.toEqual({
      ok: false,
      error: 'le contrat de GRP-2030-00001 n’a pas été imprimé (l’imprimante a signalé un échec)',
    });
    expect(fake.windows).toHaveLength(2);
  });

  it('asks to log in when main holds no token, without calling the API', async () => {
    const fetch = serverAnswering();
    await expect(printer(fetch, null).dayPasses('2030-12-01')).resolves.toEqual({
      ok: false,
      error: 'connectez-vous pour imprimer les pass du jour',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    [401, 'votre session a expiré, reconnectez-vous'],
    [403, 'les pass du jour ne vous sont pas accessibles'],
    [400, 'cette date n’est pas valide'],
    [500, 'le serveur n’a pas fourni les pass du jour (erreur 500)'],
  ])('reports an HTTP %i honestly and prints nothing', async (status, error) => {
    await expect(printer(serverAnswering(DAY, status)).dayPasses('2030-12-01')).resolves.toEqual({ ok: false, error });
    expect(fake.windows).toHaveLength(0);
  });

  it('reports an unreachable server', async () => {
    const fetch = () => Promise.reject(new TypeError('fetch failed'));
    await expect(printer(fetch).dayPasses('2030-12-01')).resolves.toEqual({
      ok: false,
      error: 'le serveur est injoignable',
    });
  });

  it.each([
    ['a body that is not the day’s passes', { bookings: 'x' }, 'la réponse du serveur est illisible'],
    [
      'a QR code that is not an inline PNG',
      { ...DAY, bookings: [{ ...DAY.bookings[1]!, passes: [{ ...pass('p', 'A', 'B'), qrPng: 'file:///etc/x' }] }] },
      'un QR code reçu n’est pas une image',
    ],
    ['a day with nothing to print', { date: '2030-12-01', bookings: [] }, 'aucun pass à imprimer pour ce jour'],
  ])('refuses %s, and prints nothing', async (_what, day, error) => {
    await expect(printer(serverAnswering(day)).dayPasses('2030-12-01')).resolves.toEqual({ ok: false, error });
    expect(fake.windows).toHaveLength(0);
  });
});
