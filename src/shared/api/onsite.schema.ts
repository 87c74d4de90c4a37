import { z } from 'zod';
import { emailAddress, requiredString, successOf, successWithMessageOf, text } from './common.schema';
import { INVITATION_MESSAGES } from './invitation.schema';
import { FIELD_MESSAGES } from '../field-messages';
import { optionalDay } from './staff-common.schema';
import { WAIVER_MESSAGES } from '../waiver';

/** The day on site (docs/decisions.md, "On site"): passes, waivers, check-in and check-out. */

/** Why a pass is refused at the gate, and the other texts of the on-site calls. */
export const ONSITE_MESSAGES = {
  passUnknown: 'Pass inconnu ou falsifié',
  waiverMissing: 'Décharge non signée : faites-la signer sur place avant l’entrée',
  alreadyCheckedIn: (time: string) => `Déjà enregistré à ${time}`,
  wrongDay: (day: string) => `Ce pass est valable le ${day}, pas aujourd’hui`,
  notConfirmed: 'Réservation non confirmée : l’entrée ne peut pas être enregistrée',
  checkedIn: (name: string) => `Arrivée de ${name} enregistrée`,
  alreadyCheckedOut: (time: string) => `Départ déjà enregistré à ${time}`,
  checkedOut: 'Départ du groupe enregistré',
  codeRequired: 'Scannez ou saisissez le code du pass',
} as const;

export const waiverState = z.object({
  fullName: z.string(),
  version: z.string(),
  signedAt: z.string(),
  signedOnSite: z.boolean(),
});
export type WaiverState = z.infer<typeof waiverState>;

/** GET /api/v1/customer-booking-requests/{id}/pass: the caller's own pass on that booking. */
export const personalPass = z.object({
  code: z.string(),
  /** The QR of `code`: a PNG data URL (SPEC.md §9's QR parameters). */
  qrPng: z.string(),
  participantId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  bookingId: z.string(),
  bookingRequestId: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  waiver: waiverState.nullable(),
  checkedInAt: z.string().nullable(),
});
export type PersonalPass = z.infer<typeof personalPass>;
export const personalPassResponse = successOf(personalPass);

const fullName = z
  .string({ error: WAIVER_MESSAGES.fullNameRequired })
  .trim()
  .min(1, WAIVER_MESSAGES.fullNameRequired)
  .max(200, WAIVER_MESSAGES.fullNameMismatch);
const accepted = z.literal(true, { error: WAIVER_MESSAGES.acceptRequired });

/** POST /api/v1/customer-booking-requests/{id}/waiver, as the participant. */
export const waiverBody = z.object({ fullName, accepted });
export type WaiverBody = z.input<typeof waiverBody>;
export const waiverResponse = successWithMessageOf(waiverState);

const code = z
  .string({ error: ONSITE_MESSAGES.codeRequired })
  .trim()
  .min(1, ONSITE_MESSAGES.codeRequired)
  .max(300, ONSITE_MESSAGES.passUnknown);

/** POST /api/v1/staff/check-in. */
export const checkInBody = z.object({ code });
export type CheckInBody = z.input<typeof checkInBody>;

export const checkInResult = z.object({
  participantId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  checkedInAt: z.string(),
  booking: z.object({
    id: z.string(),
    bookingRequestId: z.string(),
    organizerName: z.string(),
    arrived: z.number().int(),
    expected: z.number().int(),
  }),
});
export type CheckInResult = z.infer<typeof checkInResult>;
export const checkInResponse = successWithMessageOf(checkInResult);

/** POST /api/v1/staff/check-in/waiver: the waiver signed at reception, on the team's device. */
export const onSiteWaiverBody = z.object({ code, fullName, accepted });
export type OnSiteWaiverBody = z.input<typeof onSiteWaiverBody>;

/** GET /api/v1/staff/check-in/board?date=: the day's groups and who arrived. */
export const checkInBoardQuery = z.object({ date: optionalDay });

export const boardParticipant = z.object({
  participantId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The person's pass code: staff check them in from the list (search by name). */
  code: z.string(),
  waiverSigned: z.boolean(),
  checkedInAt: z.string().nullable(),
});
export type BoardParticipant = z.infer<typeof boardParticipant>;

export const boardGroup = z.object({
  bookingId: z.string(),
  bookingRequestId: z.string(),
  organizerName: z.string(),
  status: z.string(),
  arrived: z.number().int(),
  expected: z.number().int(),
  checkedOutAt: z.string().nullable(),
  /**
   * What reception collects from the group: the quote's total less what was paid towards it (null
   * without a payment config); `onSiteChosen` when the organizer chose at D-2 to pay the rest on site.
   */
  balanceDue: z.object({ amount: z.number(), onSiteChosen: z.boolean() }).nullable(),
  participants: z.array(boardParticipant),
});
export type BoardGroup = z.infer<typeof boardGroup>;
export const checkInBoardResponse = successOf(z.object({ date: z.string(), groups: z.array(boardGroup) }));
export type CheckInBoard = z.infer<typeof checkInBoardResponse>['data'];

export const checkOutParams = z.object({ id: text() });
export const checkOutResponse = successWithMessageOf(
  z.object({ checkedOutAt: z.string(), releasedHolds: z.number().int() }),
);

