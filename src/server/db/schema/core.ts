/** Core tables: the park, its catalogue, customers and their sessions, bookings and their lines and participants. The other areas have a file each beside this one; `db/schema.ts` is the index. */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  accountColumns,
  enumColumn,
  createdAtColumn,
  foreignIdColumn,
  idColumn,
  parentIdColumn,
  sessionTable,
  searchVector,
  searchVectorOf,
  timestampColumns,
} from './columns';
import { BOOKING_STATUSES, CATALOGUE_KINDS, PRICING_TYPES } from '../../../shared/labels';
import { CUSTOMER_STATUSES } from '../../../shared/api/customer.schema';
import { VALIDATION_STATES } from '../../../shared/api/booking-request.schema';
import { MAIL_STATUSES } from '../../../shared/api/staff-requests.schema';
import { PARTICIPANT_INVITATION_STATUSES } from '../../../shared/api/customer-booking.schema';
import type { CancellationTerms } from '../../../shared/refund-policy';
import {
  BOOKING_PAYMENT_STATUSES,
  PARTICIPANT_PAYMENT_STATUSES,
  PARTICIPANT_ROLES,
} from '../../../shared/api/payments.schema';

export const establishments = pgTable('establishments', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  legalName: text('legal_name').notNull(),
  siret: text('siret').notNull(),
  description: text('description').notNull(),
  street: text('street').notNull(),
  zipCode: text('zip_code').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  website: text('website').notNull(),
  openingHours: jsonb('opening_hours').$type<{ label: string; hours: string }[]>().notNull(),
  socialLinks: jsonb('social_links').$type<{ network: string; url: string }[]>().notNull(),
  /** The park's settings (docs/decisions.md, "Card deposit ceiling"): whole euros. */
  cardDepositMaxEuros: integer('card_deposit_max_euros').notNull().default(1000),
  ...timestampColumns(),
});

/** Activities and services share one table: same fields, told apart by `kind`. */
export const catalogueItems = pgTable(
  'catalogue_items',
  {
    id: idColumn(),
    establishmentId: foreignIdColumn('establishment_id', () => establishments.id),
    kind: text('kind', { enum: CATALOGUE_KINDS }).notNull(),
    /** Stable seed key so the seed can be re-run without duplicating items. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    basePriceCents: integer('base_price_cents').notNull(),
    pricingType: text('pricing_type', { enum: PRICING_TYPES }).notNull(),
    durationMinutes: integer('duration_minutes'),
    imageUrl: text('image_url'),
    isActive: boolean('is_active').notNull().default(true),
    /** Shown on the home page (SPEC.md §2's three featured activities, changeable by the park). */
    isFeatured: boolean('is_featured').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('catalogue_items_establishment_slug').on(table.establishmentId, table.slug),
    index('catalogue_items_kind_active').on(table.establishmentId, table.kind, table.isActive),
  ],
);

export const timeSlots = pgTable(
  'time_slots',
  {
    id: idColumn(),
    itemId: parentIdColumn('item_id', () => catalogueItems.id),
    day: text('day').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Optional maximum of participants across all bookings of this slot on one date. */
    capacity: integer('capacity'),
  },
  (table) => [
    index('time_slots_item').on(table.itemId),
    uniqueIndex('time_slots_item_day_start').on(table.itemId, table.day, table.startTime),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: idColumn(),
    ...accountColumns(() => establishments.id),
    phone: text('phone'),
    /** argon2id; null for an account created without a password (invitation join). */
    passwordHash: text('password_hash'),
    /** A forgot-password or join password: argon2id, single use, 24 h (DESIGN.md §3). */
    temporaryPasswordHash: text('temporary_password_hash'),
    temporaryPasswordExpiresAt: timestamp('temporary_password_expires_at', { withTimezone: true }),
    /** Set by the one login the temporary password allows; it then only serves to change the password. */
    temporaryPasswordUsedAt: timestamp('temporary_password_used_at', { withTimezone: true }),
    /**
     * SHA-256 of the one-time token of the temporary-password e-mail's login link: the link logs
     * in once, like the temporary password, and neither is stored readable.
     */
    temporaryLoginTokenHash: text('temporary_login_token_hash'),
    status: enumColumn('status', CUSTOMER_STATUSES, 'active'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestampColumns(),
    /** Names and e-mail, unaccented words for the staff search (docs/decisions.md, "Volume and indexes"). */
    search: searchVector('search').generatedAlwaysAs(searchVectorOf(`first_name || ' ' || last_name || ' ' || email`)),
  },
  (table) => [
    uniqueIndex('customers_establishment_email').on(table.establishmentId, table.email),
    index('customers_search').using('gin', table.search),
  ],
);

export const sessions = sessionTable(
  'sessions',
  { key: 'customerId', column: parentIdColumn('customer_id', () => customers.id), index: 'customer' },
  {
    /** Opened with a temporary password: may only change the password. */
    isTemporary: boolean('is_temporary').notNull().default(false),
  },
);

/** A file sent with a mail, as the outbox keeps it; `cid` lets the HTML show it inline. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  cid: string;
  /** The bytes, base64. */
  content: string;
}

