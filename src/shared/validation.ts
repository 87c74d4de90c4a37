/** Patterns of SPEC.md §5, shared by the renderer's forms and the server. */

/** A standard address pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Digits, spaces, hyphens, plus signs and parentheses only (SPEC.md §5 join form). */
export const PHONE_PATTERN = /^[0-9\s\-+()]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
