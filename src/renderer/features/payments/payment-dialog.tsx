import { Alert, Button, CloseButton, Dialog, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { PAYMENT_MESSAGES } from '@shared/payment-messages';
import { errorCode } from '@renderer/shared/api/error-message';
import { formatEuros } from '@renderer/shared/format/format';
import { notify } from '@renderer/shared/ui/toaster';
import { createIntent, type Payer } from './api/create-payment-intent';
import { useStripeConfig } from './api/get-stripe-config';
import { useRefreshBooking } from './use-refresh-booking';
import { intentErrorMessage } from './payment-flow';
import { TestCardForm } from './test-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

interface Props {
  bookingId: string;
  payer: Payer;
  deposit: boolean;
  label: string;
  amount: number;
}

/** The payment modal of SPEC.md §2: Stripe Elements in stripe mode, the built-in test form otherwise. */
export function PaymentDialog({ bookingId, payer, deposit, label, amount }: Props) {
  const [open, setOpen] = useState(false);
  const config = useStripeConfig();
  const refresh = useRefreshBooking();
  const intent = useMutation({
    mutationFn: () => createIntent(bookingId, payer),
    // Already paid or authorized (another tab): the section is out of date, and says so once refreshed.
    onError: (error) => {
      const code = errorCode(error);
      if (code === 'ALREADY_AUTHORIZED' || code === 'ALREADY_PAID') void refresh();
    },
  });
  const participantId = payer.kind === 'participant' ? payer.participantId : undefined;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) intent.mutate();
    else intent.reset();
  };

  const onDone = (message: string) => {
    setOpen(false);
    intent.reset();
    notify.success(message);
    void refresh();
  };

  const misconfigured = config.data?.payment_mode === 'stripe' && !config.data.publishable_key;

  let body;
  if (misconfigured) {
    body = (
      <Stack gap="4" role="alert">
        <Text fontWeight="semibold">{PAYMENT_MESSAGES.configuration}</Text>
        <Button variant="outline" size="lg" alignSelf="flex-start" onClick={() => onOpenChange(false)}>
          Retour
        </Button>
      </Stack>
    );
  } else if (intent.isError) {
    body = (
      <Alert.Root status="error" data-testid="payment-error">
        <Alert.Indicator />
        <Alert.Title>{intentErrorMessage(intent.error)}</Alert.Title>
      </Alert.Root>
    );
  } else if (!intent.data || !config.data) {
    body = <Spinner role="status" aria-label="Préparation du paiement" />;
  } else if (config.data.payment_mode === 'stripe') {
    body = (
      <Suspense fallback={<Spinner role="status" aria-label="Chargement du formulaire de paiement" />}>
        <StripeCardForm
          bookingId={bookingId}
          intent={intent.data}
          publishableKey={config.data.publishable_key!}
          deposit={deposit}
          participantId={participantId}
          onDone={onDone}
        />
      </Suspense>
    );
  } else {
    body = (
      <TestCardForm
        bookingId={bookingId}
        intent={intent.data}
        deposit={deposit}
        participantId={participantId}
        onDone={onDone}
      />
    );
  }

  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(event) => onOpenChange(event.open)}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Dialog.Trigger asChild>
        <Button
          colorPalette="brand"
          size="lg"
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          data-testid="pay-button"
        >
          {label}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{deposit ? 'Autorisation de caution' : 'Paiement par carte'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>
                  Montant : <strong>{formatEuros(intent.data?.amount ?? amount)}</strong>
                  {deposit && ' (empreinte bancaire, aucun débit immédiat)'}
                </Text>
                {body}
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton aria-label="Fermer" size="md" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
