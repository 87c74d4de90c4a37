import { describe, expect, it } from 'vitest';
import {
  inviteExpiryInstant,
  inviteLinkStatus,
  remainingUses,
  usesLabel,
  type InviteLinkState,
} from '../../../src/shared/invite-link-status';

const NOW = new Date('2026-11-23T12:00:00Z');
const PAST = '2026-11-23T11:59:59Z';
const FUTURE = '2026-11-24T12:00:00Z';

describe('inviteLinkStatus: SPEC.md §4 order revoked, expired, exhausted, active', () => {
  const cases: Array<[string, InviteLinkState, ReturnType<typeof inviteLinkStatus>]> = [
    [
      'revoked wins over expired and exhausted',
      { isActive: false, expiresAt: PAST, maxUses: 1, usedCount: 1 },
      'revoked',
    ],
    ['revoked alone', { isActive: false, expiresAt: null, maxUses: null, usedCount: 0 }, 'revoked'],
    ['expired wins over exhausted', { isActive: true, expiresAt: PAST, maxUses: 3, usedCount: 3 }, 'expired'],
    [
      'expired at the very instant',
      { isActive: true, expiresAt: NOW.toISOString(), maxUses: null, usedCount: 0 },
      'expired',
    ],
    ['exhausted at the maximum', { isActive: true, expiresAt: FUTURE, maxUses: 3, usedCount: 3 }, 'exhausted'],
    ['exhausted beyond the maximum', { isActive: true, expiresAt: null, maxUses: 1, usedCount: 2 }, 'exhausted'],
    ['active below the maximum', { isActive: true, expiresAt: FUTURE, maxUses: 3, usedCount: 2 }, 'active'],
    ['active when unlimited', { isActive: true, expiresAt: null, maxUses: null, usedCount: 500 }, 'active'],
  ];
  it.each(cases)('%s', (_name, link, expected) => {
    expect(inviteLinkStatus(link, NOW)).toBe(expected);
  });
});

describe('uses', () => {
  it("shows 'n / max' and the places left; unlimited links have no count of places", () => {
    expect(usesLabel({ maxUses: 3, usedCount: 1 })).toBe('1 / 3');
    expect(usesLabel({ maxUses: null, usedCount: 4 })).toBe('4 / illimité');
    expect(remainingUses({ maxUses: 3, usedCount: 1 })).toBe(2);
    expect(remainingUses({ maxUses: 3, usedCount: 5 })).toBe(0);
    expect(remainingUses({ maxUses: null, usedCount: 1 })).toBeNull();
  });
});

describe('inviteExpiryInstant', () => {
  it('ends a calendar day at 23:59:59.999 in Paris, winter and summer', () => {
    expect(inviteExpiryInstant('2026-12-15')?.toISOString()).toBe('2026-12-15T22:59:59.999Z');
    expect(inviteExpiryInstant('2026-07-14')?.toISOString()).toBe('2026-07-14T21:59:59.999Z');
  });
  it('keeps an ISO instant and refuses what is not a date', () => {
    expect(inviteExpiryInstant('2026-12-15T10:00:00.000Z')?.toISOString()).toBe('2026-12-15T10:00:00.000Z');
    for (const value of ['2026-02-30', 'demain', '15/12/2026', '', '2026-13-01']) {
      expect(inviteExpiryInstant(value)).toBeNull();
    }
  });
});
