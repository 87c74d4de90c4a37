import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { PAYMENT_MESSAGES } from '@shared/api/payments.schema';
import { failureMessage } from '@renderer/shared/api/error-message';
import { useStripeElements } from './use-stripe-elements';

export interface CardSetupFormProps {
  clientSecret: string;
  publishableKey: string;
  /** Where Stripe sends the organizer back after a bank's own page. */
  returnUrl: string;
  /** Tells the server the SetupIntent is confirmed; answers its French message. */
  save: (setupIntentId: string) => Promise<{ message: string }>;
  onSaved: (message: string) => void;
  formLabel: string;
}

/**
 * A card saved, not charged (docs/decisions.md, "Card holds on a saved card"): Stripe Elements on
 * the SetupIntent, confirmed with `confirmSetup`, then told to the server. The deposit's card and
 * the organizer's guarantee use it.
 */
export default function CardSetupForm({
  clientSecret,
  publishableKey,
  returnUrl,
  save,
  onSaved,
  formLabel,
}: CardSetupFormProps) {
  const { mountRef, stripe, elements, error, setError } = useStripeElements(publishableKey, clientSecret);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      const result = await stripe.confirmSetup({
        elements,
        confirmParams: { return_url: returnUrl },
        redirect: 'if_required',
      });
      if (result.error) {
        setError(result.error.message ?? PAYMENT_MESSAGES.authorizationFailed);
        return;
      }
      onSaved((await save(result.setupIntent.id)).message);
    } catch (caught) {
      setError(failureMessage(caught, { fallback: PAYMENT_MESSAGES.authorizationFailed }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label={formLabel}>
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
