import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { PAYMENT_MESSAGES } from '@shared/payment-messages';
import { failureMessage } from '@renderer/shared/api/error-message';
import { notify } from '@renderer/shared/ui/toaster';
import { saveDepositCard, startDepositCardSetup } from './api/deposit-card';
import { useStripeConfig } from './api/get-stripe-config';
import { useRefreshBooking } from './use-refresh-booking';

const DepositCardForm = lazy(() => import('./deposit-card-form'));

/** The SetupIntent Stripe names in the return address after a bank's own page, if any. */
function returnedSetupIntent(): string | null {
  const query = new URLSearchParams(window.location.search);
  return query.get('redirect_status') === 'succeeded' ? query.get('setup_intent') : null;
}

/**
 * Before the hold window opens, the organizer may save the card now (docs/decisions.md, "Card holds
 * on a saved card"): the consent text the server answers with the SetupIntent, then the card form.
 */
export function DepositCardSetup({ bookingId }: { bookingId: string }) {
  const config = useStripeConfig();
  const refresh = useRefreshBooking();
  const setup = useMutation({ mutationFn: () => startDepositCardSetup(bookingId) });
  const returned = useMutation({
    mutationFn: (setupIntentId: string) => saveDepositCard(bookingId, setupIntentId),
    onSuccess: (answer) => onSaved(answer.message),
  });

  function onSaved(message: string) {
    notify.success(message);
    void refresh();
  }

  const returnedId = returnedSetupIntent();
  const { mutate: saveReturned } = returned;
  useEffect(() => {
    if (returnedId) saveReturned(returnedId);
  }, [returnedId, saveReturned]);

  const publishableKey = config.data?.publishable_key;
  if (setup.isError || returned.isError) {
    return (
      <Alert.Root status="error" data-testid="deposit-card-error">
        <Alert.Indicator />
        <Alert.Title>
          {failureMessage(setup.error ?? returned.error, { fallback: PAYMENT_MESSAGES.initiatePayment })}
        </Alert.Title>
      </Alert.Root>
    );
  }
  if (!setup.data) {
    return (
      <Stack gap="2" align="flex-start">
        <Text>
          Vous pouvez dès maintenant enregistrer votre carte : la caution sera alors placée sans autre action de votre
          part.
        </Text>
        <Button
          variant="outline"
          size="lg"
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          loading={setup.isPending || returned.isPending}
          onClick={() => setup.mutate()}
        >
          Enregistrer ma carte pour la caution
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="4" data-testid="deposit-card-setup">
      <Text fontSize="sm" data-testid="deposit-card-consent">
        {setup.data.consent}
      </Text>
      {config.isPending ? (
        <Spinner role="status" aria-label="Chargement du formulaire de carte" />
      ) : publishableKey ? (
        <Suspense fallback={<Spinner role="status" aria-label="Chargement du formulaire de carte" />}>
          <DepositCardForm
            bookingId={bookingId}
            clientSecret={setup.data.client_secret}
            publishableKey={publishableKey}
            onSaved={onSaved}
          />
        </Suspense>
      ) : (
        <Text role="alert">{PAYMENT_MESSAGES.configuration}</Text>
      )}
    </Stack>
  );
}
