import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, normaliseEmail } from '../../../src/shared/validation';

/** The pattern of SPEC.md §5 before normalisation was taken into account: what a stored address must pass. */
const STORED_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const NFC = 'élise@exemple.fr';
const NFD = NFC.normalize('NFD');

describe('normaliseEmail', () => {
  it.each([
    ['trimmed and lower-cased', '  Lea.Roux@Exemple.FR ', 'lea.roux@exemple.fr'],
    ['the trailing dots of the domain dropped', 'lea@exemple.fr..', 'lea@exemple.fr'],
    ['NFC kept', NFC, NFC],
    ['NFD composed', NFD, NFC],
    ['NFD upper case composed and lower-cased', NFD.toUpperCase(), NFC],
    ['NFC upper case lower-cased', 'ÉLISE@EXEMPLE.FR', NFC],
    ['a combining accent on an upper-case letter', 'E\u0301LISE@Exemple.fr.', NFC],
  ])('gives one form: %s', (_label, input, expected) => {
    expect(normaliseEmail(input)).toBe(expected);
  });

  it('is idempotent on every address the pattern accepts', () => {
    for (const input of [NFD.toUpperCase(), ' A@B.C.. ', 'x@exemple.fr.']) {
      expect(normaliseEmail(normaliseEmail(input))).toBe(normaliseEmail(input));
    }
  });
});

describe('EMAIL_PATTERN', () => {
  it.each(['lea@exemple.fr', 'lea@exemple.fr.', 'LEA@EXEMPLE.FR..', NFC, NFD, 'a@b.c', 'x@..fr'])(
    'accepts %j',
    (email) => {
      expect(EMAIL_PATTERN.test(email)).toBe(true);
    },
  );

  it.each([
    'tld9004@exemple..',
    'lea@exemple.',
    'lea@exemple...',
    'lea@exemple',
    'lea@.',
    'lea@..',
    'lea exemple@exemple.fr',
    '@exemple.fr',
    'lea@exemple.fr@x',
    'lea',
  ])('refuses %j', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });

  it('accepts exactly the addresses whose normalised form is a stored address (random addresses, seeded)', () => {
    // A small deterministic generator (mulberry32), so that a failure names an input that repeats.
    let seed = 20_261_124;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
      return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
    };
    const alphabet = ['a', 'É', 'e', '\u0301', '.', '.', '.', '@', ' ', 'İ', 'ß', 'Σ', '-', '\u00a0'];
    let accepted = 0;
    for (let round = 0; round < 20_000; round += 1) {
      const length = 1 + Math.floor(random() * 10);
      const input = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const trimmed = input.trim();
      const normalised = normaliseEmail(input);
      expect(EMAIL_PATTERN.test(trimmed), JSON.stringify(input)).toBe(STORED_ADDRESS.test(normalised));
      if (EMAIL_PATTERN.test(trimmed)) {
        accepted += 1;
        expect(EMAIL_PATTERN.test(normalised), JSON.stringify(input)).toBe(true);
        expect(normaliseEmail(normalised), JSON.stringify(input)).toBe(normalised);
      }
    }
    expect(accepted).toBeGreaterThan(100);
  });

  it('cannot gain or lose a space, an @ or a dot through the Unicode folding (every code point checked)', () => {
    const special = /[\s@.]/u;
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      const folded = char.normalize('NFD').toLowerCase().normalize('NFC');
      // Folding a character yields one of these only from one of these...
      if (special.test(folded)) expect(special.test(char), code.toString(16)).toBe(true);
      // ...and composing a sequence never yields one: none of them is a composition's result
      // (the spaces that decompose, U+2000 and U+2001, are singletons NFC never composes back).
      if (special.test(char) && char.normalize('NFD') !== char) {
        expect(char.normalize('NFD').normalize('NFC'), code.toString(16)).not.toBe(char);
      }
    }
  });
});
