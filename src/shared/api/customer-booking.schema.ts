import { z } from 'zod';
import {
  text,
  emailAddress,
  optionalPhone,
  pagingQuery,
  PAGING_MESSAGES,
  requiredLine,
  successOf,
  successWithMessageOf,
  API_COMPONENTS,
} from './common.schema';
import { bookingPayment, PARTICIPANT_PAYMENT_STATUSES, PARTICIPANT_ROLES } from './payments.schema';
import { timeSlot } from './catalogue.schema';
import { ACTIVITY_PARTICIPANTS_MAX, PARTICIPANTS_MAX, PARTICIPANTS_MIN } from '../constants';
import { BOOKING_STATUSES } from '../labels';
import {
  bookingLine,
  bookingRequestSummary,
  catalogueItemId,
  isoDay,
  MAX_LINES,
  WIZARD_MESSAGES,
} from './booking-request.schema';
import { FIELD_MESSAGES } from '../field-messages';
import { BOOKING_EDIT_MESSAGES } from '../booking-messages';

/** Re-exported: the messages live in the zod-free booking-messages.ts (docs/decisions.md, performance rule 24). */
export { BOOKING_EDIT_MESSAGES };

export const permissions = z.object({
  canModify: z.boolean(),
  canModifyActivities: z.boolean(),
  canAddParticipants: z.boolean(),
  canPay: z.boolean(),
});
export type Permissions = z.infer<typeof permissions>;

export const person = z.object({ firstName: text(), lastName: text(), email: text() });

/** Whether a participant has joined the booking yet. */
export const PARTICIPANT_INVITATION_STATUSES = ['invited', 'joined'] as const;

export const bookingParticipant = z.object({
  _id: text(),
  customerId: text().nullable(),
  firstName: text(),
  lastName: text(),
  /** Absent for a participant looking at co-participants (by name only; docs/decisions.md, "Product rules"). */
  email: text().optional(),
  phone: text().nullable().optional(),
  role: z.enum(PARTICIPANT_ROLES),
  hasConnected: z.boolean(),
  joinedAt: text().nullable(),
  isActive: z.boolean(),
  status: z.enum(PARTICIPANT_INVITATION_STATUSES),
  paymentStatus: z.enum(PARTICIPANT_PAYMENT_STATUSES),
  paymentAmount: z.number().nullable(),
  paidAt: text().nullable(),
  /** Pays no share (docs/decisions.md, "Group shares"). */
  guestOfHonour: z.boolean(),
});
export type BookingParticipant = z.infer<typeof bookingParticipant>;

export const detailLine = bookingLine.extend({ timeSlots: z.array(timeSlot) });
export type DetailLine = z.infer<typeof detailLine>;

export const bookingDetail = bookingRequestSummary.extend({
  bookingActivities: z.array(detailLine),
  bookingServices: z.array(detailLine),
  organizer: person,
  userRole: z.enum(['organizer', 'participant']),
  connectedUserId: text(),
  permissions,
  participantDetails: z
    .object({ status: z.enum(PARTICIPANT_INVITATION_STATUSES), hasConnected: z.boolean(), joinedAt: text().nullable() })
    .nullable(),
  bookingParticipants: z.array(bookingParticipant),
  activities: z.array(z.object({ name: text(), date: text() })),
  payment: bookingPayment,
  /** Surprise mode (stag, hen and birthday events; docs/decisions.md, "Group shares"). */
  surprise: z.boolean(),
  /** The caller is a guest of honour of a surprise: no lines, schedule nor prices in this detail. */
  programmeHidden: z.boolean(),
});
export type BookingDetail = z.infer<typeof bookingDetail>;

export const bookingDetailResponse = successWithMessageOf(bookingDetail, text().optional());
export type BookingDetailResponse = z.infer<typeof bookingDetailResponse>;

export const bookingListQuery = z.object({
  status: z.enum(BOOKING_STATUSES).optional(),
  ...pagingQuery(50),
  /** The page after this one: the `nextCursor` of the previous answer (keyset paging; `page` is then ignored). */
  cursor: z.guid({ error: PAGING_MESSAGES.cursor }).optional(),
});

export const pagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() });

export const bookingListResponse = successOf(
  z.object({
    bookingRequests: z.array(bookingRequestSummary),
    pagination,
    /** The `cursor` of the next page, null on the last one. */
    nextCursor: z.string().nullable(),
  }),
);
export type BookingListResponse = z.infer<typeof bookingListResponse>;

