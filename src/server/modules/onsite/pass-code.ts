import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The personal pass's code (docs/decisions.md, "On site"): `pa1.<booking>.<participant>.<first
 * day>.<last day>.<signature>`, the signature an HMAC-SHA256 of the rest under the server's pass
 * key, cut to 128 bits. A reader holding the key checks it and reads the days without the
 * database; without the key nobody makes one. Lower case only: a scanner typing it with caps lock
 * on, or a code read back aloud, still passes.
 */
export interface PassClaims {
  bookingId: string;
  participantId: string;
  /** yyyy-MM-dd, the booking's days when the pass was made. */
  startDate: string;
  endDate: string;
}

const VERSION = 'pa1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY = /^(\d{4})(\d{2})(\d{2})$/;
const SIGNATURE = /^[0-9a-f]{32}$/;

function signatureOf(key: string, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('hex').slice(0, 32);
}

export function signPass(key: string, claims: PassClaims): string {
  const compact = (day: string) => day.replaceAll('-', '');
  const payload = [VERSION, claims.bookingId, claims.participantId, compact(claims.startDate), compact(claims.endDate)]
    .join('.')
    .toLowerCase();
  return `${payload}.${signatureOf(key, payload)}`;
}

/** The claims of a code this server signed; undefined for anything else (unknown, altered, forged). */
export function verifyPass(key: string, code: string): PassClaims | undefined {
  const parts = code.trim().toLowerCase().split('.');
  if (parts.length !== 6) return undefined;
  const [version, bookingId, participantId, start, end, signature] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (version !== VERSION || !UUID.test(bookingId) || !UUID.test(participantId) || !SIGNATURE.test(signature)) {
    return undefined;
  }
  const startMatch = DAY.exec(start);
  const endMatch = DAY.exec(end);
  if (!startMatch || !endMatch) return undefined;
  const expected = Buffer.from(signatureOf(key, parts.slice(0, 5).join('.')));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return undefined;
  const day = (m: RegExpExecArray) => `${m[1]}-${m[2]}-${m[3]}`;
  return { bookingId, participantId, startDate: day(startMatch), endDate: day(endMatch) };
}
