import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PAYMENT_MESSAGES } from '@shared/api/payments.schema';
import { failureMessage } from '@renderer/shared/api/error-message';
import { saveDepositCard } from './api/deposit-card';

interface Props {
  bookingId: string;
  clientSecret: string;
  publishableKey: string;
  onSaved: (message: string) => void;
}

/** Where Stripe sends the organizer back after a bank's own page: the booking, which finishes the saving. */
export function depositCardReturnUrl(bookingId: string): string {
  return `${window.location.origin}/booking/${encodeURIComponent(bookingId)}?deposit-card=1`;
}

/**
 * The card saved for the deposit hold placed later (docs/decisions.md, "Card holds on a saved
 * card"): Stripe Elements on the SetupIntent, confirmed with `confirmSetup`, then told to the server.
 * Loaded only when the organizer opens it, with @stripe/stripe-js, like the card payment form.
 */
export default function DepositCardForm({ bookingId, clientSecret, publishableKey, onSaved }: Props) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [elements, setElements] = useState<StripeElements | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let canceled = false;
    void (async () => {
      const { loadStripe } = await import('@stripe/stripe-js');
      const loaded = await loadStripe(publishableKey, { locale: 'fr' });
      if (canceled || !loaded || !mountRef.current) {
        if (!loaded && !canceled) setError(PAYMENT_MESSAGES.configuration);
        return;
      }
      const created = loaded.elements({ clientSecret });
      created.create('payment').mount(mountRef.current);
      setStripe(loaded);
      setElements(created);
    })().catch(() => {
      if (!canceled) setError(PAYMENT_MESSAGES.initiatePayment);
    });
    return () => {
      canceled = true;
    };
  }, [publishableKey, clientSecret]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      const result = await stripe.confirmSetup({
        elements,
        confirmParams: { return_url: depositCardReturnUrl(bookingId) },
        redirect: 'if_required',
      });
      if (result.error) {
        setError(result.error.message ?? PAYMENT_MESSAGES.authorizationFailed);
        return;
      }
      onSaved((await saveDepositCard(bookingId, result.setupIntent.id)).message);
    } catch (caught) {
      setError(failureMessage(caught, { fallback: PAYMENT_MESSAGES.authorizationFailed }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label="Enregistrement de la carte pour la caution">
      <Stack gap="4">
        <Box ref={mountRef} minH="24">
          {!elements && !error && <Spinner aria-label="Chargement du formulaire de carte" />}
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
          loadingText="Enregistrement..."
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        >
          Enregistrer ma carte
        </Button>
      </Stack>
    </form>
  );
}
