import { z } from 'zod';
import { successOf } from './common.schema';

/** A refund sent to the provider, as the team follows it (docs/decisions.md, "Refunds followed to their end"). */
export const PROVIDER_REFUND_STATUS_LABELS = {
  pending: 'En cours',
  succeeded: 'Remboursé',
  failed: 'Échec',
  canceled: 'Annulé',
  retried: 'Relancé',
  resolved: 'Réglé à la main',
} as const;

/** Stripe's `failure_reason` of a refund, in French (https://docs.stripe.com/refunds#failed-refunds). */
export function refundFailureText(reason: string | null): string | null {
  if (!reason) return null;
  const texts: Record<string, string> = {
    expired_or_canceled_card: 'La carte du client est expirée ou résiliée',
    lost_or_stolen_card: 'La carte du client a été déclarée perdue ou volée',
    declined: 'La banque du client a refusé le remboursement',
    charge_for_pending_refund_disputed: 'Le paiement fait l’objet d’une contestation',
    insufficient_funds: 'Le solde du compte Stripe du parc ne suffit pas',
  };
  return texts[reason] ?? 'Le prestataire de paiement n’a pas pu effectuer le remboursement';
}

export const providerRefundView = z.object({
  _id: z.string(),
  paymentId: z.string(),
  amount: z.number(),
  status: z.enum(['pending', 'succeeded', 'failed', 'canceled', 'retried', 'resolved']),
  statusLabel: z.string(),
  failure: z.string().nullable(),
  createdAt: z.string(),
});
export const providerRefundParams = z.object({ id: z.string(), refundId: z.string() });
export const providerRefundResponse = successOf(providerRefundView).extend({ message: z.string() });
