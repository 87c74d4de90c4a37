import { z } from 'zod';
import { countOf } from '../plural';
import { successOf } from './common.schema';
import { depositCardSavedBody, depositCardSetup } from './deposit-card.schema';
// The choices live in the zod-free guarantee-choices.ts (docs/decisions.md, performance rule 24).
import {
  DUE_CHOICE_LABELS,
  DUE_CHOICES,
  GUARANTEE_SETTLEMENTS,
  type DueChoice,
  type GuaranteeSettlement,
} from '../guarantee-choices';

/**
 * The organizer's guarantee of a collective payment (docs/decisions.md, "The organizer's guarantee"):
 * their card is saved (not charged) when they accept, what is still unpaid at the due date is
 * charged to it, and they choose what happens when a participant pays after that charge.
 */
export { DUE_CHOICE_LABELS, DUE_CHOICES, GUARANTEE_SETTLEMENTS, type DueChoice, type GuaranteeSettlement };

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

export const DUE_CHOICE_MESSAGES = {
  choice:
    'Choisissez « guarantee » (débiter ma carte de garantie), « on_site » (régler sur place) ou « drop_unpaid » (retirer du partage les participants qui n’ont pas payé).',
  nobodyToDrop: 'Seule votre part reste à régler : il n’y a aucun participant à retirer du partage.',
  /** `mailed`: the payers whose share grew, told by e-mail what they still owe (share-recompute.ts). */
  dropped: (count: number, mailed: number) =>
    `${countOf(count, 'participant retiré', 'participants retirés')} du partage : les parts sont recalculées${
      mailed === 0
        ? ''
        : mailed === 1
          ? ' et le participant qui avait déjà payé a reçu par e-mail ce qui lui reste à régler'
          : ` et les ${mailed} participants qui avaient déjà payé ont reçu par e-mail ce qui leur reste à régler`
    }.`,
  noGuarantee: 'Aucune carte de garantie n’est enregistrée pour cette réservation : choisissez de régler sur place.',
  alreadyChosen: 'Votre choix est déjà enregistré : contactez notre équipe pour le changer.',
  nothingUnpaid: 'Tous les participants ont réglé leur part : il n’y a rien à choisir.',
  refused:
    'Votre banque a refusé le débit sur votre carte de garantie : réglez le reste depuis cette page ou contactez notre équipe.',
} as const;

export const dueChoiceBody = z.object({ choice: z.enum(DUE_CHOICES, { error: DUE_CHOICE_MESSAGES.choice }) });
export const dueChoiceResponse = successOf(
  z.object({ choice: z.enum(DUE_CHOICES), amountCents: z.number().int() }),
).extend({ message: z.string() });
