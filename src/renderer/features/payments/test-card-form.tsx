import { Alert, Button, Code, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { codeRecipe } from '@chakra-ui/react/theme';
import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { PaymentIntentView } from '@shared/api/payments.schema';
import { submitTestCard } from './api/submit-test-card';
import { cardErrorMessage, finishPayment } from './payment-flow';

interface Props {
  bookingId: string;
  intent: PaymentIntentView;
  deposit: boolean;
  participantId?: string;
  onDone: (message: string) => void;
}

/** Expiry and CVC: a labelled input side by side under the card number. */
function ShortCardField({
  label,
  onChange,
  ...input
}: {
  label: string;
  name: string;
  placeholder: string;
  autoComplete: string;
  inputMode?: 'numeric';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input {...input} onChange={(event) => onChange(event.target.value)} size="lg" />
    </Field.Root>
  );
}

/**
 * The built-in card form of the test provider (DESIGN.md §3): Stripe's test numbers only, posted to
 * POST /{id}/booking-payment/test-card; 4000 0025 0000 3155 asks for a simulated 3-D Secure step.
 */
export function TestCardForm({ bookingId, intent, deposit, participantId, onDone }: Props) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState(false);

  async function send(authentication?: 'approve' | 'refuse') {
    setBusy(true);
    setError(null);
    try {
      const result = await submitTestCard(bookingId, { intentId: intent.intentId, cardNumber, authentication });
      if (result.status === 'requires_action') {
        setChallenge(true);
        return;
      }
      setChallenge(false);
      onDone(await finishPayment(bookingId, result, { deposit, participantId }));
    } catch (caught) {
      setChallenge(false);
      setError(
        caught instanceof Error && !('isAxiosError' in caught) ? caught.message : cardErrorMessage(caught, deposit),
      );
    } finally {
      setBusy(false);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (cardNumber.replace(/\D/g, '').length < 12) {
      setError('Veuillez saisir un numéro de carte');
      return;
    }
    void send();
  };

  if (challenge) {
    return (
      <Stack gap="4" data-testid="test-3ds">
        <Alert.Root status="info">
          <Alert.Indicator>
            <ShieldCheck />
          </Alert.Indicator>
          <Alert.Content>
            <Alert.Title>Authentification de la carte (simulation 3-D Secure)</Alert.Title>
            <Alert.Description>Votre banque demande de confirmer ce paiement.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <HStack gap="3" flexWrap="wrap">
          <Button colorPalette="brand" size="lg" loading={busy} onClick={() => void send('approve')}>
            Valider l’authentification
          </Button>
          <Button variant="outline" size="lg" disabled={busy} onClick={() => void send('refuse')}>
            Refuser
          </Button>
        </HStack>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Carte de test">
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          Cartes de test : <Code recipe={codeRecipe}>4242 4242 4242 4242</Code> (acceptée),{' '}
          <Code recipe={codeRecipe}>4000 0000 0000 0002</Code> (refusée),{' '}
          <Code recipe={codeRecipe}>4000 0025 0000 3155</Code> (authentification demandée).
        </Text>
        <Field.Root required invalid={Boolean(error)}>
          <Field.Label>Numéro de carte</Field.Label>
          <Input
            name="cardNumber"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            value={cardNumber}
            onChange={(event) => setCardNumber(event.target.value)}
            size="lg"
          />
          {error && <Field.ErrorText data-testid="card-error">{error}</Field.ErrorText>}
        </Field.Root>
        <HStack gap="3" align="flex-start">
          <ShortCardField
            label="Expiration"
            name="expiry"
            placeholder="MM/AA"
            autoComplete="cc-exp"
            value={expiry}
            onChange={setExpiry}
          />
          <ShortCardField
            label="CVC"
            name="cvc"
            inputMode="numeric"
            placeholder="123"
            autoComplete="cc-csc"
            value={cvc}
            onChange={setCvc}
          />
        </HStack>
        <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText="Paiement en cours...">
          {deposit
            ? 'Autoriser la caution'
            : `Payer ${new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(intent.amount)}`}
        </Button>
      </Stack>
    </form>
  );
}
