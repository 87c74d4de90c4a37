// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ParticipantsSection } from '@renderer/features/booking-detail/participants-section';
import { ParticipantsSection as StaffParticipantsSection } from '@renderer/admin/request/request-sections';
import { staffDetail } from './support/admin-fixtures';
import { detail, participant } from './support/booking-fixtures';
import { renderRoute } from './support/render-route';

// Joined through a link without a password: on the list, never logged in (SPEC.md §2 'Invité').
const notConnected = participant({
  _id: 'p-joined',
  customerId: 'c-joined',
  firstName: 'Zoé',
  lastName: 'Sans',
  email: 'zoe@example.fr',
  role: 'Participant',
  hasConnected: false,
  joinedAt: '2026-11-23T10:00:00.000Z',
  status: 'joined',
});
const people = [participant(), notConnected];

afterEach(cleanup);

describe("'Rejoint' only for a participant who has connected (SPEC.md §2)", () => {
  it("the organizer's list says 'Invité' for a joined participant who never connected", () => {
    renderRoute({ element: <ParticipantsSection detail={detail({ bookingParticipants: people })} /> });
    const rows = screen.getAllByTestId('participant');
    expect(within(rows[0]!).getByTestId('participant-status')).toHaveTextContent('Rejoint');
    expect(within(rows[1]!).getByTestId('participant-status')).toHaveTextContent('Invité');
  });

  it("the back-office says 'Rejoint' and 'Invité' with the same rule, never 'A rejoint'", () => {
    renderRoute({ element: <StaffParticipantsSection detail={staffDetail({ bookingParticipants: people })} /> });
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Rejoint')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Invité')).toBeInTheDocument();
    expect(screen.queryByText('A rejoint')).toBeNull();
  });
});
