import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { anonymiseAuditOfBooking, renameParticipantsInAudit } from '../audit/audit.service';
import {
  anonymiseBookingData,
  deleteBookingRow,
  listAnonymisedBookingsBefore,
  listBookingsToAnonymise,
} from '../bookings/booking-retention.public';
import { deleteInviteLinksOfBooking } from '../invitations/invitations.service';
import { deleteChatOfBooking } from '../messages/messages.service';

/**
 * Data retention (SPEC.md §9; docs/decisions.md, "Data retention"): 3 years after a booking's last
 * activity its personal data goes (deleted outright when it holds no accounting record), and the
 * rest is deleted 10 years after it (Code de commerce L123-22). Run daily by the `data-retention`
 * job; each booking is claimed by a conditional UPDATE or DELETE, so a replay or a second instance
 * changes nothing.
 */
export const RETENTION_YEARS = 3;
export const ACCOUNTING_YEARS = 10;
export const ANONYMISED_NAME = 'Client anonymisé';
export const ANONYMISED_PARTICIPANT = 'Participant anonymisé';
export const ANONYMISED_EMAIL_DOMAIN = 'anonymise.invalid';
const BATCH = 200;

function yearsBefore(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

export async function applyDataRetention(db: Db, now: Date): Promise<{ anonymised: number; deleted: number }> {
  let anonymised = 0;
  let deleted = 0;
  for (;;) {
    const rows = await listBookingsToAnonymise(db, yearsBefore(now, RETENTION_YEARS), BATCH);
    for (const row of rows) {
      await inTransaction(db, async (tx) => {
        if (!row.accounting) {
          if (await deleteBookingRow(tx, row.id)) deleted += 1;
          return;
        }
        const participants = await anonymiseBookingData(tx, row.id, now, ANONYMISED_EMAIL_DOMAIN);
        if (!participants) return;
        await deleteChatOfBooking(tx, row.id);
        await deleteInviteLinksOfBooking(tx, row.id);
        await renameParticipantsInAudit(tx, participants, ANONYMISED_PARTICIPANT);
        await anonymiseAuditOfBooking(tx, row.id, ANONYMISED_NAME);
        anonymised += 1;
      });
    }
    if (rows.length < BATCH) break;
  }
  for (;;) {
    const rows = await listAnonymisedBookingsBefore(db, yearsBefore(now, ACCOUNTING_YEARS), BATCH);
    for (const row of rows) if (await inTransaction(db, (tx) => deleteBookingRow(tx, row.id))) deleted += 1;
    if (rows.length < BATCH) break;
  }
  return { anonymised, deleted };
}
