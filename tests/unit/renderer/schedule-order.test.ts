import { describe, expect, it } from 'vitest';
import { linesOnDay, slotsForDay } from '@renderer/features/booking-detail/schedule';
import { detail, line, slot } from './support/booking-fixtures';

describe('the schedule’s order of times (docs/decisions.md, performance rule 15)', () => {
  it('lists a day’s active slots by start, then end time', () => {
    const slots = [
      slot('saturday', '14:00', '16:00'),
      slot('saturday', '09:30', '11:00'),
      slot('saturday', '14:00', '15:00'),
      slot('saturday', '10:00', '12:00', false),
      slot('sunday', '08:00', '09:00'),
      slot('saturday', '20:00', '23:30'),
    ];
    // 15 June 2030 is a Saturday.
    expect(slotsForDay(slots, '2030-06-15').map((s) => `${s.startTime}-${s.endTime}`)).toEqual([
      '09:30-11:00',
      '14:00-15:00',
      '14:00-16:00',
      '20:00-23:30',
    ]);
  });

  it('lists a day’s lines by start time, those without a slot last', () => {
    const at = (id: string, startTime: string | null, scheduledDate = '2030-06-15') =>
      line({
        _id: id,
        scheduledDate,
        selectedTimeSlot: startTime ? { startTime, endTime: '23:00' } : null,
      });
    const booking = detail({
      bookingActivities: [at('sans-creneau', null), at('apres-midi', '14:30'), at('lendemain', '08:00', '2030-06-16')],
      bookingServices: [at('matin', '09:00'), at('midi', '12:00')],
    });
    expect(linesOnDay(booking, '2030-06-15').map((l) => l._id)).toEqual([
      'matin',
      'midi',
      'apres-midi',
      'sans-creneau',
    ]);
  });
});
