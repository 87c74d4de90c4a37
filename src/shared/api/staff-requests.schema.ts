import { z } from 'zod';
import { PAGING_MESSAGES, pagingQuery, requiredString, successOf, successWithMessageOf } from './common.schema';
import { BOOKING_STATUSES, EVENT_TYPES } from '../labels';
import { PAYMENT_ALERT_KINDS } from '../payment-alerts';
import { bookingRequestSummary, mainContact, VALIDATION_STATES } from './booking-request.schema';
import { bookingParticipant, detailLine, pagination, person } from './customer-booking.schema';
import {
  BOOKING_PAYMENT_STATUSES,
  PAYMENT_KINDS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  type PaymentType,
} from './payments.schema';
import { STAFF_MESSAGES, tooLong, flag, optionalDay, euros, wholeFrom1 } from './staff-common.schema';

/**
 * The request queue, a request's detail for the team and the actions on it. Money travels in euros
 * with two decimals like everywhere else; the server stores cents.
 */

export const QUEUE_SORTS = [
  /** Waiting on the team first (client validated, admin pending), then by first event day. */
  'priority',
  'startDate',
  '-startDate',
  'createdAt',
  '-createdAt',
  'reference',
  '-reference',
] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/** GET /api/v1/staff/booking-requests (all filters optional; the query string form). */
export const staffQueueQuery = z.object({
  status: z.enum(BOOKING_STATUSES, { error: 'Statut inconnu' }).optional(),
  clientValidation: z.enum(VALIDATION_STATES, { error: 'Validation client inconnue' }).optional(),
  adminValidation: z.enum(VALIDATION_STATES, { error: 'Validation équipe inconnue' }).optional(),
  /** First event day on or after / on or before (yyyy-MM-dd). */
  from: optionalDay,
  to: optionalDay,
  /** The main event type (evg-evjf, anniv, group, company, act). */
  bookingType: z.enum(EVENT_TYPES, { error: 'Type d’événement inconnu' }).optional(),
  /** Reference, organizer or contact name, e-mail (case-insensitive, contains). */
  q: z.string().trim().max(100, tooLong(100)).optional(),
  sort: z.enum(QUEUE_SORTS, { error: 'Tri inconnu' }).default('priority'),
  ...pagingQuery(25),
  /** The page after this one: the `nextCursor` of the previous answer (keyset paging; `page` is then ignored). */
  cursor: z.guid({ error: PAGING_MESSAGES.cursor }).optional(),
});
export type StaffQueueQuery = z.input<typeof staffQueueQuery>;

/** The team sees the organizer's phone number. */
const organizer = person.extend({ phone: z.string().nullable() });

/** A payment the team must watch (src/shared/payment-alerts.ts): overdue, or a card hold about to lapse. */
export const paymentAlert = z.object({ kind: z.enum(PAYMENT_ALERT_KINDS), at: z.string() });

export const queueItem = z.object({
  _id: z.string(),
  bookingRequestId: z.string(),
  bookingType: z.string(),
  type: z.string(),
  participants: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(BOOKING_STATUSES),
  clientValidation: z.enum(VALIDATION_STATES),
  adminValidation: z.enum(VALIDATION_STATES),
  paymentStatus: z.enum(BOOKING_PAYMENT_STATUSES),
  /** Client validated and admin pending: the team has to act. */
  waitingOnTeam: z.boolean(),
  paymentAlerts: z.array(paymentAlert),
  organizer,
  mainContact,
  estimatedTotal: z.number(),
  /** The payment config's type and due date when one is set. */
  paymentType: z.string().nullable(),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  lastModified: z.string(),
});
export type QueueItem = z.infer<typeof queueItem>;

/** Counts per status over the whole park (not narrowed by the filters), plus the team's to-do count. */
export const queueCounts = z.object({
  all: z.number().int(),
  draft: z.number().int(),
  prebooked: z.number().int(),
  confirmed: z.number().int(),
  canceled: z.number().int(),
  completed: z.number().int(),
  waitingOnTeam: z.number().int(),
});
export type QueueCounts = z.infer<typeof queueCounts>;

export const staffQueueResponse = successOf(
  z.object({
    bookingRequests: z.array(queueItem),
    pagination,
    counts: queueCounts,
    /** The `cursor` of the next page, null on the last one. */
    nextCursor: z.string().nullable(),
  }),
);
export type StaffQueueResponse = z.infer<typeof staffQueueResponse>;

