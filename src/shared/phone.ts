import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phone numbers stored and shown one way (docs/decisions.md, "Phone numbers"): SPEC.md §5's
 * character rule (PHONE_PATTERN in validation.ts) still decides what is accepted; what passes is
 * stored in E.164 when libphonenumber-js reads a valid number in it (French by default: '06 12 34 56
 * 78' → '+33612345678'), else as typed, trimmed. A stored number is shown in the national format
 * for France ('06 12 34 56 78') and the international one elsewhere ('+44 20 7946 0958').
 */

const HOME_COUNTRY = 'FR';

/** What to store for a phone that passed the character rule. */
export function normalisePhone(phone: string): string {
  const trimmed = phone.trim();
  // '+33 (0)6 12…': the '(0)' some write after the country code is not a digit to dial.
  const parsed = parsePhoneNumberFromString(trimmed.replace(/^(\+\d{1,3})\s*\(0\)/, '$1'), HOME_COUNTRY);
  return parsed?.isValid() ? parsed.number : trimmed;
}

/** `normalisePhone` for an optional phone: empty or missing stays none. */
export function normaliseOptionalPhone(phone: string | null | undefined): string | null {
  if (phone === null || phone === undefined || phone.trim() === '') return null;
  return normalisePhone(phone);
}

/** How a stored phone is shown; a number it cannot read is shown as stored. */
export function formatPhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone.trim(), HOME_COUNTRY);
  if (!parsed?.isValid()) return phone;
  return parsed.country === HOME_COUNTRY ? parsed.formatNational() : parsed.formatInternational();
}
