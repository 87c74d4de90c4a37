import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { BOOKING_STATUSES, CATALOGUE_CATEGORIES, EVENT_TYPES, PRICING_TYPES, WEEKDAYS } from '../labels';
import { PAYMENT_ALERT_KINDS } from '../payment-alerts';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../validation';
import { bookingRequestSummary, isCalendarDay, mainContact } from './booking-request.schema';
import { catalogueItemDetail } from './catalogue.schema';
import { bookingParticipant, detailLine, pagination, person } from './customer-booking.schema';
import { establishmentInfo } from './establishment.schema';

/**
 * The park team's back-office calls (issue 13, DESIGN.md §5), under /api/v1/staff. Money travels in
 * euros with two decimals like everywhere else; the server stores cents.
 */

// ─── Messages ────────────────────────────────────────────────────────────────────────────────

export const STAFF_MESSAGES = {
  loggedIn: 'Connexion réussie',
  loggedOut: 'Déconnexion réussie',
  setupDone: 'Compte administrateur créé',
  setupInvalid: 'Ce lien de création du premier compte est invalide ou a expiré',
  setupClosed: 'Un compte du personnel existe déjà : connectez-vous',
  emailTaken: 'Un compte du personnel existe déjà avec cet email',
  adminOnly: 'Action réservée aux administrateurs',
  validated: 'Demande validée par l’équipe',
  validateNeedsClient: 'Le client doit d’abord valider sa demande',
  alreadyValidated: 'La demande est déjà validée par l’équipe',
  paymentConfigSaved: 'Configuration du paiement enregistrée : le devis a été envoyé au client',
  paymentConfigNeedsClient: 'Le client doit d’abord valider sa demande avant la configuration du paiement',
  paymentConfigClosed: 'Le paiement ne peut plus être configuré pour cette réservation',
  paymentConfigAmount: 'Le montant de l’acompte est requis',
  paymentConfigAmountTooHigh: 'Le montant de l’acompte ne peut pas dépasser le total',
  paymentConfigPercentage: 'Le pourcentage doit être compris entre 1 et 100',
  paymentConfigTotal: 'Le montant total doit être supérieur à 0',
  paymentConfigDueDate: 'La date d’échéance doit être dans le futur',
  paymentConfigType: 'Veuillez choisir un mode de paiement',
  paymentConfigAlreadyPaid: 'Un paiement a déjà été reçu : le mode de paiement ne peut plus changer',
  chequeReceived: 'Chèque de caution enregistré : la réservation est confirmée',
  chequeNotDepositCheck: 'Cette réservation n’est pas réglée par chèque de caution',
  chequeNotPrebooked: 'Seule une réservation pré-réservée peut être confirmée',
  canceled: 'Réservation annulée',
  cancelReason: 'Le motif d’annulation est requis',
  alreadyCanceled: 'Cette réservation est déjà annulée',
  completed: 'Réservation terminée',
  completeTooEarly: 'La réservation ne peut être terminée qu’à partir de son premier jour',
  scheduleSaved: 'Programme mis à jour',
  scheduleClosed: 'Le programme d’une réservation annulée ou terminée ne peut plus être modifié',
  catalogueCreated: 'Élément du catalogue créé',
  catalogueUpdated: 'Élément du catalogue mis à jour',
  pictureSaved: 'Image enregistrée',
  pictureMissing: 'Veuillez choisir une image',
  pictureType: 'Format d’image non accepté : JPEG, PNG ou WebP uniquement',
  pictureTooLarge: 'L’image ne doit pas dépasser 5 Mo',
  pictureUnreadable: 'Cette image ne peut pas être lue',
  establishmentSaved: 'Informations de l’établissement mises à jour',
  nameRequired: 'Le nom est requis',
  categoryInvalid: 'Veuillez choisir une catégorie',
  priceInvalid: 'Le prix doit être un nombre positif',
  durationInvalid: 'La durée doit être un nombre entier de minutes',
  timeInvalid: 'Heure invalide (format HH:MM)',
  slotOrder: 'L’heure de fin doit être après l’heure de début',
  slotDuplicate: 'Deux créneaux commencent à la même heure le même jour',
  capacityInvalid: 'La capacité doit être un nombre entier positif',
  emailInvalid: 'Email invalide',
  phoneInvalid: 'Format de téléphone invalide',
  dateInvalid: 'Date invalide (format AAAA-MM-JJ)',
  catalogueNotFound: 'Élément du catalogue non trouvé',
  accountCreated: 'Compte du personnel créé',
  accountUpdated: 'Compte du personnel mis à jour',
  accountNotFound: 'Compte du personnel non trouvé',
  lastAdmin: 'Il doit rester au moins un administrateur actif',
  selfDisable: 'Vous ne pouvez pas désactiver votre propre compte',
} as const;

