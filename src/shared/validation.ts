/** Patterns of SPEC.md §5, shared by the renderer's forms and the server. */

/** A standard address pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Digits, spaces, hyphens, plus signs and parentheses only (SPEC.md §5 join form). */
export const PHONE_PATTERN = /^[0-9\s\-+()]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids (DESIGN.md §3); anything else names nothing and is a 404, never a SQL error. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
