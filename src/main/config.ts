import { z } from 'zod';
import { DESKTOP_ARGS, type DesktopMode } from '../shared/desktop-bridge';

export const DEFAULT_API_URL = 'http://127.0.0.1:8787';

/** Name of the optional configuration file in userData (set up once per machine by the park). */
export const CONFIG_FILE_NAME = 'config.json';

const desktopConfigFile = z
  .object({
    apiUrl: z.string().trim().min(1).optional(),
    mode: z.enum(['kiosk', 'desktop']).optional(),
  })
  .strict();
export type DesktopConfigFile = z.infer<typeof desktopConfigFile>;

/**
 * `userData/config.json`, e.g. `{ "mode": "kiosk", "apiUrl": "https://api.parc.fr" }`. No file
 * is no configuration; a file that is not valid JSON of that shape fails loudly at start-up,
 * because a reception kiosk silently started as a desktop would keep sessions on disk.
 */
export function parseConfigFile(text: string | undefined): DesktopConfigFile {
  if (text === undefined) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${CONFIG_FILE_NAME} is not valid JSON`);
  }
  const result = desktopConfigFile.safeParse(json);
  if (!result.success) throw new Error(`${CONFIG_FILE_NAME} is invalid: ${result.error.issues[0]?.message ?? ''}`);
  return result.data;
}

/**
 * `--kiosk` on the command line, else the config file's mode, turns the app into the reception
 * kiosk (DESIGN.md §6).
 */
export function modeFromArgv(argv: readonly string[], config: DesktopConfigFile = {}): DesktopMode {
  if (argv.includes('--kiosk')) return 'kiosk';
  return config.mode ?? 'desktop';
}

/**
 * `PARC_API_URL`, else the config file's `apiUrl`, checked at start-up so a typo fails loudly
 * instead of every call failing later. Returned without trailing slash: the renderer appends
 * `/api/...`.
 */
export function apiBaseUrlFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  config: DesktopConfigFile = {},
): string {
  const fromEnv = env.PARC_API_URL?.trim();
  const raw = fromEnv || config.apiUrl || DEFAULT_API_URL;
  const source = fromEnv ? 'PARC_API_URL' : `apiUrl of ${CONFIG_FILE_NAME}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${source} is not a URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${source} must be http(s): ${raw}`);
  }
  // Tokens and passwords cross this link: plain http only to this machine (a server started on
  // the same computer), https everywhere else.
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new Error(`${source} must use https for a server other than this computer: ${raw}`);
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new Error(`${source} must be a plain base URL: ${raw}`);
  }
  return url.href.replace(/\/+$/, '');
}

/** localhost, 127.0.0.0/8 and ::1: addresses that never leave the machine. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** What the sandboxed preload needs, passed as switches because it can read nothing else. */
export function rendererArguments(mode: DesktopMode, apiBaseUrl: string): string[] {
  return [`${DESKTOP_ARGS.apiUrl}${apiBaseUrl}`, `${DESKTOP_ARGS.mode}${mode}`];
}