/** Zod's own messages are English: every input field of these calls names its French one. */
const tooLong = (max: number) => `Ce texte ne peut pas dépasser ${max} caractères`;
const flag = () => z.boolean({ error: 'Valeur invalide : oui ou non attendu' });
const pageNumber = (fallback: number) =>
  z.coerce
    .number({ error: 'Numéro de page invalide' })
    .int('Numéro de page invalide')
    .min(1, 'Numéro de page invalide')
    .max(100_000, 'Numéro de page invalide')
    .default(fallback);
const pageSize = (fallback: number) =>
  z.coerce
    .number({ error: 'Nombre de lignes par page invalide (1 à 100)' })
    .int('Nombre de lignes par page invalide (1 à 100)')
    .min(1, 'Nombre de lignes par page invalide (1 à 100)')
    .max(100, 'Nombre de lignes par page invalide (1 à 100)')
    .default(fallback);

// ─── Staff accounts and sessions ───────────────────────────────────────────────────────────

export const STAFF_ROLES = ['admin', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: 'Administrateur', staff: 'Équipe' };

export const staffMember = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(['active', 'disabled']),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

const emailField = z
  .string({ error: 'Email requis' })
  .trim()
  .min(1, 'Email requis')
  .max(254, 'Email invalide')
  .regex(EMAIL_PATTERN, 'Email invalide');

/** POST /api/v1/staff/auth/login */
export const staffLoginBody = z.object({
  email: z.string({ error: 'Email requis' }).trim().min(1, 'Email requis').max(254, 'Email invalide'),
  password: z.string({ error: 'Mot de passe requis' }).min(1, 'Mot de passe requis').max(200, 'Mot de passe trop long'),
});
export type StaffLoginBody = z.input<typeof staffLoginBody>;

export const staffSessionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ token: z.string(), staff: staffMember }),
});
export type StaffSessionResponse = z.infer<typeof staffSessionResponse>;

/** GET /api/v1/staff/auth/me */
export const staffMeResponse = z.object({ success: z.literal(true), data: z.object({ staff: staffMember }) });
export type StaffMeResponse = z.infer<typeof staffMeResponse>;

/** POST /api/v1/staff/auth/setup: the first admin, with the single-use link printed at server start. */
export const staffSetupBody = z.object({
  token: z
    .string({ error: STAFF_MESSAGES.setupInvalid })
    .min(1, STAFF_MESSAGES.setupInvalid)
    .max(200, STAFF_MESSAGES.setupInvalid),
  email: emailField,
  firstName: z.string({ error: 'Prénom requis' }).trim().min(1, 'Prénom requis').max(100, 'Prénom trop long'),
  lastName: z.string({ error: 'Nom requis' }).trim().min(1, 'Nom requis').max(100, 'Nom trop long'),
  password: z
    .string({ error: 'Mot de passe requis' })
    .min(1, 'Mot de passe requis')
    .min(PASSWORD_MIN_LENGTH, 'Minimum 6 caractères')
    .max(200, 'Mot de passe trop long'),
});
export type StaffSetupBody = z.input<typeof staffSetupBody>;

/** GET /api/v1/staff/auth/setup/{token}: whether the link can still be used (the renderer's setup page). */
export const staffSetupStatusResponse = z.object({ success: z.literal(true), data: z.object({ valid: z.boolean() }) });

export const staffMessageResponse = z.object({ success: z.literal(true), message: z.string() });
export type StaffMessageResponse = z.infer<typeof staffMessageResponse>;

// ─── Staff accounts (admin) ─────────────────────────────────────────────────────────────────

/** POST /api/v1/staff/accounts: a new team member with a first password (the same rules as customers'). */
export const staffAccountCreateBody = z.object({
  email: emailField,
  firstName: z.string({ error: 'Prénom requis' }).trim().min(1, 'Prénom requis').max(100, 'Prénom trop long'),
  lastName: z.string({ error: 'Nom requis' }).trim().min(1, 'Nom requis').max(100, 'Nom trop long'),
  role: z.enum(STAFF_ROLES, { error: 'Rôle invalide' }),
  password: z
    .string({ error: 'Mot de passe requis' })
    .min(1, 'Mot de passe requis')
    .min(PASSWORD_MIN_LENGTH, 'Minimum 6 caractères')
    .max(200, 'Mot de passe trop long'),
});
export type StaffAccountCreateBody = z.input<typeof staffAccountCreateBody>;

