import { z } from 'zod';
import { successOf } from './common.schema';
import { depositCardSavedBody, depositCardSetup } from './deposit-card.schema';

/**
 * The organizer's guarantee of a collective payment (docs/decisions.md, "The organizer's guarantee"):
 * their card is saved (not charged) when they accept, what is still unpaid at the due date is
 * charged to it, and they choose what happens when a participant pays after that charge.
 */
export const GUARANTEE_SETTLEMENTS = ['refund', 'self'] as const;
export type GuaranteeSettlement = (typeof GUARANTEE_SETTLEMENTS)[number];

export const GUARANTEE_SETTLEMENT_LABELS: Record<GuaranteeSettlement, string> = {
  refund: 'Me rembourser automatiquement quand un participant paie plus tard',
  self: 'Je m’arrange moi-même avec les participants',
};

/** What the organizer accepts when saving the card (the CNIL asks for the purpose, the keeping time, no CVC). */
export const GUARANTEE_CONSENT =
  'En enregistrant votre carte, vous garantissez le paiement du groupe : elle n’est pas débitée maintenant. À la date limite de paiement, le parc débite sur cette carte, sans nouvelle action de votre part, uniquement ce que les participants n’auront pas encore réglé pour cette réservation, et vous en avertit par e-mail. Votre carte est conservée par notre prestataire de paiement jusqu’à la fin du séjour ; le cryptogramme (CVC) n’est jamais conservé.';

export const GUARANTEE_MESSAGES = {
  notCollective: 'La garantie de l’organisateur n’est possible qu’avec le paiement collectif.',
  settlement: 'Choisissez comment régler les paiements tardifs des participants : « refund » ou « self ».',
  saved:
    'Votre carte est enregistrée : ce qui restera impayé à la date limite y sera débité, puis la réservation sera confirmée.',
  alreadyCharged: 'La garantie a déjà été débitée pour cette réservation.',
} as const;

export const guaranteeSetupBody = z.object({
  settlement: z.enum(GUARANTEE_SETTLEMENTS, { error: GUARANTEE_MESSAGES.settlement }),
});
export const guaranteeSetupResponse = successOf(depositCardSetup.extend({ settlement: z.enum(GUARANTEE_SETTLEMENTS) }));
export const guaranteeSavedBody = depositCardSavedBody;
export const guaranteeSavedResponse = successOf(
  z.object({ saved: z.literal(true), chargeAt: z.string(), settlement: z.enum(GUARANTEE_SETTLEMENTS) }),
).extend({ message: z.string() });
