import { DataList, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dataListSlotRecipe } from '@chakra-ui/react/theme';
import { useState } from 'react';
import { STAFF_MESSAGES, type CancelBody, type StaffBookingDetail } from '@shared/api/staff.schema';
import { todayInParis } from '@shared/booking-days';
import { centsToEuros, eurosToCents } from '@shared/money';
import { quoteRefund } from '@shared/refund-policy';
import { isBlank, trimInvisible } from '@shared/validation';
import { formatEuros } from '@renderer/shared/format/format';
import { ConfirmDialog, ConfirmOption } from '../ui/confirm-dialog';
import { getCancellationPreview } from './api/cancellation-preview';
import { PayerRefunds } from '@renderer/shared/ui/payer-refunds';

/**
 * The refund the terms give (SPEC.md §9) for what was paid, with the team's two choices: withhold
 * the 10 € fee or not, and "the park cancels" (weather, force majeure: everything back). The same
 * shared rule the server applies, so the figure shown is the figure refunded.
 */
export function refundPreview(detail: StaffBookingDetail, options: { withFee: boolean; parkCancels: boolean }) {
  const quote = quoteRefund(eurosToCents(detail.paymentState.paidAmount), todayInParis(), detail.startDate, {
    ...options,
    terms: detail.cancellationTerms,
  });
  return {
    daysBefore: quote.daysBefore,
    rate: quote.rate,
    paid: centsToEuros(quote.paidCents),
    fee: centsToEuros(quote.feeCents),
    refund: centsToEuros(quote.refundCents),
  };
}

export function CancelDialog({
  detail,
  open,
  onOpenChange,
  busy,
  onConfirm,
}: {
  detail: StaffBookingDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onConfirm: (body: CancelBody) => void;
}) {
  const [reason, setReason] = useState('');
  const [withFee, setWithFee] = useState(true);
  const [parkCancels, setParkCancels] = useState(false);
  const [showError, setShowError] = useState(false);
  const preview = refundPreview(detail, { withFee, parkCancels });
  // Who gets what back: the payers as the refund will share it (docs/decisions.md, "Payments").
  const perPayer = useQuery({
    queryKey: ['cancellation-preview', detail._id, withFee, parkCancels],
    queryFn: () => getCancellationPreview(detail._id, { withFee, parkCancels }),
    enabled: open,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const payers = perPayer.data?.payers ?? [];
  const missingReason = isBlank(reason);

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setShowError(false);
        onOpenChange(next);
      }}
      title={`Annuler la réservation ${detail.bookingRequestId} ?`}
      confirmLabel="Confirmer l’annulation"
      danger
      busy={busy}
      onConfirm={() => {
        if (missingReason) return setShowError(true);
        onConfirm({ reason: trimInvisible(reason), withFee, parkCancels });
      }}
    >
      <Stack gap="4">
        <Text>L’annulation est définitive : l’organisateur en est informé par e-mail.</Text>
        <Field.Root required invalid={showError && missingReason}>
          <Field.Label>
            Motif de l’annulation
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            value={reason}
            maxLength={1000}
            rows={3}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          {showError && missingReason && <Field.ErrorText>{STAFF_MESSAGES.cancelReason}</Field.ErrorText>}
        </Field.Root>
        <ConfirmOption checked={parkCancels} onChange={setParkCancels}>
          Annulation par le parc (météo, force majeure) : tout est remboursé
        </ConfirmOption>
        {!parkCancels && (
          <ConfirmOption checked={withFee} onChange={setWithFee}>
            Retenir les frais de dossier (10 €)
          </ConfirmOption>
        )}
        <DataList.Root
          recipe={dataListSlotRecipe}
          orientation="horizontal"
          size="sm"
          data-testid="refund-quote"
          aria-label="Remboursement"
        >
          <DataList.Item>
            <DataList.ItemLabel>Jours avant l’événement</DataList.ItemLabel>
            <DataList.ItemValue>{preview.daysBefore}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Déjà payé</DataList.ItemLabel>
            <DataList.ItemValue>{formatEuros(preview.paid)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Taux de remboursement</DataList.ItemLabel>
            <DataList.ItemValue>{preview.rate} %</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Frais retenus</DataList.ItemLabel>
            <DataList.ItemValue>{formatEuros(preview.fee)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel fontWeight="semibold">Remboursement</DataList.ItemLabel>
            <DataList.ItemValue fontWeight="semibold">{formatEuros(preview.refund)}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <PayerRefunds payers={payers} testId="refund-payers" />
      </Stack>
    </ConfirmDialog>
  );
}
