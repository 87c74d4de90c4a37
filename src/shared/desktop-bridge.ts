/** Origin of the renderer inside the desktop app (custom `app://` scheme, DESIGN.md §6). */
export const DESKTOP_ORIGIN = 'app://parc';

export type DesktopMode = 'kiosk' | 'desktop';

/** Printing never pretends: a failure carries the French message shown to the user. */
export type PrintResult = { ok: true } | { ok: false; error: string };

/**
 * What every IPC handler in main resolves with (docs/decisions.md, "Desktop"): nothing is thrown across the bridge, a
 * failure carries a French message. The preload unwraps it, so the page sees {@link ParcBridge}.
 */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** The failures the IPC layer itself reports, whatever the channel. */
export const IPC_ERRORS = {
  /** The caller is not the app's own top frame. */
  refused: 'Appel refusé',
  /** The arguments do not match the channel's zod schema. */
  invalidArguments: 'Arguments invalides',
  /** The handler failed (vault unreadable, …), or main's answer could not be read. */
  unexpected: 'Erreur inattendue',
} as const;

export function ipcOk<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function ipcError(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

/**
 * `window.parc`, exposed by the preload (DESIGN.md §6). Absent in the web build: the renderer
 * feature-detects it.
 */
export interface ParcBridge {
  token: {
    get(): Promise<string | null>;
    set(token: string): Promise<void>;
    clear(): Promise<void>;
  };
  print: {
    qrCode(url: string, label: string): Promise<PrintResult>;
    /**
     * Prints a booking's contract: `contractFile` is the file name of its `contractUrl`
     * (GET /api/v1/contracts/{filename}), fetched by main with the stored session.
     */
    contract(contractFile: string): Promise<PrintResult>;
    /**
     * Prints a day's passes ('yyyy-MM-dd') in one job, then each booking's contract one after the
     * other: main fetches GET /api/v1/staff/day/{date}/passes with the stored session.
     */
    dayPasses(date: string): Promise<PrintResult>;
  };
  /** Subscribes to deep links opened while the app runs; returns the unsubscribe function. */
  onDeepLink(cb: (route: string) => void): () => void;
  mode: DesktopMode;
  /** Base URL of the API the renderer talks to (`PARC_API_URL` on the desktop). */
  apiBaseUrl: string;
}

/**
 * IPC channel names. The zod schemas of their arguments live in desktop-bridge.schema.ts, which
 * main imports and the preload does not, so the sandboxed preload stays small and zod-free.
 */
export const IPC_CHANNELS = {
  tokenGet: 'parc:token:get',
  tokenSet: 'parc:token:set',
  tokenClear: 'parc:token:clear',
  printQrCode: 'parc:print:qr-code',
  printContract: 'parc:print:contract',
  printDayPasses: 'parc:print:day-passes',
  /**
   * main → renderer only (webContents.send), never invoked: an in-app route to open (a parsed
   * deep link, or '/' from the desktop menu's Accueil).
   */
  deepLink: 'parc:deep-link',
} as const;
export type IpcChannel = (typeof IPC_CHANNELS)[keyof typeof IPC_CHANNELS];

/**
 * The value each invoked channel resolves with inside its {@link IpcResult}; `null` when there is
 * nothing to return. A print failure is the result's error, so a success carries nothing.
 */
export interface IpcChannelValues {
  [IPC_CHANNELS.tokenGet]: string | null;
  [IPC_CHANNELS.tokenSet]: null;
  [IPC_CHANNELS.tokenClear]: null;
  [IPC_CHANNELS.printQrCode]: null;
  [IPC_CHANNELS.printContract]: null;
  [IPC_CHANNELS.printDayPasses]: null;
}
/** The channels the renderer invokes (every one but the main → renderer deep link). */
export type IpcInvokeChannel = keyof IpcChannelValues;

/**
 * Command-line switches main passes to the renderer through `webPreferences.additionalArguments`:
 * the sandboxed preload cannot read env or files, only `process.argv`.
 */
export const DESKTOP_ARGS = {
  apiUrl: '--parc-api-url=',
  mode: '--parc-mode=',
} as const;

export function readDesktopArg(argv: readonly string[], prefix: string): string | undefined {
  const arg = argv.find((a) => a.startsWith(prefix));
  return arg === undefined ? undefined : arg.slice(prefix.length);
}

/** First path segments the kiosk never shows: the staff back-office (DESIGN.md §5, §6). */
export const KIOSK_FORBIDDEN_SECTIONS: readonly string[] = ['admin'];

/**
 * Whether the reception kiosk may show `pathname` (a URL path, encoded or not). Staff routes live
 * under /admin. The path is percent-decoded until stable and case-folded before its first
 * segment is compared, so `/ADMIN`, `//admin`, `/%61dmin` or `/%2fadmin` are refused too, and a
 * path that cannot be decoded is refused rather than guessed at. Used by the renderer's kiosk
 * guard and by main's navigation lock.
 */
export function isRouteAllowedInKiosk(pathname: string): boolean {
  let decoded = pathname;
  for (let round = 0; ; round += 1) {
    // Layers of encoding past a few are an attack, not a link.
    if (round === 4) return false;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) break;
    decoded = next;
  }
  const first = decoded.split(/[/\\?#;]+/).find((segment) => segment.trim() !== '');
  if (first === undefined) return true;
  return !KIOSK_FORBIDDEN_SECTIONS.includes(first.trim().toLowerCase());
}