// ─── Request detail ────────────────────────────────────────────────────────────────────────

// The types are the payments module's; the team's labels are their own (shorter for the queue).
export { PAYMENT_TYPES, type PaymentType } from './payments.schema';
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  deposit_check: 'Chèque de caution',
  deposit_card: 'Empreinte bancaire (caution par carte)',
  partial_payment_card: 'Acompte par carte',
  full_payment_organizer: 'Paiement complet par l’organisateur',
  collective_payment: 'Paiement collectif',
};

export const paymentConfig = z.object({
  type: z.enum(PAYMENT_TYPES),
  /** The quote total (€). */
  totalAmount: z.number(),
  /** Deposit amount (€) for deposit_check / deposit_card; null otherwise. */
  amount: z.number().nullable(),
  /** partial_payment_card: the share paid now (1–100); null otherwise. */
  percentage: z.number().int().nullable(),
  /** What the customer is asked to pay (or hold) now, computed by the server (€). */
  amountDue: z.number(),
  dueDate: z.string(),
  instructions: z.string(),
  contractUrl: z.string().nullable(),
  authorizationCanceled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentConfig = z.infer<typeof paymentConfig>;

export const paymentRecord = z.object({
  _id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  participantId: z.string().nullable(),
  capturedAmount: z.number(),
  refundedAmount: z.number(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;

export const paymentState = z.object({
  status: z.enum(BOOKING_PAYMENT_STATUSES),
  /** Completed money in (cards, shares, cheques excluded: a cheque deposit is a guarantee, not a payment). */
  paidAmount: z.number(),
  refundedAmount: z.number(),
  payments: z.array(paymentRecord),
});
export type PaymentState = z.infer<typeof paymentState>;

/**
 * A mail's delivery: 'pending' until sent, 'sent', 'failed' after the last try, 'recorded' when no
 * mail server is configured (the outbox is then the record).
 */
export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'recorded'] as const;

export const outboxEmail = z.object({
  _id: z.string(),
  template: z.string(),
  to: z.string(),
  subject: z.string(),
  /** Secrets (temporary passwords, login-link tokens) are masked. */
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
  status: z.enum(MAIL_STATUSES),
  /** Delivery attempts so far; `lastError` is the last one's failure. */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof outboxEmail>;

/** Who an audit entry is by: a staff member, a customer, or the server itself (sweeps, the payment provider). */
export const AUDIT_ACTOR_TYPES = ['staff', 'customer', 'system'] as const;

/**
 * Every action the server writes to a booking's audit trail (src/server/modules, every
 * `recordAudit`); the back-office has a French title for each (request-history-labels.ts, typed on
 * this list). An entry read back stays a string: an older screen reads a newer code as « Autre
 * action enregistrée ».
 */
export const AUDIT_ACTIONS = [
  // the organizer
  'client_validate',
  'client_edit',
  'invite_link_created',
  'invite_link_revoked',
  'participant_invited',
  'participant_removed',
  'guest_of_honour',
  'optional_line',
  'opt_out',
  'guarantee_saved',
  'due_choice',
  'share_reminder_staff',
  'surprise',
  // a participant joining through a link
  'participant_joined',
  // the team
  'validate',
  'payment_config',
  'cheque_received',
  'cancel',
  'complete',
  'schedule',
  'refund',
  'refund_retried',
  'refund_resolved',
  'deposit_capture',
  'payments_released',
  // the sweeps
  'option_released',
  'auto_complete',
  // the deadline ladder's jobs (docs/decisions.md, "The organizer's guarantee")
  'deadline_reminders',
  'due_choice_asked',
  'guarantee_failed',
  'guarantee_refund',
  'share_refund',
  // card payments, as the provider reports them
  'payment_received',
  'deposit_authorized',
  'hold_released',
  'payment_refused',
  'late_refund',
  'payment_confirmed',
  // the day on site (reception)
  'check_in',
  'waiver_on_site',
  'check_out',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntry = z.object({
  _id: z.string(),
  actorType: z.enum(AUDIT_ACTOR_TYPES),
  actorId: z.string().nullable(),
  actorName: z.string(),
  /** One of AUDIT_ACTIONS (a plain string: a newer server's code still parses). */
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const refundQuote = z.object({
  daysBefore: z.number().int(),
  rate: z.number(),
  paidAmount: z.number(),
  grossAmount: z.number(),
  feeAmount: z.number(),
  refundAmount: z.number(),
});
export type RefundQuoteDto = z.infer<typeof refundQuote>;

/** A booking's frozen cancellation terms (src/shared/refund-policy.ts `CancellationTerms`). */
export const cancellationTerms = z.object({
  version: z.string(),
  tiers: z.array(z.object({ minDaysBefore: z.number().int(), rate: z.number() })),
  feeCents: z.number().int(),
  parkCancels: z.literal('full_refund_or_postponement'),
});

export const staffBookingDetail = bookingRequestSummary.extend({
  bookingActivities: z.array(detailLine),
  bookingServices: z.array(detailLine),
  organizer,
  bookingParticipants: z.array(bookingParticipant),
  activities: z.array(z.object({ name: z.string(), date: z.string() })),
  hiddenNotes: z.string(),
  eventData: z.record(z.string(), z.string()),
  paymentStatus: z.enum(BOOKING_PAYMENT_STATUSES),
  cancelReason: z.string().nullable(),
  canceledAt: z.string().nullable(),
  /** The terms kept when it was confirmed; null before (the current terms apply). */
  cancellationTerms: cancellationTerms.nullable(),
  waitingOnTeam: z.boolean(),
  paymentAlerts: z.array(paymentAlert),
  paymentConfig: paymentConfig.nullable(),
  paymentState,
  /** What a cancellation today would refund (SPEC.md §9), on what was paid. */
  refundQuote,
  emails: z.array(outboxEmail),
  auditTrail: z.array(auditEntry),
  /** Which actions the rules allow now (the server checks again). */
  allowedActions: z.object({
    validate: z.boolean(),
    paymentConfig: z.boolean(),
    chequeReceived: z.boolean(),
    cancel: z.boolean(),
    complete: z.boolean(),
    schedule: z.boolean(),
  }),
});
export type StaffBookingDetail = z.infer<typeof staffBookingDetail>;

export const staffBookingDetailResponse = successWithMessageOf(staffBookingDetail, z.string().optional());
export type StaffBookingDetailResponse = z.infer<typeof staffBookingDetailResponse>;

// ─── Actions ──────────────────────────────────────────────────────────────────────────────

/**
 * PUT .../{id}/payment-config. totalAmount defaults to the estimate of the lines; dueDate (ISO date-time)
 * defaults to 24 h from now (terms of sale: an option is held 24 h).
 */
export const paymentConfigBody = z.object({
  type: z.enum(PAYMENT_TYPES, { error: STAFF_MESSAGES.paymentConfigType }),
  totalAmount: euros(STAFF_MESSAGES.paymentConfigTotal).positive(STAFF_MESSAGES.paymentConfigTotal).optional(),
  amount: euros(STAFF_MESSAGES.paymentConfigAmount).positive(STAFF_MESSAGES.paymentConfigAmount).nullish(),
  percentage: wholeFrom1(100, STAFF_MESSAGES.paymentConfigPercentage).nullish(),
  dueDate: z.iso.datetime({ offset: true, error: STAFF_MESSAGES.paymentConfigDueDate }).optional(),
  instructions: z
    .string({ error: 'Instructions invalides' })
    .max(2000, 'Les instructions ne peuvent pas dépasser 2000 caractères')
    .default(''),
});
export type PaymentConfigBody = z.input<typeof paymentConfigBody>;

/** POST .../{id}/cancel */
export const cancelBody = z.object({
  reason: requiredString(STAFF_MESSAGES.cancelReason, 1000, tooLong(1000)),
  /** The terms say the 10 € fee "may" be withheld: the team decides (default: withheld). */
  withFee: flag().default(true),
  /** The park cancels (weather, force majeure): everything paid is refunded. */
  parkCancels: flag().default(false),
});
export type CancelBody = z.input<typeof cancelBody>;

/** Every action answers the updated detail. Cancel adds the refund quote it computed. */
export const actionResponse = successWithMessageOf(staffBookingDetail);
export type ActionResponse = z.infer<typeof actionResponse>;

export const cancelResponse = successWithMessageOf(z.object({ booking: staffBookingDetail, refundQuote }));
export type CancelResponse = z.infer<typeof cancelResponse>;

/** PUT .../{id}/schedule: the customer's PUT body without the editing lock (same capacity rules). */
export { staffScheduleBody } from './customer-booking.schema';
