import { z } from 'zod';
import { successOf, successWithMessageOf, text } from './common.schema';

/**
 * A participant leaving a collective booking (docs/decisions.md, "Group shares"): what they get back
 * under the booking's frozen cancellation terms. Every text they read is here, in French.
 */
export const LEAVE_MESSAGES = {
  left: 'Vous avez quitté la réservation',
  organizerCannotLeave: 'L’organisateur ne peut pas quitter la réservation : il peut l’annuler.',
  closed: 'Le délai de paiement est passé : vous ne pouvez plus quitter cette réservation. Contactez notre équipe.',
  notByCard: 'Votre part a été réglée autrement que par carte : contactez notre équipe pour quitter la réservation.',
} as const;

export const leaveQuote = z.object({
  paidAmount: z.number(),
  feeAmount: z.number(),
  refundAmount: z.number(),
  rate: z.number(),
});
export type LeaveQuote = z.infer<typeof leaveQuote>;

export const leavePreviewResponse = successOf(leaveQuote);
export const leaveResponse = successWithMessageOf(leaveQuote, text());
