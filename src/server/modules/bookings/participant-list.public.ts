import type { Tx } from '../../db/transaction';
import type { BookingParticipant } from '../../../shared/api/customer-booking.schema';
import { INVITATION_MESSAGES as MSG } from '../../../shared/api/invitation.schema';
import { PARTICIPANTS_MAX } from '../../../shared/constants';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import type { CustomerAccess } from './booking-access.public';
import * as repo from './participants.repository';
import { countActiveParticipants, type NewParticipantRow, type ParticipantRow } from './participants.repository';
import type { ErasedPerson } from '../../db/participation';

/**
 * A booking's participant list as the other modules read and write it (docs/architecture.md,
 * "Modules"): the booking's access check and detail, the organizer's row at creation, joins
 * through invitation links, payments' shares, account deletion. The bookings module owns the
 * table; the organizer's calls on the list are the participants module's (participants.service.ts).
 */

export type { ParticipantRow } from './participants.repository';

/** A booking's active rows, oldest first (the organizer's first). */
export function listParticipants(db: Db, bookingId: string): Promise<ParticipantRow[]> {
  return repo.listParticipants(db, bookingId);
}

/** The customer's row in a booking, once they accepted and while they are not removed. */
export function findActiveParticipation(db: Db, bookingId: string, customerId: string) {
  return repo.findActiveParticipation(db, bookingId, customerId);
}

/** The rows that joined through each of these invitation links (the links' use counts). */
export function participantsOfLinks(db: Db, linkIds: string[]) {
  return repo.participantsOfLinks(db, linkIds);
}

/** One row of the booking, or undefined (another booking's row is not found). */
export function findParticipant(db: Db, bookingId: string, participantId: string) {
  return repo.findParticipant(db, bookingId, participantId);
}

/** The booking's row for this address, active or not (a personal invitation, a join). */
export function findParticipantByEmail(db: Db, bookingId: string, email: string) {
  return repo.findParticipantByEmail(db, bookingId, email);
}

/** Every row of one person in the booking, by address or account. */
export function findRowsOfPerson(db: Db, bookingId: string, email: string, customerId: string | null) {
  return repo.findRowsOfPerson(db, bookingId, email, customerId);
}

/** A customer's first and last name (a row's name when the account is known), or undefined. */
export function findPersonName(db: Db, customerId: string | null) {
  return repo.findPersonName(db, customerId);
}

/** A new row of the list (the organizer's at creation, a join, a personal invitation). */
export function insertParticipant(db: Db, values: NewParticipantRow): Promise<ParticipantRow> {
  return repo.insertParticipant(db, values);
}

/** Changes one row; undefined when there is none. */
export function updateParticipant(db: Db, id: string, values: Partial<NewParticipantRow>) {
  return repo.updateParticipant(db, id, values);
}

/** Account erasure: the person's rows keep their place under the erased name and address. */
export function eraseParticipantRowsOf(
  db: Db,
  person: ErasedPerson,
  name: { firstName: string; lastName: string },
  emailDomain: string,
) {
  return repo.eraseParticipantRowsOf(db, person, name, emailDomain);
}

/** Payments: a participant's share paid, once; undefined when it already was (payment-effects.ts). */
export function markSharePaid(db: Db, participantId: string, amountCents: number, paidAt: Date) {
  return repo.markSharePaid(db, participantId, amountCents, paidAt);
}
export { toParticipant } from './participants.mapper';

/** Payments: a share reminder claimed, at most one a day per person (docs/decisions.md, "Group shares"). */
export function claimShareReminder(db: Tx, participantId: string, now: Date, notAfter: Date) {
  return repo.claimShareReminder(db, participantId, now, notAfter);
}

// ---------------------------------------------------------------- the limit

/** The most rows a booking's list holds: its participant count (the organizer's row included), never more than 100. */
export function participantLimit(booking: { participants: number }): number {
  return Math.min(booking.participants, PARTICIPANTS_MAX);
}

/**
 * Whether the list has no place left for a new row. Counted on the active rows, joined or invited:
 * a pending personal invitation keeps its place.
 */
export async function isListFull(db: Db, booking: { id: string; participants: number }): Promise<boolean> {
  return (await countActiveParticipants(db, booking.id)) >= participantLimit(booking);
}

/**
 * Refuses a new row past the limit (409, the message the invitation page shows too), whichever
 * way in: the organizer's personal invitation or a join through a link (docs/decisions.md,
 * "Joining"). Callers hold the booking row's lock, so concurrent additions never overfill.
 */
export async function refuseWhenListFull(db: Tx, booking: { id: string; participants: number }) {
  if (await isListFull(db, booking)) throw AppError.of('PARTICIPANTS_FULL', MSG.full(participantLimit(booking)));
}

// ---------------------------------------------------------------- what a participant sees

/**
 * Participants never receive co-participants' e-mail and phone (docs/decisions.md, "Product rules"): a participant
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
