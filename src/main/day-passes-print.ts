import { callPath } from '../shared/api/contract';
import { onsiteCalls } from '../shared/api/onsite.contract';
import { dayPassesResponse, type DayPassBooking, type DayPasses } from '../shared/api/onsite-day.schema';
import { ESTABLISHMENT_ID, PARC_ID_HEADER } from '../shared/constants';
import { escapeHtml, PRINT_PAGE_CSP } from './print-html';

/**
 * The day's passes printed in one job (docs/decisions.md, "On site"): main fetches
 * GET /api/v1/staff/day/{date}/passes with the vault's token, as it fetches a contract, and lays
 * every pass out on one self-contained page.
 */

/** Every message the renderer may show after "Impression impossible : " for the day's batch. */
export const DAY_PASSES_ERRORS = {
  notLoggedIn: 'connectez-vous pour imprimer les pass du jour',
  sessionExpired: 'votre session a expiré, reconnectez-vous',
  forbidden: 'les pass du jour ne vous sont pas accessibles',
  badDate: 'cette date n’est pas valide',
  server: (status: number) => `le serveur n’a pas fourni les pass du jour (erreur ${status})`,
  unreachable: 'le serveur est injoignable',
  unreadable: 'la réponse du serveur est illisible',
  tooLarge: 'les pass du jour sont trop volumineux',
  badImage: 'un QR code reçu n’est pas une image',
  nothing: 'aucun pass à imprimer pour ce jour',
  contract: (reference: string, error: string) => `le contrat de ${reference} n’a pas été imprimé (${error})`,
} as const;

const MAX_DAY_PASSES_BYTES = 50 * 1024 * 1024;

/** The only images the page may carry: a PNG inlined as base64, nothing that loads from elsewhere. */
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

export function isPngDataUrl(value: string): boolean {
  return PNG_DATA_URL.test(value);
}

export interface DayPassesFetchDeps {
  apiBaseUrl: string;
  getToken: () => Promise<string | null>;
  fetch?: typeof fetch;
}

export async function fetchDayPasses(
  deps: DayPassesFetchDeps,
  date: string,
): Promise<{ day: DayPasses } | { error: string }> {
  const token = await deps.getToken();
  if (!token) return { error: DAY_PASSES_ERRORS.notLoggedIn };
  // The renderer's print page calls the same definition (src/shared/api/onsite.contract.ts).
  const url = `${deps.apiBaseUrl}${callPath(onsiteCalls.dayPasses, { date })}`;
  let response: Response;
  try {
    response = await (deps.fetch ?? fetch)(url, {
      headers: { Authorization: `Bearer ${token}`, [PARC_ID_HEADER]: ESTABLISHMENT_ID, Accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    return { error: DAY_PASSES_ERRORS.unreachable };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 401) return { error: DAY_PASSES_ERRORS.sessionExpired };
    if (response.status === 403) return { error: DAY_PASSES_ERRORS.forbidden };
    if (response.status === 400) return { error: DAY_PASSES_ERRORS.badDate };
    return { error: DAY_PASSES_ERRORS.server(response.status) };
  }
  if (Number(response.headers.get('content-length') ?? '0') > MAX_DAY_PASSES_BYTES) {
    return { error: DAY_PASSES_ERRORS.tooLarge };
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    return { error: DAY_PASSES_ERRORS.unreachable };
  }
  if (text.length > MAX_DAY_PASSES_BYTES) return { error: DAY_PASSES_ERRORS.tooLarge };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { error: DAY_PASSES_ERRORS.unreadable };
  }
  const parsed = dayPassesResponse.safeParse(body);
  if (!parsed.success) return { error: DAY_PASSES_ERRORS.unreadable };
  const day = parsed.data.data;
  if (day.bookings.some((booking) => booking.passes.some((pass) => !isPngDataUrl(pass.qrPng)))) {
    return { error: DAY_PASSES_ERRORS.badImage };
  }
  return { day };
}

function passBlock(booking: DayPassBooking, pass: DayPassBooking['passes'][number]): string {
  const name = escapeHtml(`${pass.firstName} ${pass.lastName}`);
  // Checked by fetchDayPasses already; a page built from anything else shows no image at all.
  const image = isPngDataUrl(pass.qrPng) ? `<img src="${pass.qrPng}" alt="QR code du pass de ${name}">` : '';
  return `<li class="pass">
    ${image}
    <p class="name">${name}</p>
    <p>Réservation ${escapeHtml(booking.bookingRequestId)}</p>
    <p>Organisateur : ${escapeHtml(booking.organizerName)}</p>
  </li>`;
}

function bookingSection(booking: DayPassBooking): string {
  return `<section>
  <h2>${escapeHtml(booking.bookingRequestId)} · ${escapeHtml(booking.organizerName)}</h2>
  <ul>
  ${booking.passes.map((pass) => passBlock(booking, pass)).join('\n  ')}
  </ul>
</section>`;
}

/**
 * One self-contained page with every pass of the day, grouped by booking: each booking starts a
 * sheet, no pass is cut across two. No script, and the CSP of {@link PRINT_PAGE_CSP}.
 */
export function dayPassesPage(day: DayPasses): string {
  const bookings = day.bookings.filter((booking) => booking.passes.length > 0);
  const [year, month, date] = day.date.split('-');
  const title = `Pass du ${date}/${month}/${year}`;
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${PRINT_PAGE_CSP}">
<title>${escapeHtml(title)}</title>
<style>
  @page { size: A4; margin: 12mm; }
  html, body { margin: 0; font-family: 'Segoe UI', system-ui, sans-serif; color: #000; background: #fff; }
  section + section { break-before: page; }
  h2 { font-size: 14pt; margin: 0 0 4mm; overflow-wrap: anywhere; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(3, 1fr); gap: 4mm; }
  .pass { break-inside: avoid; border: 1px dashed #000; padding: 3mm; text-align: center; }
  img { width: 45mm; height: 45mm; image-rendering: pixelated; }
  p { margin: 1mm 0 0; font-size: 9pt; overflow-wrap: anywhere; }
  .name { font-size: 12pt; font-weight: bold; }
</style>
</head>
<body>
${bookings.map(bookingSection).join('\n')}
</body>
</html>`;
}
