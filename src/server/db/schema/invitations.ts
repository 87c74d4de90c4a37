import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, enumColumn, idColumn, parentIdColumn } from './columns';
import { bookingParticipants, bookingRequests, customers } from './core';
import { INVITE_LINK_KINDS } from '../../../shared/invite-link-status';

/**
 * Invitation links (SPEC.md §3) and personal e-mail invitations (kind `personal`, one use, bound
 * to one participant row). Tokens are kept retrievable: the organizer shares a link again
 * (DESIGN.md §3). `used_count` is claimed with one conditional UPDATE (CONVENTIONS.md 7).
 */
export const inviteLinks = pgTable(
  'invite_links',
  {
    id: idColumn(),
    bookingId: parentIdColumn('booking_id', () => bookingRequests.id),
    kind: enumColumn('kind', INVITE_LINK_KINDS, 'link'),
    token: text('token').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** null: unlimited. */
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdByCustomerId: uuid('created_by_customer_id').references(() => customers.id),
    /** For a personal invitation: the participant row it was sent for. */
    participantId: uuid('participant_id').references(() => bookingParticipants.id, { onDelete: 'cascade' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [uniqueIndex('invite_links_token').on(table.token), index('invite_links_booking').on(table.bookingId)],
);
