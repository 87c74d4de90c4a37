import type { BookingPayment, CollectiveStatus, PaymentConfigView } from '@shared/api/payments.schema';
import { PAYMENT_TYPE_LABELS } from '@shared/payment-messages';
import { formatDateTime, formatEuros } from '@renderer/shared/format/format';

/** One line of the Paiement section's amounts: a label and its value, as read. */
export interface AmountRow {
  label: string;
  value: string;
}

/** The reader's own share of a collective payment (their entry of the collective status). */
export type OwnShare = Pick<CollectiveStatus['participants'][number], 'paymentStatus' | 'paymentAmount' | 'paidAt'>;

export interface AmountsInput {
  config: PaymentConfigView;
  status: BookingPayment['status'];
  /** The booking's total (the payment config's), in euros. */
  total: number;
  collective: CollectiveStatus | null;
  isOrganizer: boolean;
  /** The reader's share when the payment is collective and they have an entry in it. */
  ownShare: OwnShare | undefined;
}

export const AMOUNT_LABELS = {
  type: 'Type de paiement',
  deposit: 'Montant de la caution',
  due: 'Montant à payer',
  paid: 'Montant payé',
  remaining: 'Reste à payer',
  balance: 'Solde à régler le jour de l’arrivée',
  total: 'Total de la réservation',
  ownShare: 'Ma part',
  ownShareStatus: 'État de ma part',
  dueDate: 'Date limite de paiement',
} as const;

const cents = (euros: number) => Math.round(euros * 100);
const euros = (amountCents: number) => formatEuros(Math.max(amountCents, 0) / 100);

/** 'Payée le 12/06/2030 à 10:00', 'À payer' or 'Non requise': where the reader's share stands. */
export function ownShareStatusText(share: OwnShare): string {
  if (share.paymentStatus === 'paid') return share.paidAt ? `Payée le ${formatDateTime(share.paidAt)}` : 'Payée';
  return share.paymentStatus === 'pending' ? 'À payer' : 'Non requise';
}

/**
 * What the organizer has paid, in cents. The API gives the paid amount of a collective payment
 * only; for the others it follows from the status: a partial payment's 'partial' is its down
 * payment (`config.amount`), 'paid' the whole total.
 */
function paidCentsOf({ config, status, total, collective }: AmountsInput): number {
  if (config.type === 'collective_payment') return cents(collective?.paidAmount ?? 0);
  if (status === 'paid') return cents(total);
  if (status === 'partial') return cents(config.amount);
  return 0;
}

/**
 * The amounts of the Paiement section (SPEC.md §2, §4), as each reader owes them: a participant of
 * a collective payment reads their share and whether it is paid; the organizer the total, what is
 * paid so far and what remains. An amount already settled is never shown as 'à payer', and the
 * due date only while something is still to be paid online.
 */
export function paymentAmountRows(input: AmountsInput): AmountRow[] {
  const { config, total, isOrganizer, ownShare } = input;
  const type = { label: AMOUNT_LABELS.type, value: PAYMENT_TYPE_LABELS[config.type] };
  const totalRow = { label: AMOUNT_LABELS.total, value: formatEuros(total) };
  const dueDate = { label: AMOUNT_LABELS.dueDate, value: formatDateTime(config.dueDate) };

  if (config.type === 'deposit_card' || config.type === 'deposit_check') {
    const settled = input.status === 'authorized';
    return [
      type,
      { label: AMOUNT_LABELS.deposit, value: formatEuros(config.amount) },
      totalRow,
      ...(settled ? [] : [dueDate]),
    ];
  }

  const totalCents = cents(total);
  const paidCents = Math.min(paidCentsOf(input), totalCents);
  const rows: AmountRow[] = [type];
  let dueNow = false;

  if (config.type === 'collective_payment') {
    if (ownShare) {
      rows.push(
        ...(ownShare.paymentAmount !== null
          ? [{ label: AMOUNT_LABELS.ownShare, value: formatEuros(ownShare.paymentAmount) }]
          : []),
        { label: AMOUNT_LABELS.ownShareStatus, value: ownShareStatusText(ownShare) },
      );
      dueNow = ownShare.paymentStatus === 'pending';
    }
    rows.push(totalRow);
    if (isOrganizer) {
      rows.push({ label: AMOUNT_LABELS.paid, value: euros(paidCents) });
      if (paidCents < totalCents) {
        rows.push({ label: AMOUNT_LABELS.remaining, value: euros(totalCents - paidCents) });
        dueNow = true;
      }
    }
  } else {
    rows.push(totalRow);
    if (paidCents > 0) rows.push({ label: AMOUNT_LABELS.paid, value: euros(paidCents) });
    if (input.status === 'unpaid') {
      rows.push({ label: AMOUNT_LABELS.due, value: formatEuros(config.amount) });
      dueNow = true;
    }
    if (config.type === 'partial_payment_card' && paidCents < totalCents) {
      const afterDownPayment = paidCents > 0 ? totalCents - paidCents : totalCents - cents(config.amount);
      rows.push({ label: AMOUNT_LABELS.balance, value: euros(afterDownPayment) });
    }
  }
  return dueNow ? [...rows, dueDate] : rows;
}
