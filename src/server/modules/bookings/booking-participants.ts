import type { BookingParticipant } from '../../../shared/api/customer-booking.schema';
import type { Db } from '../../db/client';
import type { CustomerAccess } from './booking-access';
import { updateParticipant } from './bookings.repository';

/**
 * The participants of a booking as the bookings module shows them (the invitations module adds and
 * removes them). Reading the list for other modules: `listParticipants` (booking-access.ts).
 */

/**
 * Participants never receive co-participants' e-mail and phone (issue 11 item 6): a participant
 * sees their own row and the organizer's contact (SPEC.md §2 shows it to invitees) in full, the
 * others by name only.
 */
export function visibleParticipant(
  participant: BookingParticipant,
  access: CustomerAccess,
  organizerId: string,
): BookingParticipant {
  if (access.role !== 'participant') return participant;
  if (participant._id === access.participation?.id || participant.customerId === organizerId) return participant;
  const { email: _email, phone: _phone, ...byName } = participant;
  return { ...byName, customerId: null };
}

/**
 * Opening the request is what "connected" means for an invited participant (SPEC.md §2 'Rejoint'):
 * the first opening marks the participation joined. Returns the participation as it now stands.
 */
export async function markParticipantConnected(
  db: Db,
  access: CustomerAccess,
): Promise<CustomerAccess['participation']> {
  const participation = access.participation;
  if (!participation || participation.hasConnected) return participation;
  return (
    (await updateParticipant(db, participation.id, {
      hasConnected: true,
      joinedAt: participation.joinedAt ?? new Date(),
      invitationStatus: 'joined',
    })) ?? participation
  );
}