// ─── Walk-ins at the kiosk (docs/decisions.md, "Walk-ins") ─────────────────────────────────

export const WALK_IN_FORM_MESSAGES = {
  participants: 'Indiquez le nombre de personnes (de 1 à 100)',
  activities: 'Choisissez au moins une activité',
  notToday: 'La borne ne réserve que pour aujourd’hui',
  phoneRequired: 'Le téléphone est requis',
  retry: 'Un compte vient d’être créé pour cette adresse : veuillez réessayer',
  created: 'Réservation enregistrée : chaque membre du groupe scanne le QR code pour la rejoindre',
} as const;

const participantsCount = z
  .number({ error: WALK_IN_FORM_MESSAGES.participants })
  .int(WALK_IN_FORM_MESSAGES.participants)
  .min(1, WALK_IN_FORM_MESSAGES.participants)
  .max(100, WALK_IN_FORM_MESSAGES.participants);

/** POST /api/v1/kiosk/walk-ins. */
export const walkInBody = z.object({
  participants: participantsCount,
  date: z.string({ error: WALK_IN_FORM_MESSAGES.notToday }),
  bookingActivities: z
    .array(
      z.object({
        catalogActivityId: z.string().max(100, WALK_IN_FORM_MESSAGES.activities),
        startTime: z
          .string()
          .regex(/^\d{2}:\d{2}$/, WALK_IN_FORM_MESSAGES.activities)
          .optional(),
      }),
      { error: WALK_IN_FORM_MESSAGES.activities },
    )
    .min(1, WALK_IN_FORM_MESSAGES.activities)
    .max(10, WALK_IN_FORM_MESSAGES.activities),
  mainContact: z.object({
    firstName: requiredString(INVITATION_MESSAGES.firstName, 100, FIELD_MESSAGES.firstNameTooLong),
    lastName: requiredString(INVITATION_MESSAGES.lastName, 100, FIELD_MESSAGES.lastNameTooLong),
    email: emailAddress(INVITATION_MESSAGES.email, INVITATION_MESSAGES.emailFormat),
    phone: requiredString(WALK_IN_FORM_MESSAGES.phoneRequired, 30, FIELD_MESSAGES.phoneFormat).regex(
      /^[+0-9 ().-]{6,30}$/,
      FIELD_MESSAGES.phoneFormat,
    ),
  }),
});
export type WalkInBody = z.input<typeof walkInBody>;

export const walkInResponse = successWithMessageOf(
  z.object({
    bookingId: z.string(),
    bookingRequestId: z.string(),
    joinUrl: z.string(),
    /**
     * The organizer's session for the kiosk until it resets; null when the address already had an
     * account (nobody gets a session by typing someone's e-mail).
     */
    token: z.string().nullable(),
  }),
);
export type WalkInResult = z.infer<typeof walkInResponse>['data'];

/** GET /api/v1/kiosk/walk-ins/{id}?token=: who joined and who paid, for the kiosk's live list. */
export const walkInStatusQuery = z.object({ token: z.string().max(200) });
export const walkInStatusResponse = successOf(
  z.object({
    bookingRequestId: z.string(),
    participants: z.number().int(),
    joined: z.array(z.object({ name: z.string(), paid: z.boolean() })),
    /** The payment the kiosk chose (null before « Qui règle ? »), and whether the group is paid. */
    paymentMode: z.enum(['full', 'collective']).nullable(),
    paid: z.boolean(),
  }),
);
export type WalkInStatus = z.infer<typeof walkInStatusResponse>['data'];

/** POST /api/v1/kiosk/walk-ins/{id}/payment: « Qui règle ? » (docs/decisions.md, "Walk-ins"). */
export const WALK_IN_PAYMENT_MESSAGES = {
  mode: 'Choisissez qui règle : l’organisateur ou chaque membre',
  alreadyPaid: 'Un paiement a déjà été fait : le mode de règlement ne change plus',
  noAmount: 'Cette réservation n’a rien à régler à la borne : adressez-vous à l’accueil',
  full: 'L’organisateur règle la totalité maintenant',
  collective: 'Chaque membre règle sa part depuis son téléphone après avoir rejoint le groupe',
} as const;

export const walkInPaymentBody = z.object({
  token: z.string({ error: 'Réservation non trouvée' }).max(200),
  mode: z.enum(['full', 'collective'], { error: WALK_IN_PAYMENT_MESSAGES.mode }),
});
export type WalkInPaymentBody = z.input<typeof walkInPaymentBody>;

export const walkInPaymentResponse = successWithMessageOf(
  z.object({
    mode: z.enum(['full', 'collective']),
    /** The total of the group, in euros. */
    totalAmount: z.number(),
    /** What each member pays (collective), in euros; null when the organizer pays all. */
    shareAmount: z.number().nullable(),
  }),
);
export type WalkInPayment = z.infer<typeof walkInPaymentResponse>['data'];

/** GET /api/v1/kiosk/today: today's activities and their slots with free places. */
export const kioskTodayResponse = successOf(
  z.object({
    date: z.string(),
    activities: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        slots: z.array(z.object({ startTime: z.string(), endTime: z.string(), free: z.number().int().nullable() })),
      }),
    ),
  }),
);
export type KioskToday = z.infer<typeof kioskTodayResponse>['data'];
