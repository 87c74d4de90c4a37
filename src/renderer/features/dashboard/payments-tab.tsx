import { Card, EmptyState, Heading, Stack, Text } from '@chakra-ui/react';
import { CreditCard, Receipt } from 'lucide-react';
import type { ReactNode } from 'react';

function EmptySection({
  id,
  title,
  icon,
  empty,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  empty: string;
  children: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-labelledby={id} variant="outline">
      <Card.Body gap="4">
        <Heading as="h3" id={id} size="lg">
          {title}
        </Heading>
        <EmptyState.Root size="sm" bg="bg.subtle" rounded="lg">
          <EmptyState.Content>
            <EmptyState.Indicator color="fg.muted">{icon}</EmptyState.Indicator>
            <Stack gap="1" textAlign="center" align="center">
              <EmptyState.Title as="p">{empty}</EmptyState.Title>
              <EmptyState.Description>{children}</EmptyState.Description>
            </Stack>
          </EmptyState.Content>
        </EmptyState.Root>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * SPEC.md §2 keeps saved cards and payment history as lists without data. No button is shown
 * for adding or removing a card or downloading an invoice: none of these has any behaviour, and
 * a button that does nothing would mislead the customer.
 */
export function PaymentsTab() {
  return (
    <Stack gap="6" as="section" aria-labelledby="payments-title">
      <Stack gap="1">
        <Heading as="h2" id="payments-title" size="2xl">
          Paiements
        </Heading>
        <Text color="fg.muted">
          Les paiements par carte se font depuis la page d’une réservation, une fois votre demande validée par notre
          équipe.
        </Text>
      </Stack>
      <EmptySection
        id="saved-cards-title"
        title="Cartes enregistrées"
        icon={<CreditCard aria-hidden />}
        empty="Aucune carte enregistrée"
      >
        Vos données de carte sont saisies au moment du paiement, sur la page sécurisée de notre prestataire de paiement.
        Le parc ne les enregistre jamais.
      </EmptySection>
      <EmptySection
        id="payment-history-title"
        title="Historique des paiements"
        icon={<Receipt aria-hidden />}
        empty="Aucun paiement pour le moment"
      >
        Les paiements que vous effectuez pour vos réservations apparaîtront ici.
      </EmptySection>
    </Stack>
  );
}