/** PUT /api/v1/staff/accounts/{id}: role, names or status ('disabled' closes every session at once). */
export const staffAccountUpdateBody = z.object({
  firstName: z.string().trim().min(1, 'Prénom requis').max(100, 'Prénom trop long').optional(),
  lastName: z.string().trim().min(1, 'Nom requis').max(100, 'Nom trop long').optional(),
  role: z.enum(STAFF_ROLES, { error: 'Rôle invalide' }).optional(),
  status: z.enum(['active', 'disabled'], { error: 'Statut invalide' }).optional(),
});
export type StaffAccountUpdateBody = z.input<typeof staffAccountUpdateBody>;

/** GET /api/v1/staff/accounts */
export const staffAccountsResponse = z.object({ success: z.literal(true), data: z.array(staffMember) });
export type StaffAccountsResponse = z.infer<typeof staffAccountsResponse>;
export const staffAccountResponse = z.object({ success: z.literal(true), message: z.string(), data: staffMember });
export type StaffAccountResponse = z.infer<typeof staffAccountResponse>;

// ─── Request queue ───────────────────────────────────────────────────────────────────────────

const optionalDay = z
  .string()
  .refine((value) => isCalendarDay(value), STAFF_MESSAGES.dateInvalid)
  .optional();

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
  clientValidation: z.enum(['pending', 'validated'], { error: 'Validation client inconnue' }).optional(),
  adminValidation: z.enum(['pending', 'validated'], { error: 'Validation équipe inconnue' }).optional(),
  /** First event day on or after / on or before (yyyy-MM-dd). */
  from: optionalDay,
  to: optionalDay,
  /** The main event type (evg-evjf, anniv, group, company, act). */
  bookingType: z.enum(EVENT_TYPES, { error: 'Type d’événement inconnu' }).optional(),
  /** Reference, organizer or contact name, e-mail (case-insensitive, contains). */
  q: z.string().trim().max(100, tooLong(100)).optional(),
  sort: z.enum(QUEUE_SORTS, { error: 'Tri inconnu' }).default('priority'),
  page: pageNumber(1),
  limit: pageSize(25),
});
export type StaffQueueQuery = z.input<typeof staffQueueQuery>;

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
  clientValidation: z.enum(['pending', 'validated']),
  adminValidation: z.enum(['pending', 'validated']),
  paymentStatus: z.enum(['unpaid', 'partial', 'paid', 'authorized']),
  /** Client validated and admin pending: the team has to act. */
  waitingOnTeam: z.boolean(),
  paymentAlerts: z.array(paymentAlert),
  organizer: person.extend({ phone: z.string().nullable() }),
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

export const staffQueueResponse = z.object({
  success: z.literal(true),
  data: z.object({ bookingRequests: z.array(queueItem), pagination, counts: queueCounts }),
});
export type StaffQueueResponse = z.infer<typeof staffQueueResponse>;

// ─── Request detail ────────────────────────────────────────────────────────────────────────

