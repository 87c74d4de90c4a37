import { z } from 'zod';
import { BOOKING_STATUSES, codesOf } from '../labels';
import { EUROS_MAX, EUROS_TOO_HIGH, successOf } from './common.schema';
import { DUE_CHOICES, GUARANTEE_SETTLEMENTS } from './guarantee.schema';
import { providerRefundView as refundView } from './refunds.schema';
import { PAYMENT_MESSAGES, PAYMENT_TYPE_LABELS } from '../payment-messages';

export { PAYMENT_MESSAGES, PAYMENT_TYPE_LABELS };

/** Payment calls of SPEC.md §7 'Payments' (under /v1/customer-booking-requests) and the back-office's (docs/decisions.md, "Payments"). */

export const PAYMENT_TYPES = codesOf(PAYMENT_TYPE_LABELS);
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_STATUS_LABELS = {
  completed: 'Payé',
  pending: 'En attente',
  failed: 'Échec',
  refunded: 'Remboursé',
} as const;
export type PaymentDisplayStatus = keyof typeof PAYMENT_STATUS_LABELS;

/** What a booking has received against its payment config (a card hold counts as 'authorized'). */
export const BOOKING_PAYMENT_STATUSES = ['unpaid', 'partial', 'paid', 'authorized'] as const;

/** Where one participant stands (a share not asked of them is 'not_required'). */
export const PARTICIPANT_PAYMENT_STATUSES = ['pending', 'not_required', 'paid'] as const;

/** A participant of a booking: its organizer or an invited participant. */
export const PARTICIPANT_ROLES = ['Organisateur', 'Participant'] as const;

/** What one money movement of a booking is (card payments and holds, cheques, captures, refunds). */
export const PAYMENT_KINDS = [
  'full',
  'partial',
  'deposit',
  'share',
  'cheque',
  'refund',
  'capture',
  'guarantee',
] as const;
/** Where one money movement stands (shown to customers as a `PaymentDisplayStatus`). */
export const PAYMENT_STATUSES = [
  'pending',
  'requires_action',
  'authorized',
  'completed',
  'failed',
  'canceled',
  'refunded',
] as const;
/** Who moved the money: the card provider (Stripe or the built-in test one) or the team by hand (a cheque). */
export const PAYMENT_PROVIDERS = ['stripe', 'test', 'manual'] as const;
/** A card payment is taken at once (`automatic`) or held and captured later (`manual`, a deposit). */
export const CAPTURE_METHODS = ['automatic', 'manual'] as const;

export const bookingPaymentParams = z.object({ id: z.string() });
export const participantPaymentParams = z.object({ id: z.string(), participantId: z.string() });

export const paymentConfigView = z.object({
  type: z.enum(PAYMENT_TYPES),
  /** Euros due now for this type (deposit amount, percentage of the total or the total). */
  amount: z.number(),
  percentage: z.number().nullable(),
  dueDate: z.string(),
  instructions: z.string(),
  contractUrl: z.string().nullable(),
  authorizationCanceled: z.boolean(),
  /** First day the card deposit hold can be placed (deposit_card), ISO day. */
  depositAvailableFrom: z.string().nullable(),
  /** A walk-in (docs/decisions.md, "Walk-ins"): confirmed at once, it takes payments until paid. */
  walkIn: z.literal(true).optional(),
});
export type PaymentConfigView = z.infer<typeof paymentConfigView>;

export const participantShare = z.object({
  id: z.string(),
  name: z.string(),
  /**
   * Shown to the organizer and the team; a participant sees only their own (absent on the others'
   * shares: no co-participant contact details, as in `bookingParticipants`; docs/decisions.md, "Product rules").
   */
  email: z.string().optional(),
  role: z.enum(PARTICIPANT_ROLES),
  paymentStatus: z.enum(PARTICIPANT_PAYMENT_STATUSES),
  paymentAmount: z.number().nullable(),
  paidAt: z.string().nullable(),
  /** Pays no share: 'not_required' (docs/decisions.md, "Group shares"). */
  guestOfHonour: z.boolean(),
  /** The last reminder to pay (organizer and team only; docs/decisions.md, "Group shares"). */
  lastReminderAt: z.string().nullable().optional(),
});

