import { readFile, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative } from 'node:path';
import type { Protocol } from 'electron';
import { DESKTOP_ORIGIN } from '../shared/desktop-bridge';

/**
 * The renderer is served from `app://parc` rather than `file://` (DESIGN.md §6): a standard,
 * secure origin gives the browser router real paths, `'self'` in the CSP, and CORS with the API.
 */
export const APP_SCHEME = 'app';
const APP_HOST = new URL(DESKTOP_ORIGIN).host;

/** Must run before `app.whenReady()`: Chromium reads scheme privileges at start-up only. */
export function registerAppScheme(protocol: Protocol): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

export type AppRequestResolution = { kind: 'file'; path: string } | { kind: 'forbidden' } | { kind: 'not-found' };

/**
 * Maps an `app://parc/...` URL to a file under `root`. Anything that could step outside `root`
 * (dot segments, encoded separators, drive letters, NUL) is refused rather than normalised, and
 * an unknown extension-less path is a client route, answered with index.html.
 */
export async function resolveAppRequest(
  root: string,
  requestUrl: string,
  isFile: (path: string) => Promise<boolean>,
): Promise<AppRequestResolution> {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { kind: 'forbidden' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return { kind: 'forbidden' };
  if (url.username !== '' || url.password !== '') return { kind: 'forbidden' };

  const rawSegments = url.pathname.split('/').slice(1);
  const segments: string[] = [];
  for (const [index, raw] of rawSegments.entries()) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { kind: 'forbidden' };
    }
    // A trailing slash is fine (`/mon-espace/`); an empty segment elsewhere (`//etc`) is not.
    if (segment === '' && index === rawSegments.length - 1) continue;
    if (segment === '' || segment === '.' || segment === '..' || /[/\\:\0]/.test(segment)) {
      return { kind: 'forbidden' };
    }
    segments.push(segment);
  }

  const index = join(root, 'index.html');
  if (segments.length === 0) return { kind: 'file', path: index };

  const candidate = join(root, ...segments);
  const fromRoot = relative(root, candidate);
  if (fromRoot === '' || fromRoot.startsWith('..') || isAbsolute(fromRoot)) {
    return { kind: 'forbidden' };
  }
  if (await isFile(candidate)) return { kind: 'file', path: candidate };
  const last = segments[segments.length - 1] ?? '';
  return extname(last) === '' ? { kind: 'file', path: index } : { kind: 'not-found' };
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

const STRIPE_JS = 'https://js.stripe.com';

/**
 * The desktop twin of the server's CSP (src/server/plugins/security.ts): own scripts, styles
 * inline only because emotion injects style elements, the configured API for data and pictures,
 * and Stripe's script, frames and API for card payments.
 */
export function contentSecurityPolicy(apiBaseUrl: string): string {
  const api = new URL(apiBaseUrl).origin;
  return [
    "default-src 'self'",
    `script-src 'self' ${STRIPE_JS}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${api}`,
    "font-src 'self' data:",
    `connect-src 'self' ${api} https://api.stripe.com`,
    `frame-src ${STRIPE_JS} https://hooks.stripe.com`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

async function isRegularFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    // Missing or unreadable: the resolver decides between index.html and 404.
    return false;
  }
}

/** Serves `root` (out/renderer) on `app://parc`. Call once the app is ready. */
export function serveAppProtocol(protocol: Protocol, root: string, csp: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const resolution = await resolveAppRequest(root, request.url, isRegularFile);
    if (resolution.kind === 'forbidden') return new Response(null, { status: 403 });
    if (resolution.kind === 'not-found') return new Response(null, { status: 404 });
    const body = await readFile(resolution.path);
    const headers: Record<string, string> = {
      'content-type': contentTypeOf(resolution.path),
      'x-content-type-options': 'nosniff',
    };
    if (resolution.path.endsWith('.html')) headers['content-security-policy'] = csp;
    return new Response(new Uint8Array(body), { status: 200, headers });
  });
}
