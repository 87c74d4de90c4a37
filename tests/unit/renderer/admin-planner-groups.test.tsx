// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ActivityTimeline, placesLeftOf } from '@renderer/admin/planner/day-timeline';
import { installMatchMedia } from './support/match-media';
import { renderRoute } from './support/render-route';

// The planner's answer sends each booking once (`bookings`), its groups name it by index: the
// timeline shows each group with its booking's reference, organizer and status, and works the
// places left out of the capacity and the people booked.

installMatchMedia();
afterEach(cleanup);

const BOOKINGS = [
  { _id: 'b-1', bookingRequestId: 'GRP-2026-0001', organizerName: 'Léa Martin', status: 'confirmed' as const },
  { _id: 'b-2', bookingRequestId: 'GRP-2026-0002', organizerName: 'Hugo Petit', status: 'prebooked' as const },
];

const ACTIVITY = {
  _id: 'item-1',
  name: 'Parcours aventure',
  kind: 'activity' as const,
  category: 'aventure',
  slots: [
    {
      startTime: '09:00',
      endTime: '11:00',
      capacity: 20,
      booked: 18,
      groups: [
        { booking: 0, participants: 12 },
        { booking: 1, participants: 6 },
      ],
    },
    { startTime: '14:00', endTime: '16:00', capacity: 20, booked: 3, groups: [{ booking: 0, participants: 3 }] },
  ],
  unscheduled: [{ booking: 1, participants: 4 }],
};

describe('the planner’s groups', () => {
  it('shows each group with its booking’s reference, link, organizer and people', () => {
    renderRoute({ element: <ActivityTimeline activity={ACTIVITY} bookings={BOOKINGS} /> });
    const slots = within(screen.getByRole('list', { name: 'Créneaux de Parcours aventure' }));
    const links = slots.getAllByRole('link', { name: 'GRP-2026-0001' });
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', '/admin/demandes/b-1');
    expect(slots.getByText('Léa Martin · 12 pers.')).toBeInTheDocument();
    expect(slots.getByText('Hugo Petit · 6 pers.')).toBeInTheDocument();
    expect(slots.getByText('Léa Martin · 3 pers.')).toBeInTheDocument();
    expect(screen.getAllByTestId('places-left').map((text) => text.textContent)).toEqual([
      '18/20 · 2 places restantes',
      '3/20 · 17 places restantes',
    ]);
    expect(screen.getByText('Sans créneau ce jour-là')).toBeInTheDocument();
    expect(screen.getByText('Hugo Petit · 4 pers.')).toBeInTheDocument();
  });

  it('works the places left out of the capacity: none below 0, none without a capacity', () => {
    expect(placesLeftOf({ capacity: 20, booked: 18 })).toBe(2);
    expect(placesLeftOf({ capacity: 20, booked: 26 })).toBe(0);
    expect(placesLeftOf({ capacity: null, booked: 26 })).toBeNull();
  });
});