export const PAYMENT_TYPES = [
  'deposit_check',
  'deposit_card',
  'partial_payment_card',
  'full_payment_organizer',
  'collective_payment',
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  deposit_check: 'Chèque de caution',
  deposit_card: 'Empreinte bancaire (caution par carte)',
  partial_payment_card: 'Paiement partiel par carte',
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
  kind: z.enum(['full', 'partial', 'deposit', 'share', 'cheque', 'refund', 'capture']),
  amount: z.number(),
  status: z.enum(['pending', 'requires_action', 'authorized', 'completed', 'failed', 'canceled', 'refunded']),
  provider: z.enum(['stripe', 'test', 'manual']),
  participantId: z.string().nullable(),
  capturedAmount: z.number(),
  refundedAmount: z.number(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;

export const paymentState = z.object({
  status: z.enum(['unpaid', 'partial', 'paid', 'authorized']),
  /** Completed money in (cards, shares, cheques excluded: a cheque deposit is a guarantee, not a payment). */
  paidAmount: z.number(),
  refundedAmount: z.number(),
  payments: z.array(paymentRecord),
});
export type PaymentState = z.infer<typeof paymentState>;

export const outboxEmail = z.object({
  _id: z.string(),
  template: z.string(),
  to: z.string(),
  subject: z.string(),
  /** Secrets (temporary passwords, login-link tokens) are masked. */
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type OutboxEmail = z.infer<typeof outboxEmail>;

export const auditEntry = z.object({
  _id: z.string(),
  actorType: z.enum(['staff', 'customer', 'system']),
  actorId: z.string().nullable(),
  actorName: z.string(),
  /** e.g. validate, payment_config, cheque_received, cancel, complete, schedule, option_released, auto_complete. */
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

export const staffBookingDetail = bookingRequestSummary.extend({
  bookingActivities: z.array(detailLine),
  bookingServices: z.array(detailLine),
  organizer: person.extend({ phone: z.string().nullable() }),
  bookingParticipants: z.array(bookingParticipant),
  activities: z.array(z.object({ name: z.string(), date: z.string() })),
  hiddenNotes: z.string(),
  eventData: z.record(z.string(), z.string()),
  paymentStatus: z.enum(['unpaid', 'partial', 'paid', 'authorized']),
  cancelReason: z.string().nullable(),
  canceledAt: z.string().nullable(),
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

export const staffBookingDetailResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: staffBookingDetail,
});
export type StaffBookingDetailResponse = z.infer<typeof staffBookingDetailResponse>;

// ─── Actions ──────────────────────────────────────────────────────────────────────────────

const euros = (message: string) => z.number({ error: message }).finite(message).min(0, message).max(1_000_000, message);

/**
 * PUT .../{id}/payment-config. totalAmount defaults to the estimate of the lines; dueDate (ISO date-time)
 * defaults to 24 h from now (terms of sale: an option is held 24 h).
 */
export const paymentConfigBody = z.object({
  type: z.enum(PAYMENT_TYPES, { error: STAFF_MESSAGES.paymentConfigType }),
  totalAmount: euros(STAFF_MESSAGES.paymentConfigTotal).positive(STAFF_MESSAGES.paymentConfigTotal).optional(),
  amount: euros(STAFF_MESSAGES.paymentConfigAmount).positive(STAFF_MESSAGES.paymentConfigAmount).nullish(),
  percentage: z
    .number({ error: STAFF_MESSAGES.paymentConfigPercentage })
    .int(STAFF_MESSAGES.paymentConfigPercentage)
    .min(1, STAFF_MESSAGES.paymentConfigPercentage)
    .max(100, STAFF_MESSAGES.paymentConfigPercentage)
    .nullish(),
  dueDate: z.iso.datetime({ offset: true, error: STAFF_MESSAGES.paymentConfigDueDate }).optional(),
  instructions: z
    .string({ error: 'Instructions invalides' })
    .max(2000, 'Les instructions ne peuvent pas dépasser 2000 caractères')
    .default(''),
});
export type PaymentConfigBody = z.input<typeof paymentConfigBody>;

/** POST .../{id}/cancel */
export const cancelBody = z.object({
  reason: z
    .string({ error: STAFF_MESSAGES.cancelReason })
    .trim()
    .min(1, STAFF_MESSAGES.cancelReason)
    .max(1000, tooLong(1000)),
  /** The terms say the 10 € fee "may" be withheld: the team decides (default: withheld). */
  withFee: flag().default(true),
  /** The park cancels (weather, force majeure): everything paid is refunded. */
  parkCancels: flag().default(false),
});
export type CancelBody = z.input<typeof cancelBody>;

/** Every action answers the updated detail. Cancel adds the refund quote it computed. */
export const actionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: staffBookingDetail,
});
export type ActionResponse = z.infer<typeof actionResponse>;

export const cancelResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ booking: staffBookingDetail, refundQuote }),
});
export type CancelResponse = z.infer<typeof cancelResponse>;

/** PUT .../{id}/schedule: the customer's PUT body without the editing lock (same capacity rules). */
export { updateBookingBody as staffScheduleBody } from './customer-booking.schema';

// ─── Catalogue (admin) ─────────────────────────────────────────────────────────────────────

