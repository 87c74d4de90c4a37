import { DESKTOP_ARGS, type DesktopMode } from '../shared/desktop-bridge';

export const DEFAULT_API_URL = 'http://127.0.0.1:8787';

/** `--kiosk` on the command line turns the app into the reception kiosk (DESIGN.md §6). */
export function modeFromArgv(argv: readonly string[]): DesktopMode {
  return argv.includes('--kiosk') ? 'kiosk' : 'desktop';
}

/**
 * `PARC_API_URL`, checked at start-up so a typo fails loudly instead of every call failing later.
 * Returned without trailing slash: the renderer appends `/api/...`.
 */
export function apiBaseUrlFromEnv(env: Readonly<Record<string, string | undefined>>): string {
  const raw = env.PARC_API_URL?.trim() || DEFAULT_API_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PARC_API_URL is not a URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PARC_API_URL must be http(s): ${raw}`);
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new Error(`PARC_API_URL must be a plain base URL: ${raw}`);
  }
  return url.href.replace(/\/+$/, '');
}

/** What the sandboxed preload needs, passed as switches because it can read nothing else. */
export function rendererArguments(mode: DesktopMode, apiBaseUrl: string): string[] {
  return [`${DESKTOP_ARGS.apiUrl}${apiBaseUrl}`, `${DESKTOP_ARGS.mode}${mode}`];
}
