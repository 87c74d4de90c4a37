import { z } from 'zod';
import { successWithMessageOf, text, trimmedText } from './common.schema';
import { cancellationPreview } from './group.schema';

/**
 * The organizer cancelling their booking (docs/decisions.md, "Payments", "Cancellation by the
 * organizer"): each payer refunded under the booking's frozen terms, as the preview said. Every text
 * the organizer reads of it is here, in French.
 */
export const CANCEL_MESSAGES = {
  canceled: 'Votre réservation est annulée : chaque payeur est remboursé selon nos conditions de vente',
  started: 'La sortie a déjà commencé : elle ne peut plus être annulée en ligne. Contactez notre équipe.',
  reasonTooLong: 'Le motif ne doit pas dépasser 1000 caractères',
  /** The reason kept when the organizer gives none. */
  defaultReason: 'Annulée par l’organisateur',
} as const;

/** POST …/{id}/cancel: the organizer's reason, optional. */
export const organizerCancelBody = z
  .object({ reason: trimmedText().max(1000, CANCEL_MESSAGES.reasonTooLong).optional() })
  // A POST without a body is a cancellation without a reason.
  .nullish();
export type OrganizerCancelBody = z.input<typeof organizerCancelBody>;

/** What the cancellation gave back: the preview's figures, applied. */
export const organizerCancelResponse = successWithMessageOf(cancellationPreview, text());
