import { apiHost } from '../desktop';

/**
 * Relative image and media paths are served by the API host without /api (SPEC.md §7):
 * 'catalogue/x.svg' → {host}/uploads/catalogue/x.svg, '/uploads/x.png' → {host}/uploads/x.png;
 * absolute URLs, data: and blob: are kept. Apart from ./client so that a page showing pictures
 * does not load axios with its first render (docs/decisions.md, performance rule 2).
 */
export function mediaUrl(path: string | null | undefined, host: string = apiHost()): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  if (path.startsWith('//')) return path;
  if (path.startsWith('/')) return `${host}${path}`;
  return `${host}/uploads/${path.replace(/^uploads\//, '')}`;
}
