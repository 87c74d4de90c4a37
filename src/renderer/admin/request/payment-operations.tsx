import { Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HandCoins, Undo2 } from 'lucide-react';
import { useState } from 'react';
import type { StaffBookingDetail } from '@shared/api/staff.schema';
import { quoteRefund } from '@shared/refund-policy';
import { todayInParis } from '@shared/booking-days';
import { failureMessage } from '@renderer/shared/api/error-message';
import { formatEuros } from '@renderer/shared/format/format';
import { notify } from '@renderer/shared/ui/toaster';
import { ConfirmDialog, ConfirmOption } from '../ui/confirm-dialog';
import { requestDetailKey } from './api/get-request-detail';
import { runPaymentOperation, type PaymentOperation } from './api/payment-operations';

/**
 * What the team chose when it canceled (its audit entry): the refund dialog starts from it, so that
 * the refund is the one the cancellation e-mail announced (the server does the same by default).
 */
export function cancellationChoices(detail: StaffBookingDetail): { withFee: boolean; parkCancels: boolean } {
  const entry = detail.auditTrail.findLast((row) => row.action === 'cancel');
  const after = entry?.after ?? {};
  return {
    withFee: typeof after.withFee === 'boolean' ? after.withFee : true,
    parkCancels: typeof after.parkCancels === 'boolean' ? after.parkCancels : false,
  };
}

/**
 * Money after the fact (docs/decisions.md, "Payments"): the refund the terms give on a cancelled booking, and the part of
 * a card hold kept for damage. Both go through the payment provider on the server, which computes
 * the amounts; the screen only shows what the terms give (src/shared/refund-policy.ts).
 */
export function PaymentOperations({ detail }: { detail: StaffBookingDetail }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<'refund' | 'capture' | null>(null);
  const chosen = cancellationChoices(detail);
  const [withFee, setWithFee] = useState(chosen.withFee);
  const [parkCancels, setParkCancels] = useState(chosen.parkCancels);
  const [amount, setAmount] = useState('');
  const state = detail.paymentState;
  const cardPaid = state.payments
    .filter((row) => row.provider !== 'manual' && row.status === 'completed' && row.kind !== 'refund')
    .reduce((sum, row) => sum + row.capturedAmount - row.refundedAmount, 0);
  const hold = state.payments.find((row) => row.kind === 'deposit' && row.status === 'authorized');
  const canRefund = detail.status === 'canceled' && cardPaid > 0;

  const operation = useMutation({
    mutationFn: (op: PaymentOperation) => runPaymentOperation(detail._id, op),
    onSuccess: async (message) => {
      notify.success(message);
      setOpen(null);
      await queryClient.invalidateQueries({ queryKey: requestDetailKey(detail._id) });
    },
    onError: (error) => notify.error(failureMessage(error, { fallback: 'Erreur lors de l’opération de paiement' })),
  });

  if (!canRefund && !hold) return null;
  // The terms are those of the day it was canceled, as the server takes them.
  const cancelDay = todayInParis(detail.canceledAt ? new Date(detail.canceledAt) : new Date());
  const quote = quoteRefund(Math.round(cardPaid * 100), cancelDay, detail.startDate, {
    withFee,
    parkCancels,
    terms: detail.cancellationTerms,
  });
  const captureCents = Math.round(Number(amount.replace(',', '.')) * 100);
  const captureValid =
    Number.isFinite(captureCents) && captureCents > 0 && (!hold || captureCents <= hold.amount * 100);

  return (
    <Stack gap="3" borderTopWidth="1px" pt="4">
      <Flex gap="2" wrap="wrap">
        {canRefund && (
          <Button variant="outline" colorPalette="brand" onClick={() => setOpen('refund')}>
            <Undo2 aria-hidden />
            Rembourser selon les conditions
          </Button>
        )}
        {hold && (
          <Button variant="outline" colorPalette="brand" onClick={() => setOpen('capture')}>
            <HandCoins aria-hidden />
            Encaisser une partie de la caution
          </Button>
        )}
      </Flex>
      {open === 'refund' && (
        <ConfirmDialog
          open
          onOpenChange={(next) => !next && setOpen(null)}
          title="Rembourser le client"
          confirmLabel={`Rembourser ${formatEuros(quote.refundCents / 100)}`}
          busy={operation.isPending}
          confirmDisabled={quote.refundCents <= 0}
          onConfirm={() => operation.mutate({ kind: 'refund', withFee, parkCancels })}
        >
          <Stack gap="3">
            <Text>
              Payé par carte : {formatEuros(cardPaid)}. À {quote.daysBefore} jour(s) de l’événement, les conditions de
              vente remboursent {quote.rate} %, soit {formatEuros(quote.refundCents / 100)}
              {quote.feeCents > 0 ? ` après ${formatEuros(quote.feeCents / 100)} de frais de dossier` : ''}.
            </Text>
            <ConfirmOption checked={withFee} onChange={setWithFee}>
              Retenir les frais de dossier (10 €)
            </ConfirmOption>
            <ConfirmOption checked={parkCancels} onChange={setParkCancels}>
              Annulation par le parc (météo, force majeure) : remboursement intégral
            </ConfirmOption>
          </Stack>
        </ConfirmDialog>
      )}
      {open === 'capture' && hold && (
        <ConfirmDialog
          open
          onOpenChange={(next) => !next && setOpen(null)}
          title="Encaisser une partie de la caution"
          confirmLabel="Encaisser"
          busy={operation.isPending}
          confirmDisabled={!captureValid}
          onConfirm={() => operation.mutate({ kind: 'capture', amount: captureCents / 100 })}
        >
          <Stack gap="3">
            <Text>
              Caution autorisée : {formatEuros(hold.amount)}. Le reste de l’empreinte est libéré aussitôt après
              l’encaissement.
            </Text>
            <Field.Root required invalid={amount !== '' && !captureValid}>
              <Field.Label>
                Montant à encaisser (€)
                <Field.RequiredIndicator />
              </Field.Label>
              <Input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
              <Field.ErrorText>Montant invalide : entre 0,01 € et {formatEuros(hold.amount)}</Field.ErrorText>
            </Field.Root>
          </Stack>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
