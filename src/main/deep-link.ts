/**
 * Deep links of DESIGN.md §6: `parcaventure://invitation/{token}` and
 * `parcaventure://booking/{id}`. A link comes from outside the app (a mail, a web page, the
 * command line of a second instance), so it is matched against an allowlist with plain regular
 * expressions: no URL parser folds dot segments, no percent-decoding, nothing that can throw.
 */
export const DEEP_LINK_SCHEME = 'parcaventure';

/** Longer input is not a link the app ever writes: refused before any matching. */
const MAX_LINK_LENGTH = 512;

/** Invitation tokens are base64url (SPEC.md), 10 to 200 characters. */
const INVITATION = /^invitation\/([A-Za-z0-9_-]{10,200})\/?$/;
/** Booking ids are database uuids; the route uses their lowercase form. */
const BOOKING = /^booking\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\/?$/;
/** The scheme is case-insensitive (RFC 3986 §3.1); everything after it is matched as written. */
const PREFIX = new RegExp(`^${DEEP_LINK_SCHEME}://`, 'i');

/** The in-app route a deep link opens, or null for anything outside the allowlist. */
export function parseDeepLink(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_LINK_LENGTH) return null;
  if (!PREFIX.test(raw)) return null;
  const rest = raw.slice(DEEP_LINK_SCHEME.length + 3);
  const invitation = INVITATION.exec(rest);
  if (invitation) return `/invitation/${invitation[1]}`;
  const booking = BOOKING.exec(rest);
  if (booking) return `/booking/${booking[1]!.toLowerCase()}`;
  return null;
}

/**
 * The deep link on a command line: Windows and Linux start the app (or a second instance) with
 * the URL as an argument; Chromium may add switches around it.
 */
export function deepLinkFromArgv(argv: readonly string[]): string | undefined {
  return argv.find((arg) => PREFIX.test(arg));
}

/** What the log may show of a refused link: its shape, never a token it might carry. */
export function describeForLog(raw: unknown): string {
  if (typeof raw !== 'string') return typeof raw;
  const scheme = /^([a-z][a-z0-9+.-]{0,30}):/i.exec(raw)?.[1] ?? '?';
  return `${scheme}: link of ${raw.length} characters`;
}
