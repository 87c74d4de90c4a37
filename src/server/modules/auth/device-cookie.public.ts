import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's "slow down online guessing with device cookies": a browser or app that logged in to
 * an account gets a signed cookie naming that account; a login attempt that presents a valid
 * one counts against that device's own small budget, every other attempt against the account's
 * shared one. Guessing from elsewhere then throttles only the untrusted, never the customer's
 * own devices (DESIGN.md §4, nobody can lock a customer out).
 * https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies
 */
export const DEVICE_COOKIE_NAME = 'parc_device';
export const DEVICE_COOKIE_PATH = '/api/v1/customer-auth';
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

function signature(secret: string, nonce: string, email: string): string {
  return createHmac('sha256', secret).update(`${nonce}:${email}`).digest('base64url');
}

/** `<nonce>.<HMAC(nonce:email)>`: the e-mail is not in the cookie, only bound by the signature. */
export function newDeviceCookie(secret: string, email: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${signature(secret, nonce, email)}`;
}

/** The device's nonce when `value` is a cookie this server signed for `email`, else undefined. */
export function trustedDevice(secret: string, value: string | undefined, email: string): string | undefined {
  if (!value) return undefined;
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return undefined;
  const [, nonce, given] = match as unknown as [string, string, string];
  const expected = Buffer.from(signature(secret, nonce, email));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? nonce : undefined;
}

/** The value of one cookie in a Cookie header (RFC 6265 §5.4), without a cookie library. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/**
 * The Set-Cookie header: HttpOnly (scripts never read it), scoped to the login calls, Secure
 * over https. SameSite=Strict on the web build (same origin); the desktop app calls from its
 * app:// origin, which only a SameSite=None; Secure cookie follows (browsers treat localhost
 * as secure for that). Staff login passes its own name and path (staff-auth.routes.ts).
 */
export function deviceCookieHeader(
  value: string,
  options: { secure: boolean; crossSite: boolean },
  cookie: { name: string; path: string } = { name: DEVICE_COOKIE_NAME, path: DEVICE_COOKIE_PATH },
): string {
  const parts = [`${cookie.name}=${value}`, `Path=${cookie.path}`, `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`, 'HttpOnly'];
  if (options.crossSite) parts.push('SameSite=None', 'Secure');
  else parts.push('SameSite=Strict', ...(options.secure ? ['Secure'] : []));
  return parts.join('; ');
}
