import { z } from 'zod';
import { bookingParticipant } from './customer-booking.schema';
import { successOf, successWithMessageOf, text } from './common.schema';
import { GUEST_OF_HONOUR_LABEL, GUESTS_OF_HONOUR_STATUSES } from '../group-labels';

/**
 * The group's payment (docs/decisions.md, "Group shares"): guests of honour, who paid, reminders.
 * Every text the organizer or the team reads is here, in French.
 */
export const GROUP_MESSAGES = {
  guestOfHonourRequired: 'Indiquez si ce participant est invité d’honneur',
  participantNotFound: 'Participant non trouvé',
  guestUpdated: 'Participant mis à jour',
  organizerNotGuest: 'L’organisateur ne peut pas être invité d’honneur : il règle le reste des parts',
  guestAlreadyPaid: 'Ce participant a déjà réglé sa part : il ne peut plus devenir invité d’honneur',
  sharesAlreadyPaid:
    'Des parts sont déjà réglées : un invité d’honneur ne peut plus redevenir payeur. Contactez notre équipe si besoin.',
  shareBelowPaid:
    'Ce changement rendrait la part d’un participant inférieure à ce qu’il a déjà payé : contactez notre équipe.',
  reminderTooSoon: 'Ce participant a déjà reçu un rappel il y a moins de 24 h : vous pourrez le relancer demain.',
  remindersTooSoon:
    'Chaque participant qui n’a pas payé a déjà reçu un rappel il y a moins de 24 h : vous pourrez les relancer demain.',
  nothingToRemind: 'Tous les participants ont réglé leur part : personne à relancer.',
  notCollective: 'Les rappels ne concernent que le paiement collectif',
  remindersSent: (count: number) => (count > 1 ? `${count} rappels envoyés` : '1 rappel envoyé'),
  guestsLocked: 'Les invités d’honneur ne peuvent plus changer : la réservation est confirmée, annulée ou terminée',
} as const;

/** Re-exported: they live in the zod-free group-labels.ts (docs/decisions.md, performance rule 24). */
export { GUEST_OF_HONOUR_LABEL, GUESTS_OF_HONOUR_STATUSES };

export const updateGroupParticipantBody = z.object({
  guestOfHonour: z.boolean({ error: GROUP_MESSAGES.guestOfHonourRequired }),
});
export type UpdateGroupParticipantBody = z.input<typeof updateGroupParticipantBody>;

export const groupParticipantParams = z.object({ id: text(), participantId: text() });
export const groupParticipantResponse = successWithMessageOf(bookingParticipant, text());

/** One reminder at most per participant and per day (docs/decisions.md, "Group shares"). */
export const SHARE_REMINDER_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** POST …/booking-payment/reminders: one participant, or everyone who has not paid. */
export const shareRemindersBody = z.object({ participantId: text().optional() }).optional();
export const shareRemindersResult = z.object({ reminded: z.array(text()) });
export const shareRemindersResponse = successWithMessageOf(shareRemindersResult, text());

/**
 * GET …/cancellation-preview: what a cancellation today would give back under the booking's frozen
 * terms (docs/decisions.md, "Payments"), to each payer, before anyone confirms it.
 */
export const cancellationPreviewQuery = z.object({
  /** The team's choices (the organizer's preview always withholds the fee, the park not cancelling). */
  withFee: z.enum(['true', 'false']).optional(),
  parkCancels: z.enum(['true', 'false']).optional(),
});
export const cancellationPreview = z.object({
  /** The version of the terms applied: the booking's own copy once confirmed. */
  termsVersion: z.string(),
  daysBefore: z.number().int(),
  rate: z.number(),
  paidAmount: z.number(),
  feeAmount: z.number(),
  refundAmount: z.number(),
  /** Paid otherwise than by card (a cheque): the team refunds it by hand, never the provider. */
  otherwisePaidAmount: z.number(),
  payers: z.array(
    z.object({
      name: z.string(),
      participantId: z.string().nullable(),
      paidAmount: z.number(),
      refundAmount: z.number(),
    }),
  ),
});
export type CancellationPreview = z.infer<typeof cancellationPreview>;
export const cancellationPreviewResponse = successOf(cancellationPreview);
