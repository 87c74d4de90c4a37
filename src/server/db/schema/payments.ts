import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookingParticipants, bookingRequests, customers } from './core';
import { staffAccounts } from './staff';

/** How a booking is paid, set by the team with its validation (SPEC.md §3 payment config, DESIGN.md §4). */
export const paymentConfigs = pgTable('payment_configs', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookingRequests.id, { onDelete: 'cascade' }),
  type: text('type', {
    enum: ['deposit_check', 'deposit_card', 'partial_payment_card', 'full_payment_organizer', 'collective_payment'],
  }).notNull(),
  /** The quote total the team set (cents); every amount due is computed from it by the server. */
  totalCents: integer('total_cents').notNull(),
  /** deposit_check / deposit_card: the deposit amount (cents). */
  amountCents: integer('amount_cents'),
  /** partial_payment_card: the share paid now (1–100). */
  percentage: integer('percentage'),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  instructions: text('instructions').notNull().default(''),
  contractFilename: text('contract_filename'),
  authorizationCanceled: boolean('authorization_canceled').notNull().default(false),
  configuredByStaffId: uuid('configured_by_staff_id').references(() => staffAccounts.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every money movement of a booking: card payments and holds (through the PaymentProvider),
 * cheques, captures and refunds. `idempotency_key` is derived from the business intent.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookingRequests.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id').references(() => bookingParticipants.id),
    payerCustomerId: uuid('payer_customer_id').references(() => customers.id),
    kind: text('kind', { enum: ['full', 'partial', 'deposit', 'share', 'cheque', 'refund', 'capture'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', {
      enum: ['pending', 'requires_action', 'authorized', 'completed', 'failed', 'canceled', 'refunded'],
    }).notNull(),
    provider: text('provider', { enum: ['stripe', 'test', 'manual'] }).notNull(),
    providerIntentId: text('provider_intent_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    capturedCents: integer('captured_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payments_booking').on(table.bookingId),
    uniqueIndex('payments_intent').on(table.providerIntentId),
    uniqueIndex('payments_idempotency').on(table.idempotencyKey),
  ],
);

/** Provider webhook events applied (each once, whatever the order or the replays). */
export const providerEvents = pgTable('provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
