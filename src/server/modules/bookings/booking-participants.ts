import type { BookingParticipant } from '../../../shared/api/customer-booking.schema';
import { canMove } from '../../../shared/booking-status';
import type { Db } from '../../db/client';
import { recordAudit } from '../audit/audit.service';
import type { CustomerAccess } from './booking-access';
import {
  cancelDraftsOf,
  eraseParticipantRowsOf,
  lockBookingsOfPerson,
  renameCustomerInAudit,
  replaceMainContactsOf,
  updateParticipant,
  type ErasedPerson,
} from './bookings.repository';

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

// ---------------------------------------------------------------- account deletion

/**
 * What a deleted account's name becomes wherever it was written: its own row, the main contact
 * and participant rows of its bookings, the audit trail (docs/decisions.md, "Accounts and security").
 */
export const DELETED_PERSON_NAME = { firstName: 'Compte', lastName: 'supprimé' } as const;

/** The reason the team reads on a draft canceled because its organizer deleted their account. */
export const DELETED_ACCOUNT_CANCEL_REASON = 'Compte du client supprimé';

/** A reserved domain (RFC 2606 `.invalid`): an erased address can never reach anyone. */
const ERASED_EMAIL_DOMAIN = 'compte-supprime.invalid';

/** The address that replaces a deleted person's on the row `id` (unique, as the address columns must be). */
export function erasedEmail(id: string): string {
  return `supprime-${id}@${ERASED_EMAIL_DOMAIN}`;
}

if (!canMove('draft', 'canceled')) throw new Error('booking-status.ts no longer lets a draft be canceled');

/**
 * Account deletion's first step, in its transaction: every booking the person organizes or
 * appears in, locked (bookings.repository.ts `lockBookingsOfPerson`). Call it before the
 * account row is written, the order joins and edits take their locks in.
 */
export function lockBookingsOfDeletedAccount(db: Db, person: ErasedPerson) {
  return lockBookingsOfPerson(db, person);
}

/**
 * Account deletion's part in the bookings, in its transaction (SPEC.md §9 keeps booking data 3
 * years for the park; issue 3 keeps no personal data): the person's name, address and phone go
 * from the main contact of the bookings they organize, from their participant rows (and the
 * invitations not yet accepted sent to their address, which leave the list) and from the audit
 * trail; amounts, lines, payments and statuses stay. A draft they organize has nobody left to
 * validate or pay it and is canceled, with an audit entry. Returns the participant rows erased.
 */
export async function eraseDeletedAccountFromBookings(db: Db, person: ErasedPerson): Promise<string[]> {
  const actorName = `${DELETED_PERSON_NAME.firstName} ${DELETED_PERSON_NAME.lastName}`;
  await replaceMainContactsOf(db, person.id, { ...DELETED_PERSON_NAME, email: '', phone: null });
  await renameCustomerInAudit(db, person.id, actorName);
  for (const draft of await cancelDraftsOf(db, person.id, DELETED_ACCOUNT_CANCEL_REASON)) {
    await recordAudit(db, {
      actorType: 'customer',
      actorId: person.id,
      actorName,
      bookingId: draft.id,
      action: 'cancel',
      before: { status: 'draft' },
      after: { status: 'canceled', cancelReason: DELETED_ACCOUNT_CANCEL_REASON },
    });
  }
  const rows = await eraseParticipantRowsOf(db, person, DELETED_PERSON_NAME, ERASED_EMAIL_DOMAIN);
  return rows.map((row) => row.id);
}
