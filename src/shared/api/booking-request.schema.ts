import { z } from 'zod';
import { ESTABLISHMENT_ID, PARTICIPANTS_MAX, PARTICIPANTS_MIN } from '../constants';
import { BOOKING_STATUSES, COMPANY_EVENT_TYPES, EVENT_TYPES, EVG_SUB_TYPES, PRICING_TYPES } from '../labels';

export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day 'yyyy-MM-dd' (2027-02-30 is refused, not turned into a server error). */
export function isCalendarDay(day: string): boolean {
  if (!ISO_DAY.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** An event day field with the wizard's 'Veuillez sélectionner une date' message. */
export const isoDay = () => z.string({ error: 'Veuillez sélectionner une date' }).refine(isCalendarDay, 'Veuillez sélectionner une date');

export const WIZARD_MESSAGES = {
  eventType: "Veuillez sélectionner un type d'événement",
  evgSubType: "Veuillez sélectionner le type d'événement spécifique",
  organizationName: "Le nom du club ou de l'association est requis",
  companyName: "Le nom de l'entreprise est requis",
  companyEventType: "Veuillez sélectionner le type d'événement d'entreprise",
  participantsMin: "Le nombre de participants doit être d'au moins 1",
  participantsMax: 'Le nombre de participants ne peut pas dépasser 100',
  date: 'Veuillez sélectionner une date',
  pastDate: 'La date ne peut pas être dans le passé',
  notBeforeTomorrow: 'La date doit être au plus tôt demain',
  noActivity: 'Veuillez sélectionner au moins une activité ou service',
  activityParticipants: 'Le nombre de participants par activité doit être compris entre 1 et 50',
} as const;

const participants = z
  .number({ error: WIZARD_MESSAGES.participantsMin })
  .int(WIZARD_MESSAGES.participantsMin)
  .min(PARTICIPANTS_MIN, WIZARD_MESSAGES.participantsMin)
  .max(PARTICIPANTS_MAX, WIZARD_MESSAGES.participantsMax);

/** Step 1 of the wizard (SPEC.md §5), the same rules in the browser and on the server. */
export const eventStepSchema = z
  .object({
    bookingType: z.enum(EVENT_TYPES, { error: WIZARD_MESSAGES.eventType }),
    eventSubType: z.enum(EVG_SUB_TYPES).or(z.literal('')).default(''),
    forMe: z.boolean().default(false),
    organizationName: z.string().max(200).default(''),
    companyName: z.string().max(200).default(''),
    companyEventType: z.enum(COMPANY_EVENT_TYPES).or(z.literal('')).default(''),
    participants,
    date: isoDay(),
  })
  .superRefine((event, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (event.bookingType === 'evg-evjf' && !event.eventSubType) issue('eventSubType', WIZARD_MESSAGES.evgSubType);
    if (event.bookingType === 'group' && !event.organizationName.trim()) {
      issue('organizationName', WIZARD_MESSAGES.organizationName);
    }
    if (event.bookingType === 'company') {
      if (!event.companyName.trim()) issue('companyName', WIZARD_MESSAGES.companyName);
      if (!event.companyEventType) issue('companyEventType', WIZARD_MESSAGES.companyEventType);
    }
  });
export type EventStep = z.output<typeof eventStepSchema>;

export const bookingLineInput = z
  .object({
    name: z.string().max(200),
    catalogActivityId: z.string().nullish(),
    catalogServiceId: z.string().nullish(),
    scheduledDate: isoDay(),
    participants: z.number().int().min(1, WIZARD_MESSAGES.activityParticipants).max(PARTICIPANTS_MAX, WIZARD_MESSAGES.participantsMax),
    pricing: z.object({ basePrice: z.number().nonnegative(), pricingType: z.enum(PRICING_TYPES) }),
    category: z.string().max(50).optional(),
  })
  .refine((line) => Boolean(line.catalogActivityId) !== Boolean(line.catalogServiceId), {
    message: 'Chaque ligne doit désigner une activité ou un service du catalogue',
  });
export type BookingLineInput = z.input<typeof bookingLineInput>;

export const mainContact = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type MainContact = z.infer<typeof mainContact>;

/** POST /v1/public-booking-requests (SPEC.md §7) plus the step-1 details the server re-checks. */
export const createBookingRequestBody = z.object({
  customerId: z.string().min(1),
  establishment_id: z.string().default(ESTABLISHMENT_ID),
  bookingType: z.enum(EVENT_TYPES, { error: WIZARD_MESSAGES.eventType }),
  /** finalBookingType; recomputed by the server, refused when it disagrees. */
  type: z.string().max(20),
  participants,
  startDate: isoDay(),
  mainContact: mainContact.partial().optional(),
  note: z.string().max(2000, 'La note ne peut pas dépasser 2000 caractères').optional().default(''),
  eventDetails: z
    .object({
      eventSubType: z.enum(EVG_SUB_TYPES).or(z.literal('')).default(''),
      forMe: z.boolean().default(false),
      organizationName: z.string().max(200).default(''),
      companyName: z.string().max(200).default(''),
      companyEventType: z.enum(COMPANY_EVENT_TYPES).or(z.literal('')).default(''),
    })
    .default({ eventSubType: '', forMe: false, organizationName: '', companyName: '', companyEventType: '' }),
  bookingActivities: z.array(bookingLineInput, { error: WIZARD_MESSAGES.noActivity }).min(1, WIZARD_MESSAGES.noActivity).max(60),
});
export type CreateBookingRequestBody = z.input<typeof createBookingRequestBody>;

export const bookingLine = z.object({
  _id: z.string(),
  kind: z.enum(['activity', 'service']),
  name: z.string(),
  catalogActivityId: z.string().nullable(),
  catalogServiceId: z.string().nullable(),
  category: z.string(),
  description: z.string(),
  scheduledDate: z.string(),
  scheduledTime: z.string().nullable(),
  selectedTimeSlot: z.object({ startTime: z.string(), endTime: z.string() }).nullable(),
  customParticipants: z.number().int(),
  pricing: z.object({ basePrice: z.number(), pricingType: z.enum(PRICING_TYPES) }),
  availability: z.object({ duration: z.number().int().nullable() }),
  images: z.array(z.object({ url: z.string(), isDefault: z.boolean() })),
  total: z.number(),
});
export type BookingLine = z.infer<typeof bookingLine>;

export const bookingRequestSummary = z.object({
  _id: z.string(),
  bookingRequestId: z.string(),
  establishment_id: z.string(),
  customerId: z.string(),
  bookingType: z.string(),
  type: z.string(),
  participants: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  mainContact,
  note: z.string(),
  additionalEventData: z.record(z.string(), z.string()),
  status: z.enum(BOOKING_STATUSES),
  clientValidation: z.enum(['pending', 'validated']),
  adminValidation: z.enum(['pending', 'validated']),
  estimatedTotal: z.number(),
  createdAt: z.string(),
  lastModified: z.string(),
  bookingActivities: z.array(bookingLine),
  bookingServices: z.array(bookingLine),
});
export type BookingRequestSummary = z.infer<typeof bookingRequestSummary>;

export const createBookingRequestResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: bookingRequestSummary,
});
export type CreateBookingRequestResponse = z.infer<typeof createBookingRequestResponse>;

