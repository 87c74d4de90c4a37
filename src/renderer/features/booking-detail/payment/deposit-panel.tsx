import { Alert, Stack, Text } from '@chakra-ui/react';
import { PAYMENT_MESSAGES } from '@shared/api/payments.schema';
import { todayInParis } from '@shared/booking-days';
import { failureMessage, httpStatus } from '../../../shared/api/error-message';
import { formatEuros, formatLongDate } from '../../../shared/format/format';
import { useDepositStatus } from './payment-api';
import { PaymentDialog } from './payment-dialog';

const STATUS_TEXT = {
  authorized: 'Votre caution est autorisée : aucun montant n’est débité, l’empreinte sera libérée après votre séjour.',
  captured: 'Une partie de votre caution a été encaissée par le parc.',
  released: 'Votre caution a été libérée.',
} as const;

/** The card deposit flow of SPEC.md §4 and DESIGN.md §3 (hold from 6 days before the first day). */
export function DepositPanel({ bookingId, canAct }: { bookingId: string; canAct: boolean }) {
  const status = useDepositStatus(bookingId, true);
  if (status.isPending) return <Text color="fg.muted">Chargement de la caution…</Text>;
  if (status.isError) {
    const message =
      httpStatus(status.error) === 404
        ? failureMessage(status.error, { fallback: PAYMENT_MESSAGES.depositNotConfigured })
        : PAYMENT_MESSAGES.authorizationStatus;
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{message}</Alert.Title>
      </Alert.Root>
    );
  }
  const deposit = status.data;
  if (deposit.status === 'authorized' || deposit.status === 'captured' || deposit.status === 'released') {
    return (
      <Alert.Root status="success" data-testid="deposit-status">
        <Alert.Indicator />
        <Alert.Title>{STATUS_TEXT[deposit.status]}</Alert.Title>
      </Alert.Root>
    );
  }
  if (todayInParis() < deposit.availableFrom) {
    return (
      <Alert.Root status="info" data-testid="deposit-later">
        <Alert.Indicator />
        <Alert.Title>
          La caution de {formatEuros(deposit.amount)} pourra être autorisée à partir du{' '}
          {formatLongDate(deposit.availableFrom)}.
        </Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="3">
      <Text>
        Caution de {formatEuros(deposit.amount)} : une empreinte de votre carte est prise, sans débit, et libérée
        automatiquement après votre séjour.
      </Text>
      {canAct && deposit.canAuthorizeNow && (
        <PaymentDialog
          bookingId={bookingId}
          payer={{ kind: 'organizer' }}
          deposit
          label="Autoriser la caution"
          amount={deposit.amount}
        />
      )}
    </Stack>
  );
}
