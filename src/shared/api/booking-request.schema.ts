import { z } from 'zod';
import { text, successWithMessageOf, trimmedText, API_COMPONENTS } from './common.schema';
import { eventDateMessage, WIZARD_MESSAGES } from '../booking-messages';
import { ACTIVITY_PARTICIPANTS_MAX, ESTABLISHMENT_ID, PARTICIPANTS_MAX, PARTICIPANTS_MIN } from '../constants';
import { ISO_DAY } from '../validation';
import {
  BOOKING_STATUSES,
  CATALOGUE_KINDS,
  COMPANY_EVENT_TYPES,
  EVENT_TYPES,
  EVG_SUB_TYPES,
  PRICING_TYPES,
} from '../labels';

/** Re-exported: the pattern lives in the zod-free validation.ts (the wizard's first render, docs/decisions.md, performance rule 13). */
export { ISO_DAY };
/** Re-exported: the messages live in the zod-free booking-messages.ts (docs/decisions.md, performance rule 24). */
export { eventDateMessage, WIZARD_MESSAGES };

/** Where the customer's and the team's validation of a request stand. */
export const VALIDATION_STATES = ['pending', 'validated'] as const;

const WIZARD_DATE_MESSAGE = 'Veuillez sélectionner une date';

/** A real calendar day 'yyyy-MM-dd' (2027-02-30 is refused, not turned into a server error). */
export function isCalendarDay(day: string): boolean {
  if (!ISO_DAY.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/**
 * An ISO date-time ('2026-12-14T00:00:00.000Z', '2026-12-14T09:30+02:00', …): SPEC.md §3 calls
 * the days of a request "ISO", so a client may send one where a day is expected.
 */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * The calendar day a request body names: a 'yyyy-MM-dd' as it is, or an ISO date-time's date as
 * written (its first 10 characters, never moved to another time zone); undefined for anything else
 * or for a day that does not exist.
 */
export function calendarDayOf(value: string): string | undefined {
  const day = value.slice(0, 10);
  if (!isCalendarDay(day)) return undefined;
  if (value.length === 10) return day;
  return ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? day : undefined;
}

/**
 * An event day field of a request body, with the wizard's 'Veuillez sélectionner une date'
 * message: 'yyyy-MM-dd', or an ISO date-time read as its calendar date (`calendarDayOf`). What the
 * server keeps, and every answer shows, is the 'yyyy-MM-dd'.
 */
export const isoDay = () =>
  text({ error: WIZARD_DATE_MESSAGE })
    .refine((value) => calendarDayOf(value) !== undefined, WIZARD_DATE_MESSAGE)
    .transform((value) => calendarDayOf(value)!)
    // Day arithmetic (an event's last day, shifts) stays within four-digit years.
    .refine((day) => day <= LAST_BOOKABLE_DAY, 'La date est trop lointaine');

/** No booking is taken beyond this day: far enough for any real event, short of year 10000. */
export const LAST_BOOKABLE_DAY = '2999-12-31';

const participants = z
  .number({ error: WIZARD_MESSAGES.participantsMin })
  // The bounds first: 1e20 is refused as over 100, not as under 1.
  .min(PARTICIPANTS_MIN, WIZARD_MESSAGES.participantsMin)
  .max(PARTICIPANTS_MAX, WIZARD_MESSAGES.participantsMax)
  .int(WIZARD_MESSAGES.participantsMin);

const eventStepFields = z.object({
  bookingType: z.enum(EVENT_TYPES, { error: WIZARD_MESSAGES.eventType }),
  eventSubType: z.enum(EVG_SUB_TYPES).or(z.literal('')).default(''),
  forMe: z.boolean().default(false),
  // Trimmed of white space and invisible characters: one made only of them is blank (refused below).
  organizationName: trimmedText().max(200).default(''),
  companyName: trimmedText().max(200).default(''),
  companyEventType: z.enum(COMPANY_EVENT_TYPES).or(z.literal('')).default(''),
  participants,
  date: isoDay(),
});

/**
 * The step-1 choices each event type needs (SPEC.md §5): the evg-evjf sub-type and the company
 * event type always; the organisation and company names only where they are asked for (`names`).
 */
function checkEventChoices(event: z.output<typeof eventStepFields>, context: z.RefinementCtx, names: boolean) {
  const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  if (event.bookingType === 'evg-evjf' && !event.eventSubType) issue('eventSubType', WIZARD_MESSAGES.evgSubType);
  if (names && event.bookingType === 'group' && !event.organizationName) {
    issue('organizationName', WIZARD_MESSAGES.organizationName);
  }
  if (event.bookingType === 'company') {
    if (names && !event.companyName) issue('companyName', WIZARD_MESSAGES.companyName);
    if (!event.companyEventType) issue('companyEventType', WIZARD_MESSAGES.companyEventType);
  }
}

/** Step 1 of the wizard (SPEC.md §5), the same rules in the browser and on the server. */
export const eventStepSchema = eventStepFields.superRefine((event, context) => checkEventChoices(event, context, true));

/**
 * Step 1 as SPEC.md §7's body carries it, without `eventDetails`: the sub-type comes from `type`,
 * and the organisation or company name, asked for by the wizard, travels in the note (SPEC.md §4),
 * so it is not required here.
 */
export const eventFromTypeSchema = eventStepFields.superRefine((event, context) =>
  checkEventChoices(event, context, false),
);
export type EventStep = z.output<typeof eventStepSchema>;

/** The most activity and service lines one request carries (50 sessions of one activity fit in). */
export const MAX_LINES = 60;

/**
 * A line's catalogue item id (a uuid): an unknown one is answered with the id it named, so one
 * longer than any id is refused here, never echoed back.
 */
export const catalogueItemId = () => text().max(100, WIZARD_MESSAGES.unknownItem).nullish();

export const bookingLineInput = z
  .object({
    name: text().max(200),
    catalogActivityId: catalogueItemId(),
    catalogServiceId: catalogueItemId(),
    scheduledDate: isoDay(),
    // A line is one session of at most 50 (src/shared/sessions.ts): larger groups send several lines.
    participants: z
      .number({ error: WIZARD_MESSAGES.activityParticipants })
      .int(WIZARD_MESSAGES.activityParticipants)
      .min(1, WIZARD_MESSAGES.activityParticipants)
      .max(ACTIVITY_PARTICIPANTS_MAX, WIZARD_MESSAGES.activityParticipants),
    /** The line is one of the sessions that follow the booking's count (true from the wizard). */
    followsBookingCount: z.boolean().default(true),
    pricing: z.object({ basePrice: z.number().nonnegative(), pricingType: z.enum(PRICING_TYPES) }),
    category: text().max(50).optional(),
  })
  .refine((line) => Boolean(line.catalogActivityId) !== Boolean(line.catalogServiceId), {
    message: 'Chaque ligne doit désigner une activité ou un service du catalogue',
  });
export type BookingLineInput = z.input<typeof bookingLineInput>;

export const mainContact = z.object({
  firstName: text(),
  lastName: text(),
  email: text(),
  phone: text().nullable(),
});
export type MainContact = z.infer<typeof mainContact>;

/** POST /v1/public-booking-requests (SPEC.md §7), plus the step-1 details our wizard sends (optional). */
export const createBookingRequestBody = z.object({
  /** The caller's own id (SPEC.md §7); the session names the customer when it is left out. */
  customerId: text({ error: "L'identifiant du client est invalide" })
    .min(1, "L'identifiant du client est invalide")
    .optional(),
  establishment_id: text().default(ESTABLISHMENT_ID),
  bookingType: z.enum(EVENT_TYPES, { error: WIZARD_MESSAGES.eventType }),
  /**
   * finalBookingType (SPEC.md §4): the main type, or one of its sub-types (evg-evjf, company).
   * Recomputed from `eventDetails` when they are sent, refused when it disagrees.
   */
  type: text().max(20),
  participants,
  startDate: isoDay(),
  mainContact: mainContact.partial().optional(),
  note: text().max(2000, 'La note ne peut pas dépasser 2000 caractères').optional().default(''),
  /**
   * The wizard's step-1 details (our wizard sends them; checked as in step 1). Optional: SPEC.md §7's
   * body does without, `type` then names the sub-type (evg-evjf, company) and the names are not asked.
   */
  eventDetails: z
    .object({
      eventSubType: z.enum(EVG_SUB_TYPES).or(z.literal('')).default(''),
      forMe: z.boolean().default(false),
      organizationName: trimmedText().max(200).default(''),
      companyName: trimmedText().max(200).default(''),
      companyEventType: z.enum(COMPANY_EVENT_TYPES).or(z.literal('')).default(''),
    })
    .optional(),
  bookingActivities: z
    .array(bookingLineInput, { error: WIZARD_MESSAGES.noActivity })
    .min(1, WIZARD_MESSAGES.noActivity)
    .max(MAX_LINES, WIZARD_MESSAGES.tooManyLines),
});
export type CreateBookingRequestBody = z.input<typeof createBookingRequestBody>;

export const bookingLine = z.object({
  _id: text(),
  kind: z.enum(CATALOGUE_KINDS),
  name: text(),
  catalogActivityId: text().nullable(),
  catalogServiceId: text().nullable(),
  category: text(),
  description: text(),
  scheduledDate: text(),
  scheduledTime: text().nullable(),
  selectedTimeSlot: z.object({ startTime: text(), endTime: text() }).nullable(),
  customParticipants: z.number().int(),
  /** Follows the booking's participant count (re-split into sessions when it changes). */
  followsBookingCount: z.boolean(),
  pricing: z.object({ basePrice: z.number(), pricingType: z.enum(PRICING_TYPES) }),
  availability: z.object({ duration: z.number().int().nullable() }),
  images: z.array(z.object({ url: text(), isDefault: z.boolean() })),
  total: z.number(),
});
export type BookingLine = z.infer<typeof bookingLine>;

export const bookingRequestSummary = z.object({
  _id: text(),
  bookingRequestId: text(),
  establishment_id: text(),
  customerId: text(),
  bookingType: text(),
  type: text(),
  participants: z.number().int(),
  startDate: text(),
  endDate: text(),
  mainContact,
  note: text(),
  additionalEventData: z.record(text(), text()),
  status: z.enum(BOOKING_STATUSES),
  clientValidation: z.enum(VALIDATION_STATES),
  adminValidation: z.enum(VALIDATION_STATES),
  estimatedTotal: z.number(),
  createdAt: text(),
  lastModified: text(),
  bookingActivities: z.array(bookingLine),
  bookingServices: z.array(bookingLine),
});
export type BookingRequestSummary = z.infer<typeof bookingRequestSummary>;

export const createBookingRequestResponse = successWithMessageOf(bookingRequestSummary, text());
export type CreateBookingRequestResponse = z.infer<typeof createBookingRequestResponse>;

// Shared in the OpenAPI document (docs/decisions.md, "The API document").
API_COMPONENTS.add(bookingLine, { id: 'BookingLine' });
API_COMPONENTS.add(bookingRequestSummary, { id: 'BookingRequestSummary' });
