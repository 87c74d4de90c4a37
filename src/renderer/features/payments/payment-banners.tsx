import { Alert, Link, Stack } from '@chakra-ui/react';
import { FlaskConical } from 'lucide-react';
import { PAYMENT_MESSAGES } from '@shared/payment-messages';
import { formatDateTime } from '@renderer/shared/format/format';

/** The test provider is on: nothing real is charged (DESIGN.md §3). */
export function TestModeBanner() {
  return (
    <Alert.Root status="info" variant="outline" data-testid="test-mode-banner">
      <Alert.Indicator>
        <FlaskConical />
      </Alert.Indicator>
      <Alert.Content>
        <Alert.Title>Mode test : aucun paiement réel n’est effectué</Alert.Title>
        <Alert.Description>
          Utilisez la carte de test 4242 4242 4242 4242, une date future et un code quelconque.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** SPEC.md §8: 'Délai de paiement expiré' with the limit date and a contact link, then the urgent banner. */
export function ExpiredBanners({ dueDate, email }: { dueDate: string; email: string }) {
  return (
    <Stack gap="3">
      <Alert.Root status="warning" data-testid="payment-expired">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{PAYMENT_MESSAGES.expired}</Alert.Title>
          <Alert.Description>
            La date limite de paiement était le {formatDateTime(dueDate)}.{' '}
            <Link href={`mailto:${email}`} colorPalette="brand" fontWeight="semibold">
              Contacter l’équipe par e-mail
            </Link>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Alert.Root status="error" data-testid="payment-urgent">
        <Alert.Indicator />
        <Alert.Title>{PAYMENT_MESSAGES.urgent}</Alert.Title>
      </Alert.Root>
    </Stack>
  );
}
