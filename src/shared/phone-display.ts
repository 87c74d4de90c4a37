/**
 * How a French number stored in E.164 (or in its national form) is shown, without libphonenumber-js: the public pages'
 * first render shows the park's phone and must not carry the library (docs/decisions.md, "Phone
 * numbers"). The same text as `formatPhone` (`phone.ts`) for every number it answers —
 * `tests/unit/shared/phone-display.test.ts` compares them — and `undefined` for anything else,
 * which `formatPhone` then shows.
 */

/** The separators people write between a number's digits: spaces (no-break ones too), dots, hyphens. */
const SEPARATORS = /[\s.\-\u00a0\u202f]/g;

/**
 * '+33612345678' (or '0612345678', '06 12 34 56 78', '06.12.34.56.78': rows written before phones
 * were normalised, the park's own number as first entered) → '06 12 34 56 78',
 * '+33800123456' → '0 800 12 34 56'; else `undefined`.
 */
export function formatFrenchPhone(phone: string): string | undefined {
  const national = /^(?:\+33|0)([1-9]\d{8})$/.exec(phone.replace(SEPARATORS, ''))?.[1];
  if (!national) return undefined;
  const pairs = (digits: string) => digits.match(/\d{2}/g)!.join(' ');
  // libphonenumber-js's French formats: '8…' numbers as 0 8XX XX XX XX, the others as 0X XX XX XX XX.
  return national.startsWith('8')
    ? `0 ${national.slice(0, 3)} ${pairs(national.slice(3))}`
    : `0${national[0]} ${pairs(national.slice(1))}`;
}
