import type { Db } from '../../db/client';
import { recordAudit, renameParticipantsInAudit } from '../audit/audit.service';
import { eraseParticipantRowsOf } from './participant-list.public';
import {
  cancelDraftsOf,
  lockBookingsOfPerson,
  renameCustomerInAudit,
  replaceMainContactsOf,
  type ErasedPerson,
} from './bookings.repository';

/**
 * Account deletion's part in the bookings (auth.service.ts calls it in its transaction): the
 * bookings locked, the person's name and contact erased from them, their drafts canceled
 * (docs/decisions.md, "Accounts and security"). Their participant rows are the participants
 * module's (participants/participant-list.ts).
 */

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
 * validate or pay it and is canceled (a move the lifecycle table allows, checked where
 * `cancelDraftsOf` writes it), with an audit entry. Returns the participant rows erased.
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
  const ids = rows.map((row) => row.id);
  // The entries about their participant rows (invited, joined, removed) name them too.
  await renameParticipantsInAudit(db, ids, actorName);
  return ids;
}
