import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useStripeElements } from './use-stripe-elements';

export interface ElementsFormProps {
  publishableKey: string;
  clientSecret: string;
  formLabel: string;
  /** Names the spinner shown while Stripe's frame loads. */
  loadingLabel: string;
  /** The submit button's text while `confirm` runs. */
  busyText: string;
  /** The submit button's text. */
  children: ReactNode;
  /** Full width on a phone, left-aligned from `sm` up. */
  stretchButton?: boolean;
  /**
   * Confirms with Stripe and tells the server; answers the French error to show under the
   * form, or nothing when done (the caller then reports success itself).
   */
  confirm: (stripe: Stripe, elements: StripeElements) => Promise<string | undefined>;
  /** The French message for a thrown error (network, server refusal). */
  onFailure: (caught: unknown) => string;
}

/**
 * The form body shared by every Stripe Elements form (payment, deposit's saved card, guarantee):
 * the mounted Payment Element, its loading spinner, the error text and the submit button.
 */
export default function ElementsForm({
  publishableKey,
  clientSecret,
  formLabel,
  loadingLabel,
  busyText,
  children,
  stretchButton = false,
  confirm,
  onFailure,
}: ElementsFormProps) {
  const { mountRef, stripe, elements, error, setError } = useStripeElements(publishableKey, clientSecret);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      const refusal = await confirm(stripe, elements);
      if (refusal !== undefined) setError(refusal);
    } catch (caught) {
      setError(onFailure(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label={formLabel}>
      <Stack gap="4">
        <Box ref={mountRef} minH="24">
          {!elements && !error && <Spinner role="status" aria-label={loadingLabel} />}
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
          loadingText={busyText}
          alignSelf={stretchButton ? { base: 'stretch', sm: 'flex-start' } : undefined}
        >
          {children}
        </Button>
      </Stack>
    </form>
  );
}
