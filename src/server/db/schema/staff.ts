import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  accountColumns,
  enumColumn,
  createdAtColumn,
  idColumn,
  parentIdColumn,
  sessionTable,
  timestampColumns,
} from './columns';
import { bookingRequests, establishments } from './core';
import { STAFF_ROLES, STAFF_STATUSES } from '../../../shared/api/staff-accounts.schema';
import type { BookingStatus } from '../../../shared/labels';
import { AUDIT_ACTOR_TYPES } from '../../../shared/api/staff-requests.schema';

/**
 * Park team accounts, apart from customers (DESIGN.md §5): a customer token never opens a staff
 * call and the reverse. Roles: `admin` (everything) and `staff` (requests, chat, payments).
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: idColumn(),
    ...accountColumns(() => establishments.id),
    /** argon2id, as for customers. */
    passwordHash: text('password_hash').notNull(),
    role: enumColumn('role', STAFF_ROLES, 'staff'),
    status: enumColumn('status', STAFF_STATUSES, 'active'),
    ...timestampColumns(),
  },
  (table) => [uniqueIndex('staff_accounts_establishment_email').on(table.establishmentId, table.email)],
);

/** Staff sessions: the same opaque-token scheme as customers' (SHA-256 stored), kept in their own table. */
export const staffSessions = sessionTable('staff_sessions', {
  key: 'staffId',
  column: parentIdColumn('staff_id', () => staffAccounts.id),
  index: 'staff',
});

/**
 * The single-use links `npm start` prints while no staff account exists, each valid 24 h: one per
 * start, all usable until the first admin is created with one of them (the others are then deleted).
 */
export const staffSetupTokens = pgTable('staff_setup_tokens', {
  id: idColumn(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAtColumn(),
});

/** Who did what to a booking, when, with the state before and after (staff actions, sweeps, customers). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    bookingId: uuid('booking_id').references(() => bookingRequests.id, { onDelete: 'cascade' }),
    actorType: text('actor_type', { enum: AUDIT_ACTOR_TYPES }).notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('audit_log_booking').on(table.bookingId, table.createdAt)],
);

/**
 * The staff queue's counts per status as deltas, one row per write statement and status it moved,
 * added by triggers on booking_requests and folded hourly (migration `queue-count-deltas`;
 * docs/decisions.md, "Volume and indexes"). Never written by the app but to fold it.
 */
export const statusCountDeltas = pgTable(
  'booking_status_count_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    establishmentId: uuid('establishment_id').notNull(),
    status: text('status').$type<BookingStatus>().notNull(),
    n: integer('n').notNull(),
    waiting: integer('waiting').notNull(),
  },
  (table) => [index('booking_status_count_deltas_establishment').on(table.establishmentId, table.status)],
);
