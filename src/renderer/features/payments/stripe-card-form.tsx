import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { PAYMENT_MESSAGES, type PaymentIntentView } from '@shared/api/payments.schema';
import { finishPayment } from './payment-flow';
import { useStripeElements } from './use-stripe-elements';

interface Props {
  bookingId: string;
  intent: PaymentIntentView;
  publishableKey: string;
  deposit: boolean;
  participantId?: string;
  onDone: (message: string) => void;
}

/**
 * Stripe Elements (Payment Element) for the intent's client secret. This module and
 * @stripe/stripe-js are loaded only when the mode is stripe; Stripe's script comes from its own host.
 * The return address is /booking-success, used only if the card needs a redirect.
 */
export default function StripeCardForm({ bookingId, intent, publishableKey, deposit, participantId, onDone }: Props) {
  const { mountRef, stripe, elements, error, setError } = useStripeElements(publishableKey, intent.client_secret);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: {
          return_url: `${window.location.origin}/booking-success?bookingId=${encodeURIComponent(bookingId)}`,
        },
        redirect: 'if_required',
      });
      if (result.error) {
        setError(
          result.error.message ?? (deposit ? PAYMENT_MESSAGES.authorizationFailed : PAYMENT_MESSAGES.paymentFailed),
        );
        return;
      }
      onDone(
        await finishPayment(
          bookingId,
          { intentId: result.paymentIntent.id, status: result.paymentIntent.status },
          { deposit, participantId },
        ),
      );
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : PAYMENT_MESSAGES.paymentFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label="Paiement par carte">
      <Stack gap="4">
        <Box ref={mountRef} minH="24">
          {!elements && !error && <Spinner aria-label="Chargement du formulaire de paiement" />}
        </Box>
        {error && (
          <Text color="fg.error" role="alert" data-testid="card-error">
            {error}
          </Text>
        )}
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          loading={busy}
          disabled={!elements}
          loadingText="Paiement en cours..."
        >
          {deposit ? 'Autoriser la caution' : 'Payer'}
        </Button>
      </Stack>
    </form>
  );
}
