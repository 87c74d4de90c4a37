import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookingParticipants, bookingRequests } from './core';
import { staffAccounts } from './staff';

/**
 * The day on site (docs/decisions.md, "On site"): one signed waiver per participant, with the name
 * typed, the date and the version of the text (src/shared/waiver.ts); `signed_on_site_by` names the
 * team member who recorded it at reception.
 */
export const participantWaivers = pgTable('participant_waivers', {
  participantId: uuid('participant_id')
    .primaryKey()
    .references(() => bookingParticipants.id, { onDelete: 'cascade' }),
  bookingId: uuid('booking_id')
    .notNull()
    .references(() => bookingRequests.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull(),
  version: text('version').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  signedOnSiteBy: uuid('signed_on_site_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
});

/**
 * One check-in per participant: the primary key is the claim, so concurrent scans of one pass
 * insert one row (`INSERT … ON CONFLICT DO NOTHING`). A booking's check-out is on its own row.
 */
export const participantCheckIns = pgTable(
  'participant_check_ins',
  {
    participantId: uuid('participant_id')
      .primaryKey()
      .references(() => bookingParticipants.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookingRequests.id, { onDelete: 'cascade' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    staffId: uuid('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
  },
  (table) => [index('participant_check_ins_booking').on(table.bookingId)],
);

/** A booking's check-out (staff): once; the card deposit hold is released then. */
export const bookingCheckOuts = pgTable('booking_check_outs', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookingRequests.id, { onDelete: 'cascade' }),
  checkedOutAt: timestamp('checked_out_at', { withTimezone: true }).notNull(),
  staffId: uuid('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
});
