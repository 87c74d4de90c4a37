/**
 * The organizer's choices of the guarantee (docs/decisions.md, "The organizer's guarantee"), without
 * the schemas of their calls (api/guarantee.schema.ts re-exports them): the booking page's payment
 * section does not load zod with them (docs/decisions.md, performance rule 24).
 */

/** What happens when a participant pays after the organizer's card was charged for them. */
export const GUARANTEE_SETTLEMENTS = ['refund', 'self'] as const;
export type GuaranteeSettlement = (typeof GUARANTEE_SETTLEMENTS)[number];

/** What the organizer chooses at D-2 for the shares still unpaid (docs/decisions.md, "The organizer's guarantee"). */
export const DUE_CHOICES = ['guarantee', 'on_site', 'drop_unpaid'] as const;
export type DueChoice = (typeof DUE_CHOICES)[number];

/** How the booking page names each choice at D-2. */
export const DUE_CHOICE_LABELS: Record<DueChoice, string> = {
  guarantee: 'Débiter le reste sur ma carte de garantie',
  on_site: 'Régler le reste sur place le jour de la sortie',
  drop_unpaid: 'Retirer du partage les participants qui n’ont pas payé',
};