export type ParticipantShare = z.infer<typeof participantShare>;

/**
 * The organizer's guarantee and their choice at the due date, as the organizer and the team see it
 * (docs/decisions.md, "The organizer's guarantee"); absent for a participant.
 */
export const organizerGuarantee = z.object({
  /** The card can be saved (a provider with saved cards, the booking still payable). */
  available: z.boolean(),
  saved: z.boolean(),
  settlement: z.enum(GUARANTEE_SETTLEMENTS).nullable(),
  chargeAt: z.string(),
  dueChoice: z.object({
    /** From D-2 until the due date, while shares are unpaid and nothing was chosen. */
    open: z.boolean(),
    madeChoice: z.enum(DUE_CHOICES).nullable(),
    unpaidAmount: z.number(),
  }),
});
export type OrganizerGuarantee = z.infer<typeof organizerGuarantee>;

export const collectiveStatus = z.object({
  enabled: z.boolean(),
  progressPercentage: z.number(),
  paidParticipants: z.number().int(),
  totalParticipants: z.number().int(),
  remainingParticipants: z.number().int(),
  isComplete: z.boolean(),
  amountPerParticipant: z.number(),
  totalAmount: z.number(),
  paidAmount: z.number(),
  participants: z.array(participantShare),
  guarantee: organizerGuarantee.optional(),
});
export type CollectiveStatus = z.infer<typeof collectiveStatus>;
export const collectiveStatusResponse = successOf(collectiveStatus);

export const bookingPayment = z.object({
  config: paymentConfigView.nullable(),
  status: z.enum(BOOKING_PAYMENT_STATUSES),
  totalAmount: z.number().nullable(),
  collective: collectiveStatus.nullable(),
});
export type BookingPayment = z.infer<typeof bookingPayment>;

export const participantPaymentStatus = z.object({
  canPay: z.boolean(),
  amount: z.number(),
  status: z.enum(PARTICIPANT_PAYMENT_STATUSES),
  paidAt: z.string().nullable(),
});
export const participantPaymentResponse = successOf(participantPaymentStatus);

export const intentStatus = z.enum([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
]);
export type IntentStatus = z.infer<typeof intentStatus>;

export const paymentIntentView = z.object({
  client_secret: z.string(),
  intentId: z.string(),
  amount: z.number(),
  status: intentStatus,
  payment_mode: z.enum(['stripe', 'test']),
  captureMethod: z.enum(CAPTURE_METHODS),
});
export type PaymentIntentView = z.infer<typeof paymentIntentView>;
export const paymentIntentResponse = successOf(paymentIntentView);

/** The client's amount, if any, is ignored: amounts are computed by the server only. */
export const organizerIntentBody = z.object({ amount: z.unknown().optional() }).passthrough().nullish();
export const participantPaymentBody = z.object({}).passthrough().nullish();

export const stripeConfirmBody = z.object({
  intentId: z.string({ error: 'Paiement introuvable' }).min(1, 'Paiement introuvable').max(255),
  participantId: z.string().max(100).optional(),
});

export const paymentOutcome = z.object({
  intentId: z.string(),
  intentStatus,
  paymentStatus: z.enum(BOOKING_PAYMENT_STATUSES),
  bookingStatus: z.enum(BOOKING_STATUSES),
});
export type PaymentOutcome = z.infer<typeof paymentOutcome>;
export const paymentOutcomeResponse = successOf(paymentOutcome).extend({ message: z.string() });

/**
 * Test provider only: the built-in card form posts the card here (never a real card: the test
 * provider refuses to run when Stripe keys are configured).
 */