/** E-mails kept in the database when no SMTP relay is configured (DESIGN.md §3), readable in the back-office. */
export const outbox = pgTable(
  'outbox',
  {
    id: idColumn(),
    template: text('template').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAtColumn(),
    /**
     * 'pending' until the delivery job sends it, 'sent', 'failed' after the last try, 'recorded'
     * when no transport is configured (the outbox is the record; modules/mail/outbox.ts).
     */
    status: enumColumn('status', MAIL_STATUSES, 'recorded'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The mail with its secrets, only while it waits for delivery (cleared once sent or failed). */
    unsent: jsonb('unsent').$type<{ subject: string; text: string; html: string }>(),
    /** The files sent with the mail (the personal passes' QR PNGs, base64), kept until it is purged. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
  },
  (table) => [index('outbox_created').on(table.createdAt)],
);

/** Fixed-window counters shared by every server instance (rate limits, login throttling). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const bookingRequests = pgTable(
  'booking_requests',
  {
    id: idColumn(),
    /** Human-readable reference, e.g. GRP-2026-00042. */
    reference: text('reference').notNull(),
    establishmentId: foreignIdColumn('establishment_id', () => establishments.id),
    customerId: foreignIdColumn('customer_id', () => customers.id),
    bookingType: text('booking_type').notNull(),
    type: text('type').notNull(),
    participants: integer('participants').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    mainContact: jsonb('main_contact')
      .$type<{ firstName: string; lastName: string; email: string; phone: string | null }>()
      .notNull(),
    note: text('note').notNull().default(''),
    hiddenNotes: text('hidden_notes').notNull().default(''),
    eventData: jsonb('event_data').$type<Record<string, string>>().notNull(),
    status: enumColumn('status', BOOKING_STATUSES, 'draft'),
    clientValidation: enumColumn('client_validation', VALIDATION_STATES, 'pending'),
    adminValidation: enumColumn('admin_validation', VALIDATION_STATES, 'pending'),
    /** SPEC.md §3 payment.status, kept by the payments module. */
    paymentStatus: enumColumn('payment_status', BOOKING_PAYMENT_STATUSES, 'unpaid'),
    /** Surprise mode: a guest of honour does not see the programme (docs/decisions.md, "Group shares"). */
    surprise: boolean('surprise').notNull().default(false),
    cancelReason: text('cancel_reason'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** The cancellation terms in force when it was confirmed, kept as they were (docs/decisions.md, "Payments"). */
    cancellationTerms: jsonb('cancellation_terms').$type<CancellationTerms>(),
    /** When its personal data was anonymised, 3 years after its last activity (docs/decisions.md, "Data retention"). */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    ...timestampColumns(),
    /** Reference and main contact, unaccented words for the staff search (docs/decisions.md, "Volume and indexes"). */
    search: searchVector('search').generatedAlwaysAs(
      searchVectorOf(
        `reference || ' ' || coalesce(main_contact ->> 'firstName', '') || ' ' || coalesce(main_contact ->> 'lastName', '') || ' ' || coalesce(main_contact ->> 'email', '')`,
      ),
    ),
  },
  (table) => [
    uniqueIndex('booking_requests_reference').on(table.reference),
    index('booking_requests_customer').on(table.customerId, table.createdAt),
    index('booking_requests_start').on(table.startDate),
    index('booking_requests_queue_status').on(table.establishmentId, table.status, table.startDate, table.createdAt),
    // One direction throughout, the id last: the queue's cursor is one row comparison on it.
    index('booking_requests_queue_rank').on(
      table.establishmentId,
      sql`(not (status = 'draft' and client_validation = 'validated'))`,
      sql`(status in ('canceled', 'completed'))`,
      table.startDate,
      table.createdAt,
      table.id,
    ),
    index('booking_requests_search').using('gin', table.search),
    // Read by the first fill of the queue's count deltas, an index-only scan (migration queue-count-deltas).
    index('booking_requests_queue_counts').on(table.establishmentId, table.status, table.clientValidation),
  ],
);

/** Activity and service lines of a request, priced from the catalogue when written. */
export const bookingItems = pgTable(
  'booking_items',
  {
    id: idColumn(),
    bookingId: parentIdColumn('booking_id', () => bookingRequests.id),
    kind: text('kind', { enum: CATALOGUE_KINDS }).notNull(),
    catalogueItemId: foreignIdColumn('catalogue_item_id', () => catalogueItems.id),
    name: text('name').notNull(),
    category: text('category').notNull(),
    scheduledDate: date('scheduled_date', { mode: 'string' }).notNull(),
    startTime: text('start_time'),
    endTime: text('end_time'),
    participants: integer('participants').notNull(),
    /**
     * The line's count follows the booking's participant count (one of its ≤ 50 sessions): a
     * change of the booking's count re-splits these lines. False once the customer sets it by hand.
     */
    followsBookingCount: boolean('follows_booking_count').notNull().default(false),
    basePriceCents: integer('base_price_cents').notNull(),
    pricingType: text('pricing_type', { enum: PRICING_TYPES }).notNull(),
    /** A per-person line the organizer made optional: participants may opt out (docs/decisions.md, "Group shares"). */
    optional: boolean('optional').notNull().default(false),
    durationMinutes: integer('duration_minutes'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('booking_items_booking').on(table.bookingId),
    index('booking_items_slot').on(table.catalogueItemId, table.scheduledDate, table.startTime),
    index('booking_items_day').on(table.scheduledDate),
  ],
);

/** People attached to a request: the organizer (created with it) and invited participants. */
export const bookingParticipants = pgTable(
  'booking_participants',
  {
    id: idColumn(),
    bookingId: parentIdColumn('booking_id', () => bookingRequests.id),
    customerId: uuid('customer_id').references(() => customers.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    role: enumColumn('role', PARTICIPANT_ROLES, 'Participant'),
    hasConnected: boolean('has_connected').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    /** When the person left the booking themself (inactive); null when the organizer removed them, or while active. */
    leftAt: timestamp('left_at', { withTimezone: true }),
    invitationStatus: enumColumn('invitation_status', PARTICIPANT_INVITATION_STATUSES, 'invited'),
    paymentStatus: enumColumn('payment_status', PARTICIPANT_PAYMENT_STATUSES, 'pending'),
    paymentAmountCents: integer('payment_amount_cents'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The invitation link (or personal invitation) this person joined through. */
    inviteLinkId: uuid('invite_link_id'),
    /** A guest of honour pays no share (docs/decisions.md, "Group shares"). */
    guestOfHonour: boolean('guest_of_honour').notNull().default(false),
    /** Dropped from the split at the due date: owes no share, stays a participant (docs/decisions.md, "Group shares"). */
    droppedFromSplit: boolean('dropped_from_split').notNull().default(false),
    /** The last reminder to pay one's share (at most one a day; docs/decisions.md, "Group shares"). */
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('booking_participants_booking').on(table.bookingId),
    index('booking_participants_customer').on(table.customerId),
    uniqueIndex('booking_participants_booking_email').on(table.bookingId, table.email),
  ],
);
