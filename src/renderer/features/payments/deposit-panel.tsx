import { Alert, Stack, Text } from '@chakra-ui/react';
import { PAYMENT_MESSAGES } from '@shared/payment-messages';
import { todayInParis } from '@shared/booking-days';
import { failureMessage, httpStatus } from '@renderer/shared/api/error-message';
import { formatEuros, formatLongDate } from '@renderer/shared/format/format';
import { useDepositStatus, type DepositStatus } from './api/get-deposit-status';
import { DepositCardSetup } from './deposit-card-setup';
import { PaymentDialog } from './payment-dialog';

const STATUS_TEXT = {
  captured: 'Une partie de votre caution a été encaissée par le parc.',
  released: 'Votre caution a été libérée.',
} as const;

/** '150' or '150,50', as the server writes the n of SPEC.md §8's 'Votre caution de n€ est déjà autorisée'. */
function eurosText(amount: number): string {
  return new Intl.NumberFormat('fr-FR', {
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  })
    .format(amount)
    .replace(/\u202f|\u00a0/g, ' ');
}

/**
 * The hold refused on the saved card (a decline, or the bank asking the holder): what the failure
 * e-mail's link leads to, the card's answer and the on-session authorization.
 */
function HoldFailed({ bookingId, canAct, deposit }: { bookingId: string; canAct: boolean; deposit: DepositStatus }) {
  return (
    <Stack gap="3">
      <Alert.Root status="warning" data-testid="deposit-failed">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>La caution n’a pas pu être placée sur votre carte : {deposit.failure}</Alert.Title>
          <Alert.Description>
            Pour que votre réservation reste valable, autorisez la caution ci-dessous, avec cette carte ou une autre.
            Aucun montant n’est débité.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {canAct && deposit.canAuthorizeNow && (
        <PaymentDialog
          bookingId={bookingId}
          payer={{ kind: 'organizer' }}
          deposit
          label="Autoriser ma caution"
          amount={deposit.amount}
        />
      )}
    </Stack>
  );
}

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
  if (deposit.status === 'authorized') {
    // SPEC.md §8's sentence, the one the server answers when the hold is asked for again.
    return (
      <Alert.Root status="success" data-testid="deposit-status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{PAYMENT_MESSAGES.depositAlreadyAuthorized(eurosText(deposit.amount))}</Alert.Title>
          <Alert.Description>
            Aucun montant n’est débité : l’empreinte sera libérée après votre séjour.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (deposit.status === 'captured' || deposit.status === 'released') {
    return (
      <Alert.Root status="success" data-testid="deposit-status">
        <Alert.Indicator />
        <Alert.Title>{STATUS_TEXT[deposit.status]}</Alert.Title>
      </Alert.Root>
    );
  }
  if (deposit.failure) return <HoldFailed bookingId={bookingId} canAct={canAct} deposit={deposit} />;
  if (deposit.status === 'none' && deposit.savedCard === 'saved') {
    return (
      <Alert.Root status="info" data-testid="deposit-planned">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            Votre carte est enregistrée : la caution de {formatEuros(deposit.amount)} sera placée automatiquement le{' '}
            {formatLongDate(deposit.availableFrom)}.
          </Alert.Title>
          <Alert.Description>
            Aucun montant n’est débité : l’empreinte sera libérée après votre séjour.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (todayInParis() < deposit.availableFrom) {
    return (
      <Stack gap="4">
        <Alert.Root status="info" data-testid="deposit-later">
          <Alert.Indicator />
          <Alert.Title>
            La caution de {formatEuros(deposit.amount)} pourra être autorisée à partir du{' '}
            {formatLongDate(deposit.availableFrom)}.
          </Alert.Title>
        </Alert.Root>
        {canAct && deposit.savedCard === 'none' && deposit.status === 'none' && (
          <DepositCardSetup bookingId={bookingId} />
        )}
      </Stack>
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
