import { Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { CancellationPreview } from '@shared/api/group.schema';
import { todayInParis } from '@shared/booking-days';
import { failureMessage } from '@renderer/shared/api/error-message';
import { formatEuros } from '@renderer/shared/format/numbers';
import { ConfirmDialog } from '@renderer/shared/ui/confirm-dialog';
import { notify } from '@renderer/shared/ui/toaster';
import { PayerRefunds } from '@renderer/shared/ui/payer-refunds';
import { useCancelBooking, useCancellationPreview } from './api/cancel-booking';

/** The statuses an organizer may still cancel from (the server checks it again). */
const CANCELABLE = new Set(['draft', 'prebooked', 'confirmed']);

/** What the cancellation gives back overall, in the words of the booking's frozen terms. */
export function cancellationSummary(preview: CancellationPreview): string {
  if (preview.paidAmount === 0) return 'Aucun paiement par carte n’a été fait : il n’y a rien à rembourser.';
  if (preview.refundAmount === 0) {
    return `${formatEuros(preview.paidAmount)} ont été payés : à ${preview.daysBefore} jours de la sortie, les conditions d’annulation de votre réservation ne prévoient aucun remboursement.`;
  }
  const fee = preview.feeAmount > 0 ? `, moins ${formatEuros(preview.feeAmount)} de frais d’annulation` : '';
  return `${formatEuros(preview.paidAmount)} ont été payés : à ${preview.daysBefore} jours de la sortie, les conditions d’annulation de votre réservation remboursent ${preview.rate} %${fee}, soit ${formatEuros(preview.refundAmount)}, chacun sur la carte qui a payé.`;
}

/**
 * The organizer cancels the booking (docs/decisions.md, "Payments", "Cancellation by the
 * organizer"): the confirmation shows who gets what back before anything happens.
 */
export function CancelBooking({
  bookingId,
  status,
  startDate,
}: {
  bookingId: string;
  status: string;
  startDate: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const preview = useCancellationPreview(bookingId, open);
  const cancel = useCancelBooking(bookingId);
  if (!CANCELABLE.has(status) || todayInParis() >= startDate) return null;

  const confirm = async () => {
    try {
      const answer = await cancel.mutateAsync(reason.trim() ? { reason: reason.trim() } : {});
      notify.success(answer.message);
      return true;
    } catch (error) {
      notify.error(failureMessage(error, { fallback: 'La réservation n’a pas pu être annulée' }));
      return false;
    }
  };
  const payers = preview.data?.payers.filter((payer) => payer.paidAmount > 0) ?? [];

  return (
    <Stack gap="2" mt="6" align="flex-start">
      <ConfirmDialog
        title="Annuler la réservation"
        confirmLabel="Annuler la réservation"
        cancelLabel="Garder la réservation"
        loadingText="Annulation en cours…"
        danger
        open={open}
        onOpenChange={setOpen}
        onConfirm={confirm}
        confirmDisabled={!preview.data}
        trigger={
          <Button variant="outline" colorPalette="red" minH="44px">
            Annuler la réservation
          </Button>
        }
      >
        <Stack gap="3">
          <Text>
            {preview.data
              ? cancellationSummary(preview.data)
              : preview.isError
                ? failureMessage(preview.error, { fallback: 'Le remboursement n’a pas pu être calculé' })
                : 'Calcul des remboursements…'}
          </Text>
          <PayerRefunds payers={payers} testId="cancel-payers" />
          {(preview.data?.otherwisePaidAmount ?? 0) > 0 && (
            <Text>
              {formatEuros(preview.data!.otherwisePaidAmount)} réglés autrement que par carte : notre équipe vous
              contacte pour vous les rendre.
            </Text>
          )}
          <Text>L’annulation est définitive : chaque participant en est informé par e-mail.</Text>
          <Field.Root>
            <Field.Label>Motif (facultatif)</Field.Label>
            <Textarea
              value={reason}
              maxLength={1000}
              rows={2}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
          </Field.Root>
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
