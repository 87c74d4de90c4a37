import { z } from 'zod';
import { successOf } from './common.schema';

/**
 * What the organizer accepts when saving the card for the deposit hold (docs/decisions.md, "Card
 * holds"; the CNIL asks that the purpose, the keeping time and the absence of the CVC be told).
 */
export const DEPOSIT_CARD_CONSENT =
  'En enregistrant votre carte, vous autorisez le parc à l’utiliser uniquement pour l’empreinte bancaire de la caution de cette réservation : elle est placée sans nouvelle action de votre part 6 jours avant votre venue, renouvelée si le séjour dure plus longtemps que sa validité, puis libérée après le séjour. Aucun montant n’est débité sauf dommage constaté. Votre carte est conservée par notre prestataire de paiement jusqu’à la fin du séjour ; le cryptogramme (CVC) n’est jamais conservé.';

export const DEPOSIT_CARD_MESSAGES = {
  unavailable:
    'L’enregistrement de la carte n’est pas disponible pour le moment : autorisez la caution depuis cette page à partir du jour indiqué.',
  setupNotFound: 'Enregistrement de carte introuvable : recommencez depuis la page de votre réservation.',
  notConfirmed: 'Votre carte n’a pas encore été confirmée : terminez la saisie de la carte puis réessayez.',
  saved: 'Votre carte est enregistrée : la caution sera placée automatiquement 6 jours avant votre venue.',
} as const;

export const depositCardSetup = z.object({
  client_secret: z.string(),
  setupIntentId: z.string(),
  consent: z.string(),
  saved: z.boolean(),
});
export const depositCardSetupResponse = successOf(depositCardSetup);
export const depositCardSavedBody = z.object({
  setupIntentId: z
    .string({ error: DEPOSIT_CARD_MESSAGES.setupNotFound })
    .min(1, DEPOSIT_CARD_MESSAGES.setupNotFound)
    .max(255),
});
export const depositCardSavedResponse = successOf(z.object({ saved: z.literal(true), holdFrom: z.string() })).extend({
  message: z.string(),
});
