import { describe, expect, it } from 'vitest';
import { formatMessageTime } from '@renderer/shared/format/format';

describe('formatMessageTime (SPEC.md §9, Paris time)', () => {
  const now = new Date('2026-12-03T15:00:00Z'); // 16:00 in Paris

  it.each([
    ['a minute ago', '2026-12-03T14:59:00Z', '15:59'],
    ['this morning', '2026-12-03T07:05:00Z', '08:05'],
    ['yesterday within 24 h', '2026-12-02T15:30:00Z', '16:30'],
    ['just over 24 h ago', '2026-12-02T14:59:00Z', '2 déc. 15:59'],
    ['last month', '2026-11-05T09:00:00Z', '5 nov. 10:00'],
    ['in summer time', '2026-07-14T10:00:00Z', '14 juil. 12:00'],
  ])('shows %s as %s', (_label, value, expected) => {
    expect(formatMessageTime(value, now)).toBe(expected);
  });

  it('shows nothing for an invalid date', () => {
    expect(formatMessageTime('pas une date', now)).toBe('');
  });
});
