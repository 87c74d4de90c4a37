import type { Tx } from '../../db/transaction';
import type { ErasedPerson } from '../../db/participation';

/**
 * A deleted account (docs/decisions.md, "Accounts and security"): what its name and address
 * become, and the port through which the other modules erase it from their tables. Auth's
 * `deleteAccount` calls the port in its transaction; `src/server/account-erasure.ts` fills it
 * with the bookings' and invitations' parts, so that auth depends on neither (docs/architecture.md,
 * "Boundaries": no two modules depend on each other).
 */

/**
 * What a deleted account's name becomes wherever it was written: its own row, the main contact
 * and participant rows of its bookings, the audit trail.
 */
export const DELETED_PERSON_NAME = { firstName: 'Compte', lastName: 'supprimé' } as const;

/** A reserved domain (RFC 2606 `.invalid`): an erased address can never reach anyone. */
export const ERASED_EMAIL_DOMAIN = 'compte-supprime.invalid';

/** The address that replaces a deleted person's on the row `id` (unique, as the address columns must be). */
export function erasedEmail(id: string): string {
  return `supprime-${id}@${ERASED_EMAIL_DOMAIN}`;
}

/** Account deletion's parts in the other modules, each run in the deletion's transaction `tx`. */
export interface AccountErasure {
  /** First, before the account row is written: locks what the other parts will change. */
  lock(tx: Tx, person: ErasedPerson): Promise<void>;
  /** After the account row is erased: the person's name and contact erased from the other tables. */
  erase(tx: Tx, person: ErasedPerson): Promise<void>;
}
