import { describe, expect, it } from 'vitest';
import { canMove, checkedMoves, statusesMovingTo } from '../../../src/shared/booking-status';

describe('the booking lifecycle table (one table of allowed moves)', () => {
  it('allows draft → prebooked → confirmed → completed, and canceling before the end', () => {
    expect(canMove('draft', 'prebooked')).toBe(true);
    expect(canMove('prebooked', 'confirmed')).toBe(true);
    expect(canMove('confirmed', 'completed')).toBe(true);
    expect(canMove('prebooked', 'draft')).toBe(false);
    expect(canMove('canceled', 'prebooked')).toBe(false);
    expect(canMove('completed', 'canceled')).toBe(false);
  });

  it('statusesMovingTo lists what a status write may start from', () => {
    expect(statusesMovingTo('canceled')).toEqual(['draft', 'prebooked', 'confirmed']);
    expect(statusesMovingTo('confirmed')).toEqual(['prebooked']);
    expect(statusesMovingTo('completed')).toEqual(['confirmed']);
    expect(statusesMovingTo('draft')).toEqual([]);
  });

  it('checkedMoves gives back the moves the table allows and refuses the others at once', () => {
    expect(checkedMoves(['draft'], 'canceled')).toEqual(['draft']);
    expect(checkedMoves(['prebooked'], 'canceled')).toEqual(['prebooked']);
    expect(() => checkedMoves(['draft', 'completed'], 'canceled')).toThrow(
      'booking-status.ts does not allow completed → canceled',
    );
  });
});
