import { Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Send } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import {
  PAYMENT_TYPE_LABELS,
  PAYMENT_TYPES,
  STAFF_MESSAGES,
  type PaymentConfigBody,
  type StaffBookingDetail,
} from '@shared/api/staff.schema';
import { defaultDueDate, depositAvailableFrom } from '@shared/payment-rules';
import { formatEuros, formatLongDate } from '@renderer/shared/format/format';
import { SubmitButton } from '@renderer/shared/forms/fields';
import { LabelledSelect } from '@renderer/shared/forms/labelled-select';
import { FormField, useZodForm } from '@renderer/shared/ui/form';
import { ConfirmDialog } from '../ui/confirm-dialog';
import {
  NEEDS_AMOUNT,
  NEEDS_PERCENTAGE,
  paymentConfigFormSchema,
  toDateTimeLocal,
  toPaymentConfigBody,
  type PaymentConfigFormValues,
} from './payment-config-form.schema';

function euroText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value).replace('.', ',');
}

export function defaultPaymentConfigValues(detail: StaffBookingDetail, now = new Date()): PaymentConfigFormValues {
  const config = detail.paymentConfig;
  return {
    type: config?.type ?? '',
    totalAmount: euroText(config?.totalAmount ?? detail.estimatedTotal),
    amount: euroText(config?.amount),
    percentage: config?.percentage ? String(config.percentage) : '',
    dueDate: toDateTimeLocal(config ? new Date(config.dueDate) : defaultDueDate('', detail.startDate, now)),
    instructions: config?.instructions ?? '',
  };
}

/**
 * The payment config (type among the five, total, deposit or percentage, due date, instructions).
 * Saving it makes the booking pré-réservée and e-mails the quote to the organizer, so it asks for
 * confirmation first.
 */
export function PaymentConfigForm({
  detail,
  cardDepositMaxEuros,
  busy,
  onSubmit,
}: {
  detail: StaffBookingDetail;
  /** The park's setting (docs/decisions.md, "Card deposit ceiling"); undefined if it did not load. */
  cardDepositMaxEuros: number | undefined;
  busy: boolean;
  onSubmit: (body: PaymentConfigBody) => Promise<boolean>;
}) {
  const [pending, setPending] = useState<PaymentConfigBody | null>(null);
  const schema = useMemo(() => paymentConfigFormSchema(cardDepositMaxEuros), [cardDepositMaxEuros]);
  const { register, handleSubmit, watch, errors, setValue, getFieldState } = useZodForm(schema, {
    defaultValues: defaultPaymentConfigValues(detail),
  });
  const type = watch('type') as (typeof PAYMENT_TYPES)[number] | '';
  const depositHint =
    type === 'deposit_card' && cardDepositMaxEuros !== undefined
      ? STAFF_MESSAGES.paymentConfigCardDepositHint(cardDepositMaxEuros)
      : undefined;
  const holdFrom = depositAvailableFrom(detail.startDate);
  // A first quote's due date follows the type until the team changes it: a card deposit's option
  // lasts until its hold can be placed (defaultDueDate, docs/decisions.md, "The due date of a card deposit").
  const firstQuote = detail.paymentConfig === null;
  useEffect(() => {
    if (firstQuote && !getFieldState('dueDate').isDirty) {
      setValue('dueDate', toDateTimeLocal(defaultDueDate(type, detail.startDate)));
    }
  }, [type, firstQuote, detail.startDate, getFieldState, setValue]);

  const submit = handleSubmit((values) => setPending(toPaymentConfigBody(values)));

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Configuration du paiement">
        <Stack gap="4">
          <FormField label="Mode de paiement" required error={errors.type?.message}>
            <LabelledSelect
              registration={register('type')}
              values={PAYMENT_TYPES}
              labels={PAYMENT_TYPE_LABELS}
              placeholder="Choisir un mode de paiement"
            />
          </FormField>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label="Montant total (€)" required error={errors.totalAmount?.message}>
              <Input {...register('totalAmount')} inputMode="decimal" autoComplete="off" />
            </FormField>
            {type !== '' && NEEDS_AMOUNT.includes(type) && (
              <FormField
                label="Montant de la caution (€)"
                required
                error={errors.amount?.message}
                helperText={depositHint}
              >
                <Input {...register('amount')} inputMode="decimal" autoComplete="off" />
              </FormField>
            )}
            {type !== '' && NEEDS_PERCENTAGE.includes(type) && (
              <FormField label="Pourcentage payé maintenant (%)" required error={errors.percentage?.message}>
                <Input {...register('percentage')} inputMode="numeric" autoComplete="off" />
              </FormField>
            )}
            <FormField
              label="Date d’échéance"
              required
              error={errors.dueDate?.message}
              helperText={
                type === 'deposit_card'
                  ? `L’empreinte peut être prise à partir du ${formatLongDate(holdFrom)} : l’échéance ne peut pas précéder ce jour`
                  : 'Par défaut 24 h après la validation (conditions de vente)'
              }
            >
              <Input {...register('dueDate')} type="datetime-local" />
            </FormField>
          </SimpleGrid>
          <FormField label="Instructions pour le client" error={errors.instructions?.message}>
            <Textarea {...register('instructions')} rows={3} maxLength={2000} />
          </FormField>
          <SubmitButton icon={<Send aria-hidden />} loading={busy} size="md" inline>
            Enregistrer et envoyer le devis
          </SubmitButton>
        </Stack>
      </form>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Envoyer le devis au client ?"
        confirmLabel="Confirmer et envoyer"
        busy={busy}
        onConfirm={() => {
          if (!pending) return;
          void onSubmit(pending).then((ok) => ok && setPending(null));
        }}
      >
        {pending && (
          <Stack gap="2">
            <Text>
              {PAYMENT_TYPE_LABELS[pending.type]} pour un total de {formatEuros(pending.totalAmount ?? 0)}.
            </Text>
            <Text>
              La réservation devient pré-réservée et l’organisateur reçoit un e-mail « votre devis est prêt ».
            </Text>
          </Stack>
        )}
      </ConfirmDialog>
    </>
  );
}
