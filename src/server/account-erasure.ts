import type { AccountErasure } from './modules/auth/deleted-account.public';
import {
  eraseDeletedAccountFromBookings,
  lockBookingsOfDeletedAccount,
} from './modules/bookings/account-erasure.public';
import { revokeLinksOfDeletedAccount } from './modules/invitations/invitations.service';

/**
 * Account deletion's parts in the other modules, composed here so that auth depends on neither
 * bookings nor invitations (both depend on auth): the bookings locked first, then the person
 * erased from them and the invitation links of their account and participant rows revoked.
 */
export const accountErasure: AccountErasure = {
  lock: lockBookingsOfDeletedAccount,
  async erase(tx, person) {
    const participantRows = await eraseDeletedAccountFromBookings(tx, person);
    await revokeLinksOfDeletedAccount(tx, person.id, participantRows);
  },
};
