import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idColumn, parentIdColumn, timestampColumns } from './columns';
import {
  CAPTURE_METHODS,
  PAYMENT_KINDS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  type IntentStatus,
} from '../../../shared/api/payments.schema';
import { DUE_CHOICES, GUARANTEE_SETTLEMENTS } from '../../../shared/api/guarantee.schema';
import { bookingItems, bookingParticipants, bookingRequests, customers } from './core';
import { staffAccounts } from './staff';

/** How a booking is paid, set by the team with its validation (SPEC.md §3 payment config, DESIGN.md §4). */
export const paymentConfigs = pgTable('payment_configs', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookingRequests.id, { onDelete: 'cascade' }),
  type: text('type', { enum: PAYMENT_TYPES }).notNull(),
  /** The quote total the team set (cents); every amount due is computed from it by the server. */
  totalCents: integer('total_cents').notNull(),
  /** deposit_check / deposit_card: the deposit amount (cents). */
  amountCents: integer('amount_cents'),
  /** partial_payment_card: the share paid now (1–100). */
  percentage: integer('percentage'),
  /**
   * collective_payment of a walk-in: the shares are per head of this headcount, so a share never
   * changes as members join (docs/decisions.md, "Walk-ins").
   */
  shareHeadcount: integer('share_headcount'),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  instructions: text('instructions').notNull().default(''),
  contractFilename: text('contract_filename'),
  authorizationCanceled: boolean('authorization_canceled').notNull().default(false),
  /** The organizer's choice at D-2 (docs/decisions.md, "The organizer's guarantee"); a new config clears it. */
  dueChoice: text('due_choice', { enum: DUE_CHOICES }),
  configuredByStaffId: uuid('configured_by_staff_id').references(() => staffAccounts.id),
  ...timestampColumns(),
});

/**
 * Every money movement of a booking: card payments and holds (through the PaymentProvider),
 * cheques, captures and refunds. `idempotency_key` is derived from the business intent.
 */
export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    bookingId: parentIdColumn('booking_id', () => bookingRequests.id),
    participantId: uuid('participant_id').references(() => bookingParticipants.id),
    payerCustomerId: uuid('payer_customer_id').references(() => customers.id),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerIntentId: text('provider_intent_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    capturedCents: integer('captured_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    failureMessage: text('failure_message'),
    /** When the team was told this card hold is about to lapse (once per hold). */
    holdWarningSentAt: timestamp('hold_warning_sent_at', { withTimezone: true }),
    /** A card hold's end as the provider says it (`capture_before` of its charge); null when unknown. */
    holdCaptureBefore: timestamp('hold_capture_before', { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [
    index('payments_booking').on(table.bookingId),
    uniqueIndex('payments_intent').on(table.providerIntentId),
    uniqueIndex('payments_idempotency').on(table.idempotencyKey),
    // The payments still open or holding money, a few among three years' settled ones: what the
    // payment sweeps read every few minutes (docs/decisions.md, "Volume and indexes").
    index('payments_open')
      .on(table.kind, table.status)
      .where(sql`status in ('pending', 'requires_action', 'authorized', 'failed')`),
  ],
);

/**
 * The card an organizer saved for the deposit hold (docs/decisions.md, "Card holds"): a SetupIntent
 * with usage off_session; once confirmed, the provider's customer and payment method ids, used
 * only for the holds of this booking until the stay ends. No card number nor CVC is ever here.
 */
export const depositCards = pgTable('deposit_cards', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookingRequests.id, { onDelete: 'cascade' }),
  setupIntentId: text('setup_intent_id').notNull(),
  providerCustomerId: text('provider_customer_id').notNull(),
  paymentMethodId: text('payment_method_id'),
  savedAt: timestamp('saved_at', { withTimezone: true }),
  /**
   * Set when the card guarantees a collective payment (docs/decisions.md, "The organizer's guarantee"):
   * 'refund' (a participant paying after the charge is refunded to the organizer) or 'self'.
   */
  guaranteeSettlement: text('guarantee_settlement', { enum: GUARANTEE_SETTLEMENTS }),
  ...timestampColumns(),
});

export const PROVIDER_REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'canceled', 'retried', 'resolved'] as const;

/**
 * Every refund sent to the provider, followed to its end (docs/decisions.md, "Refunds followed to
 * their end"): its status as the provider's `refund.updated` / `refund.failed` events tell it; a
 * failed one is `retried` by the team (a new refund, a new key) or `resolved` by hand.
 */
export const providerRefunds = pgTable(
  'provider_refunds',
  {
    /** The provider's refund id. */
    id: text('id').primaryKey(),
    bookingId: parentIdColumn('booking_id', () => bookingRequests.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: PROVIDER_REFUND_STATUSES }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    failureReason: text('failure_reason'),
    /** The refund that replaced this failed one, or who resolved it by hand. */
    retriedBy: text('retried_by'),
    resolvedByStaffId: uuid('resolved_by_staff_id').references(() => staffAccounts.id),
    ...timestampColumns(),
  },
  (table) => [index('provider_refunds_booking').on(table.bookingId)],
);

/** Provider webhook events applied (each once, whatever the order or the replays). */
export const providerEvents = pgTable('provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in test provider's PaymentIntents (DESIGN.md §3): kept in the database like Stripe keeps
 * its own, so an intent opened before a server restart can still be paid after it, and several
 * server instances share them. Never used in Stripe mode.
 */
export const testProviderIntents = pgTable('test_provider_intents', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  clientSecret: text('client_secret').notNull(),
  status: text('status').$type<IntentStatus>().notNull(),
  amountCents: integer('amount_cents').notNull(),
  captureMethod: text('capture_method', { enum: CAPTURE_METHODS }).notNull(),
  amountReceivedCents: integer('amount_received_cents').notNull().default(0),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  lastError: text('last_error'),
  /** Refunds made, by idempotency key: a retried refund gets the same one. */
  refunds: jsonb('refunds')
    .$type<Record<string, { id: string; status: string; amountCents: number }>>()
    .notNull()
    .default({}),
  ...timestampColumns(),
});

/**
 * A participant who does not take an optional activity line (docs/decisions.md, "Group shares"):
 * their collective share leaves out that line's per-person price.
 */
export const participantOptOuts = pgTable(
  'participant_opt_outs',
  {
    bookingId: parentIdColumn('booking_id', () => bookingRequests.id),
    participantId: parentIdColumn('participant_id', () => bookingParticipants.id),
    lineId: parentIdColumn('line_id', () => bookingItems.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('participant_opt_outs_unique').on(table.participantId, table.lineId),
    index('participant_opt_outs_booking').on(table.bookingId),
  ],
);
