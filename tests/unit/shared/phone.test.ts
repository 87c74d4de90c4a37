import { describe, expect, it } from 'vitest';
import { formatPhone, normaliseOptionalPhone, normalisePhone } from '../../../src/shared/phone';
import { PHONE_PATTERN } from '../../../src/shared/validation';

describe('normalisePhone: what is stored', () => {
  it.each([
    ['06 12 34 56 78', '+33612345678'],
    ['0612345678', '+33612345678'],
    ['06-12-34-56-78', '+33612345678'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['+33 (0)6 12-34-56-78', '+33612345678'],
    ['(+33) 6 12 34 56 78', '+33612345678'],
    ['05 58 00 00 00', '+33558000000'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+32 470 12 34 56', '+32470123456'],
  ])('%s → %s', (typed, stored) => {
    expect(PHONE_PATTERN.test(typed)).toBe(true);
    expect(normalisePhone(typed)).toBe(stored);
  });

  it('keeps what it cannot read as a number, trimmed (the character rule alone decides)', () => {
    expect(normalisePhone(' 12 34 ')).toBe('12 34');
    expect(normalisePhone('+33 6 12-34 (56)')).toBe('+33 6 12-34 (56)');
  });

  it('stores nothing for an empty or missing phone', () => {
    expect(normaliseOptionalPhone('')).toBeNull();
    expect(normaliseOptionalPhone('   ')).toBeNull();
    expect(normaliseOptionalPhone(null)).toBeNull();
    expect(normaliseOptionalPhone(undefined)).toBeNull();
    expect(normaliseOptionalPhone('0612345678')).toBe('+33612345678');
  });

  it('stores the same number once, whatever it was typed like, and again the same', () => {
    const stored = normalisePhone('06 12 34 56 78');
    expect(normalisePhone(stored)).toBe(stored);
    expect(normalisePhone(formatPhone(stored))).toBe(stored);
  });
});

describe('formatPhone: what is shown', () => {
  it('shows a French number in the national format, another in the international one', () => {
    expect(formatPhone('+33612345678')).toBe('06 12 34 56 78');
    expect(formatPhone('+33558000000')).toBe('05 58 00 00 00');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
  });

  it('shows a number stored before normalisation the same way, and an unreadable one as stored', () => {
    expect(formatPhone('0612345678')).toBe('06 12 34 56 78');
    expect(formatPhone('12 34')).toBe('12 34');
  });
});
