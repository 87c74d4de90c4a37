/** Patterns of SPEC.md §5, shared by the renderer's forms and the server. */

/** A day written 'yyyy-MM-dd' (whether it exists: isCalendarDay in api/booking-request.schema.ts). */
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A standard address pattern: something@something.tld, no spaces. The domain may end with dots,
 * which `normaliseEmail` drops, but what is left must still end with a dot and a label: so
 * 'x@exemple.fr.' passes (stored 'x@exemple.fr') and 'x@exemple..' does not (it would be stored
 * 'x@exemple', an address the pattern refuses). Whatever passes, normalised, passes again
 * (tests/unit/shared/validation.test.ts).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]*[^\s@.]\.*$/;

/** Digits, spaces, hyphens, plus signs and parentheses only (SPEC.md §5 join form). */
export const PHONE_PATTERN = /^[0-9\s\-+()]+$/;

/**
 * One account per address: trimmed, lower-cased, in Unicode NFC, and without the trailing dot a
 * domain may carry ('x@exemple.fr.' is the same mailbox as 'x@exemple.fr', RFC 1034 §3.1). NFC
 * makes 'élise' typed as one code point or as 'e' + a combining accent the same account; the
 * decomposition before lower-casing is the canonical caseless match of Unicode §3.13 (D145),
 * so case and composition are folded whatever the order they came in.
 */
export function normaliseEmail(email: string): string {
  return email.trim().normalize('NFD').toLowerCase().normalize('NFC').replace(/\.+$/, '');
}

/**
 * C0 control characters and DEL, except tab and line breaks (kept in notes and messages), and
 * UTF-16 halves with no partner (a lone surrogate is no character at all; PostgreSQL refuses it
 * in JSON columns): refused in any text.
 */
const CONTROL_CHARACTER =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const CONTROL_CHARACTER_MESSAGE = 'Ce champ contient des caractères non autorisés';

export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/**
 * What shows nothing on its own: white space, the default-ignorable code points (zero-width space,
 * non-joiner and joiner U+200B–U+200D, word joiner U+2060, byte order mark U+FEFF, soft hyphen
 * U+00AD, direction marks, variation selectors, Hangul fillers…), combining marks with no letter
 * to sit on, and the blank Braille pattern U+2800. A required text made only of these is blank.
 */
const INVISIBLE_ONLY = /^[\s\p{Default_Ignorable_Code_Point}\p{M}\u2800]*$/u;
/** At the start nothing precedes them, so combining marks and selectors go too. */
const LEADING_INVISIBLE = /^[\s\p{Default_Ignorable_Code_Point}\p{M}\u2800]+/u;
/**
 * At the end only what never changes the character before it: a final accent or any other
 * combining mark, an emoji's variation selector or a flag's tag characters stay. All in the BMP,
 * tested one code unit at a time (a `[…]+$` pattern backtracks in quadratic time on a long run
 * that does not end the text).
 */
const TRAILING_INVISIBLE =
  /[\s\u00AD\u061C\u115F\u180E\u1160\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFEFF\uFFA0]/;

/**
 * `String.prototype.trim` for the invisible characters too: '' for a text made only of them (so a
 * required field refuses it with its own "requis" message), otherwise the text without those at
 * its ends. Every required free-text field of the schemas goes through it (common.schema.ts).
 */
export function trimInvisible(value: string): string {
  if (INVISIBLE_ONLY.test(value)) return '';
  const start = value.replace(LEADING_INVISIBLE, '');
  let end = start.length;
  while (end > 0 && TRAILING_INVISIBLE.test(start[end - 1]!)) end -= 1;
  return start.slice(0, end);
}

/** Whether a text is empty or shows nothing (white space and invisible characters only). */
export function isBlank(value: string): boolean {
  return INVISIBLE_ONLY.test(value);
}

export const WEAK_PASSWORD_MESSAGES = {
  blank: 'Le mot de passe ne peut pas être composé uniquement d’espaces',
  repeated: 'Le mot de passe ne peut pas être un seul caractère répété',
  email: 'Le mot de passe ne peut pas être votre adresse e-mail',
} as const;

/**
 * Passwords the 6-character minimum lets through but anyone would guess: only
 * spaces, one character repeated, or the account's own e-mail. Returns the French reason.
 */
export function weakPasswordReason(password: string, email?: string | null): string | undefined {
  if (password.trim() === '') return WEAK_PASSWORD_MESSAGES.blank;
  if ([...password].every((char) => char === password[0])) return WEAK_PASSWORD_MESSAGES.repeated;
  if (email) {
    const address = normaliseEmail(email);
    const candidate = normaliseEmail(password);
    if (candidate === address || candidate === address.split('@')[0]) return WEAK_PASSWORD_MESSAGES.email;
  }
  return undefined;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids (DESIGN.md §3); anything else names nothing and is a 404, never a SQL error. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
