import { describe, expect, it } from 'vitest';
import { dayRange, hourMarks, placeSlots } from '@renderer/admin/planner/timeline';
import { plannerDay } from '@renderer/admin/planner/planner-dates';
import { niceMax } from '@renderer/admin/planner/weekly-chart';

describe('the planner’s day timeline', () => {
  it('spans whole hours around the slots, at least four hours', () => {
    expect(dayRange([{ startTime: '09:30', endTime: '11:15' }])).toEqual({ start: 9 * 60, end: 13 * 60 });
    expect(
      dayRange([
        { startTime: '08:00', endTime: '10:00' },
        { startTime: '16:30', endTime: '18:10' },
      ]),
    ).toEqual({ start: 8 * 60, end: 19 * 60 });
    expect(hourMarks({ start: 540, end: 720 })).toEqual([9, 10, 11, 12]);
  });

  it('puts overlapping slots on separate lanes and reuses a lane once it is free', () => {
    const { placed, lanes } = placeSlots([
      { startTime: '10:00', endTime: '12:00' },
      { startTime: '09:00', endTime: '10:30' },
      { startTime: '10:30', endTime: '11:00' },
      { startTime: '12:00', endTime: '13:00' },
    ]);
    expect(placed.map(({ slot, lane }) => `${slot.startTime} ${lane}`)).toEqual([
      '09:00 0',
      '10:00 1',
      '10:30 0',
      '12:00 0',
    ]);
    expect(lanes).toBe(2);
    expect(placed[0]).toMatchObject({ left: 0, width: 37.5 });
  });

  it('reads the day from ?date= and falls back to today in Paris for anything else', () => {
    const now = new Date('2026-11-23T23:30:00Z');
    expect(plannerDay('2027-02-14', now)).toBe('2027-02-14');
    expect(plannerDay('2027-02-30', now)).toBe('2026-11-24');
    expect(plannerDay(null, now)).toBe('2026-11-24');
  });

  it('rounds the chart’s axes up to 1, 2 or 5 × 10ⁿ', () => {
    expect([0, 3, 7, 12, 480, 1001].map(niceMax)).toEqual([1, 5, 10, 20, 500, 2000]);
  });
});
