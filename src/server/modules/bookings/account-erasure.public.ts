import type { Tx } from '../../db/transaction';
import { recordAudit, renameCustomerInAudit, renameParticipantsInAudit } from '../audit/audit.service';
import { DELETED_PERSON_NAME, ERASED_EMAIL_DOMAIN } from '../auth/deleted-account.public';
import { eraseParticipantRowsOf } from './participant-list.public';
import { cancelDraftsOf, lockBookingsOfPerson, replaceMainContactsOf, type ErasedPerson } from './bookings.repository';

/**
 * Account deletion's part in the bookings (src/server/account-erasure.ts hands it to auth's
 * deletion, in its transaction): the bookings locked, the person's name and contact erased from
 * them and from their participant rows (participant-list.public.ts), their drafts canceled
 * (docs/decisions.md, "Accounts and security").
 */

/** The reason the team reads on a draft canceled because its organizer deleted their account. */
export const DELETED_ACCOUNT_CANCEL_REASON = 'Compte du client supprimé';

/**
 * Account deletion's first step, in its transaction: every booking the person organizes or
 * appears in, locked (bookings.repository.ts `lockBookingsOfPerson`). Call it before the
 * account row is written, the order joins and edits take their locks in.
 */
export async function lockBookingsOfDeletedAccount(db: Tx, person: ErasedPerson): Promise<void> {
  await lockBookingsOfPerson(db, person);
}

/**
 * Account deletion's part in the bookings, in its transaction (SPEC.md §9 keeps booking data 3
 * years for the park; no personal data is kept): the person's name, address and phone go
 * from the main contact of the bookings they organize, from their participant rows (and the
 * invitations not yet accepted sent to their address, which leave the list) and from the audit
 * trail; amounts, lines, payments and statuses stay. A draft they organize has nobody left to
 * validate or pay it and is canceled (a move the lifecycle table allows, checked where
 * `cancelDraftsOf` writes it), with an audit entry. Returns the participant rows erased.
 */
export async function eraseDeletedAccountFromBookings(db: Tx, person: ErasedPerson): Promise<string[]> {
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