export const testCardBody = z.object({
  intentId: z.string({ error: 'Paiement introuvable' }).min(1, 'Paiement introuvable').max(255),
  cardNumber: z.string({ error: 'Le numéro de carte est requis' }).max(40, PAYMENT_MESSAGES.cardInvalid),
  /** The answer to the 3-D Secure challenge of 4000 0025 0000 3155. */
  authentication: z.enum(['approve', 'refuse']).optional(),
});
export const testCardResult = z.object({
  intentId: z.string(),
  status: intentStatus,
  error: z.string().nullable(),
});
export const testCardResponse = successOf(testCardResult);

export const depositAuthorizationStatus = z.object({
  authorization_created: z.boolean(),
  authorization_confirmed: z.boolean(),
  amount: z.number(),
  client_secret: z.string().nullable(),
  intentId: z.string().nullable(),
  status: z.enum(['none', 'pending', 'authorized', 'captured', 'released']),
  availableFrom: z.string(),
  canAuthorizeNow: z.boolean(),
  /** Whether the card can be saved for a hold placed later ('unavailable': the test provider). */
  savedCard: z.enum(['unavailable', 'none', 'saved']),
  /** Why the last hold failed (a decline, an authentication asked): the organizer authorizes it here. */
  failure: z.string().nullable(),
});
export const depositAuthorizationResponse = successOf(depositAuthorizationStatus);
export const completeDepositBody = z.object({ intentId: z.string().max(255).optional() }).nullish();

export const nextStepItem = z.object({
  title: z.string(),
  description: z.string(),
  status: z.enum(['completed', 'current', 'upcoming', 'expired', 'in_progress']),
  progress: z.number(),
  action: z.string().nullable(),
  actionUrl: z.string().nullable(),
  actionLabel: z.string().nullable(),
});
export type NextStepItem = z.infer<typeof nextStepItem>;
export const nextStepsResponse = successOf(z.object({ steps: z.array(nextStepItem) }));

export const paymentHistoryItem = z.object({
  _id: z.string(),
  bookingId: z.string(),
  bookingRequestId: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  amount: z.number(),
  status: z.enum(['completed', 'pending', 'failed', 'refunded']),
  statusLabel: z.string(),
  createdAt: z.string(),
  contractUrl: z.string().nullable(),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItem>;
export const paymentHistoryResponse = successOf(
  z.object({
    payments: z.array(paymentHistoryItem),
    contracts: z.array(z.object({ bookingId: z.string(), bookingRequestId: z.string(), contractUrl: z.string() })),
  }),
);

export const staffPaymentRow = z.object({
  _id: z.string(),
  kind: paymentHistoryItem.shape.kind,
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  providerIntentId: z.string().nullable(),
  participantId: z.string().nullable(),
  payerName: z.string().nullable(),
  captured: z.number(),
  refunded: z.number(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
});
export const staffPaymentsResponse = successOf(
  z.object({ payment: bookingPayment, payments: z.array(staffPaymentRow), refunds: z.array(refundView) }),
);

export const refundBody = z
  .object({
    /** The terms allow the park to withhold a 10 € fee; it does unless told otherwise. */
    withFee: z.boolean().optional(),
    /** Weather or force majeure: full refund (SPEC.md §9). */
    parkCancels: z.boolean().optional(),
  })
  .nullish();
export const refundResult = z.object({
  refunded: z.number(),
  rate: z.number(),
  fee: z.number(),
  paid: z.number(),
});
export const refundResponse = successOf(refundResult).extend({ message: z.string() });

export const depositCaptureBody = z.object({
  amount: z
    .number({ error: PAYMENT_MESSAGES.amountInvalid })
    .positive(PAYMENT_MESSAGES.amountInvalid)
    .max(EUROS_MAX, EUROS_TOO_HIGH),
});
export const depositCaptureResponse = successOf(z.object({ captured: z.number(), released: z.number() })).extend({
  message: z.string(),
});
