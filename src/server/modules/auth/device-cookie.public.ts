import { randomBytes } from 'node:crypto';
import { sign, unsign } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

/**
 * `<nonce>.<signature>`: @fastify/cookie's signer (HMAC-SHA256, constant-time check) signs
 * `nonce:email`; the cookie keeps the nonce and the signature only (base64url), so the e-mail is
 * not in the cookie, only bound by the signature.
 */
function signature(secret: string, nonce: string, email: string): string {
  const signed = sign(`${nonce}:${email}`, secret);
  return signed
    .slice(signed.lastIndexOf('.') + 1)
    .replaceAll('+', '-')
    .replaceAll('/', '_');
}

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
  const standard = given.replaceAll('-', '+').replaceAll('_', '/');
  return unsign(`${nonce}:${email}.${standard}`, secret).valid ? nonce : undefined;
}

/** The value of one cookie the request carries (parsed by @fastify/cookie, security.ts). */
export function presentedCookie(request: FastifyRequest, name: string): string | undefined {
  return request.cookies[name];
}

/**
 * Sets the device cookie: HttpOnly (scripts never read it), scoped to the login calls, Secure
 * over https. SameSite=Strict on the web build (same origin); the desktop app calls from its
 * app:// origin, which only a SameSite=None; Secure cookie follows (browsers treat localhost
 * as secure for that). Staff login passes its own name and path (staff-auth.routes.ts).
 */
export function setDeviceCookie(
  reply: FastifyReply,
  value: string,
  options: { secure: boolean; crossSite: boolean },
  cookie: { name: string; path: string } = { name: DEVICE_COOKIE_NAME, path: DEVICE_COOKIE_PATH },
): void {
  reply.setCookie(cookie.name, value, {
    path: cookie.path,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
    httpOnly: true,
    sameSite: options.crossSite ? 'none' : 'strict',
    secure: options.crossSite || options.secure,
  });
}