const hhmm = z
  .string({ error: STAFF_MESSAGES.timeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, STAFF_MESSAGES.timeInvalid);

export const timeSlotInput = z
  .object({
    day: z.enum(WEEKDAYS, { error: 'Jour de la semaine inconnu' }),
    startTime: hhmm,
    endTime: hhmm,
    isActive: flag().default(true),
    capacity: z
      .number({ error: STAFF_MESSAGES.capacityInvalid })
      .int(STAFF_MESSAGES.capacityInvalid)
      .min(1, STAFF_MESSAGES.capacityInvalid)
      .max(10_000, STAFF_MESSAGES.capacityInvalid)
      .nullish()
      .transform((value) => value ?? null),
  })
  .refine((slot) => slot.endTime > slot.startTime, { message: STAFF_MESSAGES.slotOrder, path: ['endTime'] });
export type TimeSlotInput = z.input<typeof timeSlotInput>;

const timeSlotsField = z
  .array(timeSlotInput)
  .max(200, 'Trop de créneaux (200 au plus)')
  .refine(
    (slots) => new Set(slots.map((slot) => `${slot.day} ${slot.startTime}`)).size === slots.length,
    STAFF_MESSAGES.slotDuplicate,
  );

/** POST /api/v1/staff/catalogue/{activities|services} */
export const catalogueItemBody = z.object({
  name: z
    .string({ error: STAFF_MESSAGES.nameRequired })
    .trim()
    .min(1, STAFF_MESSAGES.nameRequired)
    .max(200, tooLong(200)),
  category: z.enum(CATALOGUE_CATEGORIES, { error: STAFF_MESSAGES.categoryInvalid }),
  description: z.string({ error: 'Description invalide' }).trim().max(5000, tooLong(5000)).default(''),
  pricing: z.object(
    {
      basePrice: euros(STAFF_MESSAGES.priceInvalid),
      pricingType: z.enum(PRICING_TYPES, { error: 'Type de tarif inconnu' }),
    },
    { error: STAFF_MESSAGES.priceInvalid },
  ),
  duration: z
    .number({ error: STAFF_MESSAGES.durationInvalid })
    .int(STAFF_MESSAGES.durationInvalid)
    .min(1, STAFF_MESSAGES.durationInvalid)
    .max(24 * 60 * 14, STAFF_MESSAGES.durationInvalid)
    .nullish()
    .transform((value) => value ?? null),
  isActive: flag().default(true),
  isFeatured: flag().default(false),
  timeSlots: timeSlotsField.default([]),
});
export type CatalogueItemBody = z.input<typeof catalogueItemBody>;

/** PUT /api/v1/staff/catalogue/{activities|services}/{id}: any subset; timeSlots replaces the whole list. */
export const catalogueItemUpdateBody = z.object({
  name: catalogueItemBody.shape.name.optional(),
  category: catalogueItemBody.shape.category.optional(),
  description: z.string({ error: 'Description invalide' }).trim().max(5000, tooLong(5000)).optional(),
  pricing: catalogueItemBody.shape.pricing.optional(),
  duration: z
    .number({ error: STAFF_MESSAGES.durationInvalid })
    .int(STAFF_MESSAGES.durationInvalid)
    .min(1, STAFF_MESSAGES.durationInvalid)
    .max(24 * 60 * 14, STAFF_MESSAGES.durationInvalid)
    .nullable()
    .optional(),
  isActive: flag().optional(),
  isFeatured: flag().optional(),
  timeSlots: timeSlotsField.optional(),
});
export type CatalogueItemUpdateBody = z.input<typeof catalogueItemUpdateBody>;

export const staffCatalogueItem = catalogueItemDetail.extend({ isFeatured: z.boolean(), updatedAt: z.string() });
export type StaffCatalogueItem = z.infer<typeof staffCatalogueItem>;

/** GET /api/v1/staff/catalogue/{activities|services}: active and inactive. */
export const staffCatalogueListResponse = z.object({ success: z.literal(true), data: z.array(staffCatalogueItem) });
export type StaffCatalogueListResponse = z.infer<typeof staffCatalogueListResponse>;

export const staffCatalogueItemResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: staffCatalogueItem,
});
export type StaffCatalogueItemResponse = z.infer<typeof staffCatalogueItemResponse>;

/**
 * POST /api/v1/staff/catalogue/{activities|services}/{id}/picture: multipart/form-data, one file field
 * `file` (JPEG, PNG or WebP, at most 5 MB); it becomes the item's picture. Answers the updated item.
 */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// ─── Establishment (admin) ─────────────────────────────────────────────────────────────────

