import { boolean, customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, enumColumn, idColumn, parentIdColumn } from './columns';
import { bookingRequests, customers } from './core';
import { staffAccounts } from './staff';
import { MESSAGE_AUTHOR_TYPES, MESSAGE_STATUSES, UPLOAD_PURPOSES } from '../../../shared/api/messages.schema';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Chat lines of a booking (SPEC.md §3 message). authorType `client` or `team`. */
export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    bookingId: parentIdColumn('booking_id', () => bookingRequests.id),
    authorType: text('author_type', { enum: MESSAGE_AUTHOR_TYPES }).notNull(),
    authorCustomerId: uuid('author_customer_id').references(() => customers.id),
    authorStaffId: uuid('author_staff_id').references(() => staffAccounts.id),
    authorName: text('author_name').notNull(),
    content: text('content').notNull(),
    status: enumColumn('status', MESSAGE_STATUSES, 'active'),
    /** Not shown to the booking's guests of honour (surprise mode; docs/decisions.md, "Group shares"). */
    hiddenFromGuests: boolean('hidden_from_guests').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [index('messages_booking').on(table.bookingId, table.createdAt)],
);

/** Read state per reader: `reader_key` is `customer:<id>` or `staff:<id>`. */
export const messageReads = pgTable(
  'message_reads',
  {
    messageId: parentIdColumn('message_id', () => messages.id),
    readerKey: text('reader_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.readerKey] })],
);

/**
 * Uploaded files (chat attachments, catalogue pictures), in the database so that every server
 * instance serves them (DESIGN.md §3). Served under `/uploads/<relative_path>`.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: idColumn(),
    relativePath: text('relative_path').notNull().unique(),
    purpose: text('purpose', { enum: UPLOAD_PURPOSES }).notNull(),
    bookingId: uuid('booking_id').references(() => bookingRequests.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    originalName: text('original_name').notNull(),
    mimetype: text('mimetype').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('uploads_message').on(table.messageId)],
);

/** At most one "new team message" e-mail per booking per 15 minutes (a digest, never one per line). */
export const messageDigests = pgTable('message_digests', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookingRequests.id, { onDelete: 'cascade' }),
  pendingSince: timestamp('pending_since', { withTimezone: true }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
});
