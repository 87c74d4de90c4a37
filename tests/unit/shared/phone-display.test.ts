import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../../src/shared/phone';
import { formatFrenchPhone } from '../../../src/shared/phone-display';

/** Stored French numbers of every leading digit, in E.164, from a fixed sequence. */
function storedFrenchNumbers(): string[] {
  const numbers: string[] = [];
  let seed = 33;
  for (let first = 1; first <= 9; first += 1) {
    for (let index = 0; index < 40; index += 1) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      numbers.push(`+33${first}${String(seed % 1e8).padStart(8, '0')}`);
    }
  }
  return numbers;
}

describe('formatFrenchPhone: the first render’s French numbers without libphonenumber-js', () => {
  it('shows a stored French number as formatPhone does, whatever its first digit', () => {
    const numbers = storedFrenchNumbers();
    expect(numbers.map(formatFrenchPhone)).toEqual(numbers.map(formatPhone));
    expect(formatFrenchPhone('+33612345678')).toBe('06 12 34 56 78');
    expect(formatFrenchPhone(' +33558000000 ')).toBe('05 58 00 00 00');
    expect(formatFrenchPhone('+33800123456')).toBe('0 800 12 34 56');
  });

  it('shows a number kept in its national form (rows written before phones were normalised) the same way', () => {
    const national = storedFrenchNumbers().map((phone) => `0${phone.slice(3)}`);
    expect(national.map(formatFrenchPhone)).toEqual(national.map(formatPhone));
    expect(formatFrenchPhone('0601020304')).toBe('06 01 02 03 04');
  });

  it('reads a number written with spaces, dots or hyphens as formatPhone does (the park’s phone as first entered)', () => {
    const written = storedFrenchNumbers().flatMap((phone) => {
      const national = `0${phone.slice(3)}`;
      const pairs = national.match(/\d{2}/g)!;
      return [
        pairs.join(' '),
        pairs.join('.'),
        pairs.join('-'),
        `+33 ${phone.slice(3, 4)} ${pairs.slice(1).join(' ')}`,
      ];
    });
    expect(written.map(formatFrenchPhone)).toEqual(written.map(formatPhone));
    expect(formatFrenchPhone('05 58 78 12 34')).toBe('05 58 78 12 34');
    expect(formatFrenchPhone('06.12.34.56.78')).toBe('06 12 34 56 78');
    expect(formatFrenchPhone('+33\u00a06\u00a012\u00a034\u00a056\u00a078')).toBe('06 12 34 56 78');
  });

  it('leaves anything else to formatPhone', () => {
    for (const phone of [
      '+442079460958',
      '+44 20 7946 0958',
      '+3361234567',
      '+33012345678',
      '(0)6 12 34 56 78',
      '12 34',
      '',
    ]) {
      expect(formatFrenchPhone(phone)).toBeUndefined();
    }
  });
});