export const invitationListItem = z.object({
  _id: text(),
  bookingRequestId: text(),
  status: z.enum(BOOKING_STATUSES),
  userRole: z.literal('participant'),
  bookingType: text(),
  type: text(),
  startDate: text(),
  endDate: text(),
  participants: z.number().int(),
  organizer: person,
  note: text(),
  mainContact: z.object({ firstName: text(), lastName: text(), email: text(), phone: text().nullable() }),
  participationStatus: z.enum(PARTICIPANT_INVITATION_STATUSES),
  hasConnected: z.boolean(),
  joinedAt: text().nullable(),
  participantId: text(),
});
export type InvitationListItem = z.infer<typeof invitationListItem>;

export const invitationListResponse = successOf(z.object({ invitations: z.array(invitationListItem), pagination }));
export type InvitationListResponse = z.infer<typeof invitationListResponse>;

export const editLineInput = z.object({
  /** An existing line id, or 'temp_…' for a line added in the browser. */
  _id: text().max(100).optional(),
  catalogActivityId: catalogueItemId(),
  catalogServiceId: catalogueItemId(),
  scheduledDate: isoDay(),
  selectedTimeSlot: z.object({ startTime: text(), endTime: text() }).nullish(),
  customParticipants: z
    .number({ error: WIZARD_MESSAGES.activityParticipants })
    .int(WIZARD_MESSAGES.activityParticipants)
    .min(1, WIZARD_MESSAGES.activityParticipants)
    .max(ACTIVITY_PARTICIPANTS_MAX, WIZARD_MESSAGES.activityParticipants),
  /**
   * The line follows the booking's count. Absent: a saved line keeps its mark while its count is
   * unchanged, a line whose count was set by hand or a new line does not follow.
   */
  followsBookingCount: z.boolean().optional(),
});
export type EditLineInput = z.input<typeof editLineInput>;

/** PUT /v1/customer-booking-requests/{id} (SPEC.md §7): partial, guarded by lastModified when given. */
export const updateBookingBody = z.object({
  participants: z
    .number({ error: WIZARD_MESSAGES.participantsMin })
    .min(PARTICIPANTS_MIN, WIZARD_MESSAGES.participantsMin)
    .max(PARTICIPANTS_MAX, WIZARD_MESSAGES.participantsMax)
    .int(WIZARD_MESSAGES.participantsMin)
    .optional(),
  startDate: isoDay().optional(),
  endDate: isoDay().optional(),
  bookingActivities: z.array(editLineInput).max(MAX_LINES, WIZARD_MESSAGES.tooManyLines).optional(),
  bookingServices: z.array(editLineInput).max(MAX_LINES, WIZARD_MESSAGES.tooManyLines).optional(),
  /** Surprise mode, the organizer only, stag, hen and birthday events only. */
  surprise: z.boolean({ error: BOOKING_EDIT_MESSAGES.surpriseInvalid }).optional(),
  /**
   * The version the edit was made against (the detail's `lastModified`): a stale one is refused
   * (409). Optional (SPEC.md §7 lists it among the partial fields): without it the edit applies to
   * the booking as it stands (docs/decisions.md, "API and errors").
   */
  lastModified: text({ error: BOOKING_EDIT_MESSAGES.lastModifiedInvalid })
    .refine((value) => !Number.isNaN(new Date(value).getTime()), BOOKING_EDIT_MESSAGES.lastModifiedInvalid)
    .optional(),
});
export type UpdateBookingBody = z.input<typeof updateBookingBody>;

/** The team's schedule edit: the same body, `lastModified` required (the back-office always sends it). */
export const staffScheduleBody = updateBookingBody.omit({ surprise: true }).extend({
  lastModified: text({ error: BOOKING_EDIT_MESSAGES.lastModifiedRequired })
    .min(1, BOOKING_EDIT_MESSAGES.lastModifiedRequired)
    .refine((value) => !Number.isNaN(new Date(value).getTime()), BOOKING_EDIT_MESSAGES.lastModifiedRequired),
});

export const addParticipantBody = z.object({
  // Too long: the texts register and join give ('Prénom trop long', 'Nom trop long').
  firstName: requiredLine('Le prénom est requis', 100, FIELD_MESSAGES.firstNameTooLong),
  lastName: requiredLine('Le nom est requis', 100, FIELD_MESSAGES.lastNameTooLong),
  email: emailAddress("L'email est requis", "Format d'email invalide"),
  phone: optionalPhone(FIELD_MESSAGES.phoneFormat),
});
export type AddParticipantBody = z.input<typeof addParticipantBody>;

export const participantResponse = successWithMessageOf(bookingParticipant, text());
export const bookingParamsSchema = z.object({ id: text() });
export const participantParamsSchema = z.object({ id: text(), participantId: text() });

// Shared in the OpenAPI document (docs/decisions.md, "The API document").
API_COMPONENTS.add(bookingDetail, { id: 'BookingDetail' });
API_COMPONENTS.add(bookingParticipant, { id: 'BookingParticipant' });
API_COMPONENTS.add(pagination, { id: 'Pagination' });