/** PUT /api/v1/staff/establishment: answers the public establishment info. */
export const establishmentUpdateBody = z.object({
  name: z
    .string({ error: STAFF_MESSAGES.nameRequired })
    .trim()
    .min(1, STAFF_MESSAGES.nameRequired)
    .max(200, tooLong(200)),
  description: z.string({ error: 'Description invalide' }).trim().max(2000, tooLong(2000)).default(''),
  address: z.object(
    {
      street: z
        .string({ error: 'L’adresse est requise' })
        .trim()
        .min(1, 'L’adresse est requise')
        .max(200, tooLong(200)),
      zipCode: z
        .string({ error: 'Le code postal est requis' })
        .trim()
        .min(1, 'Le code postal est requis')
        .max(20, tooLong(20)),
      city: z.string({ error: 'La ville est requise' }).trim().min(1, 'La ville est requise').max(100, tooLong(100)),
      country: z.string({ error: 'Le pays est requis' }).trim().min(1, 'Le pays est requis').max(100, tooLong(100)),
    },
    { error: 'L’adresse est requise' },
  ),
  phone: z
    .string({ error: STAFF_MESSAGES.phoneInvalid })
    .trim()
    .min(1, STAFF_MESSAGES.phoneInvalid)
    .max(30, STAFF_MESSAGES.phoneInvalid)
    .regex(PHONE_PATTERN, STAFF_MESSAGES.phoneInvalid),
  email: emailField,
  website: z
    .string({ error: 'Adresse du site invalide (https://…)' })
    .trim()
    .max(300, tooLong(300))
    .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'Adresse du site invalide (https://…)'),
});
export type EstablishmentUpdateBody = z.input<typeof establishmentUpdateBody>;

export const establishmentUpdateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: establishmentInfo,
});

// ─── Outbox ────────────────────────────────────────────────────────────────────────────────

/** GET /api/v1/staff/outbox: newest first. */
export const outboxQuery = z.object({
  /** A booking id: the e-mails to its organizer's address or mentioning its reference. */
  bookingId: z.string().max(100, tooLong(100)).optional(),
  /** Exact recipient address (case-insensitive). */
  to: z.string().trim().max(254, tooLong(254)).optional(),
  page: pageNumber(1),
  limit: pageSize(50),
});
export type OutboxQuery = z.input<typeof outboxQuery>;

export const outboxResponse = z.object({
  success: z.literal(true),
  data: z.object({ emails: z.array(outboxEmail), pagination }),
});
export type OutboxResponse = z.infer<typeof outboxResponse>;

// ─── Planner and stats ─────────────────────────────────────────────────────────────────────

/** GET /api/v1/staff/planner?date=yyyy-MM-dd (defaults to today, Europe/Paris). */
export const plannerQuery = z.object({ date: optionalDay });

export const plannerGroup = z.object({
  bookingId: z.string(),
  bookingRequestId: z.string(),
  organizerName: z.string(),
  participants: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
});

export const plannerSlot = z.object({
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number().int().nullable(),
  booked: z.number().int(),
  /** null when the slot has no capacity. */
  placesLeft: z.number().int().nullable(),
  groups: z.array(plannerGroup),
});

export const plannerActivity = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(['activity', 'service']),
  category: z.string(),
  slots: z.array(plannerSlot),
  /** Lines booked that day without a time slot. */
  unscheduled: z.array(plannerGroup),
});

export const plannerResponse = z.object({
  success: z.literal(true),
  data: z.object({ date: z.string(), weekday: z.enum(WEEKDAYS), activities: z.array(plannerActivity) }),
});
export type PlannerResponse = z.infer<typeof plannerResponse>;

/**
 * GET /api/v1/staff/stats/weekly: the last 12 weeks (Monday-based, Europe/Paris), oldest first. Weeks
 * are those of the request's creation (a cohort view: how much of each week's demand turned into sales).
 */
export const weeklyStat = z.object({
  /** Monday of the week, yyyy-MM-dd. */
  weekStart: z.string(),
  /** Requests created that week. */
  requests: z.number().int(),
  /** Of those, how many are now confirmed or completed. */
  confirmed: z.number().int(),
  /** The quote totals (payment config) of those confirmed or completed bookings (€). */
  confirmedRevenue: z.number(),
});
export const weeklyStatsResponse = z.object({
  success: z.literal(true),
  data: z.object({ weeks: z.array(weeklyStat) }),
});
export type WeeklyStatsResponse = z.infer<typeof weeklyStatsResponse>;

export const staffIdParams = z.object({ id: z.string() });
export const catalogueKindParams = z.object({ kind: z.enum(['activities', 'services']) });
export const catalogueItemParams = z.object({ kind: z.enum(['activities', 'services']), id: z.string() });
