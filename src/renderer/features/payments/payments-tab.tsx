import { Badge, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { CreditCard, Receipt } from 'lucide-react';
import type { PaymentHistoryItem } from '@shared/api/payments.schema';
import { formatDateTime, formatEuros } from '@renderer/shared/format/format';
import { ContractButton } from '@renderer/shared/ui/contract-button';
import { EmptyTab, TabSection as Section } from '@renderer/shared/ui/list-tab';
import { usePaymentHistory } from './api/get-payment-history';

const KIND_LABELS: Record<PaymentHistoryItem['kind'], string> = {
  full: 'Paiement complet',
  partial: 'Acompte',
  deposit: 'Caution (empreinte bancaire)',
  share: 'Part du paiement collectif',
  cheque: 'Caution par chèque',
  refund: 'Remboursement',
  capture: 'Caution encaissée',
  guarantee: 'Garantie de l’organisateur (reste du groupe)',
};

const STATUS_PALETTE: Record<PaymentHistoryItem['status'], string> = {
  completed: 'green',
  pending: 'orange',
  failed: 'red',
  refunded: 'purple',
};

/**
 * The customer's real payment history ('Payé', 'En attente', 'Échec', 'Remboursé') and contracts
 * (DESIGN.md §4). Cards are never saved by the park: the provider's form takes them at payment time.
 */
export function PaymentsTab() {
  const history = usePaymentHistory();
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
      <Section id="saved-cards-title" title="Cartes enregistrées">
        <EmptyTab compact icon={<CreditCard aria-hidden />} title="Aucune carte enregistrée">
          Vos données de carte sont saisies au moment du paiement, sur la page sécurisée de notre prestataire de
          paiement. Le parc ne les enregistre jamais.
        </EmptyTab>
      </Section>
      <Section id="payment-history-title" title="Historique des paiements">
        {history.isPending ? (
          <Spinner role="status" aria-label="Chargement des paiements" />
        ) : history.isError ? (
          <Text color="fg.error" role="alert">
            Erreur lors du chargement de vos paiements
          </Text>
        ) : history.data.payments.length === 0 ? (
          <EmptyTab compact icon={<Receipt aria-hidden />} title="Aucun paiement pour le moment">
            Les paiements que vous effectuez pour vos réservations apparaîtront ici.
          </EmptyTab>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" data-testid="payment-history">
            {history.data.payments.map((payment) => (
              <HStack
                as="li"
                key={payment._id}
                justify="space-between"
                gap="3"
                flexWrap="wrap"
                borderBottomWidth="1px"
                pb="3"
              >
                <Stack gap="0.5">
                  <Text fontWeight="semibold">
                    {KIND_LABELS[payment.kind]} · {formatEuros(payment.amount)}
                  </Text>
                  <Text color="fg.muted" fontSize="sm">
                    Réservation {payment.bookingRequestId} · {formatDateTime(payment.createdAt)}
                  </Text>
                </Stack>
                <Badge colorPalette={STATUS_PALETTE[payment.status]} variant="subtle" size="lg">
                  {payment.statusLabel}
                </Badge>
              </HStack>
            ))}
          </Stack>
        )}
      </Section>
      {history.data && history.data.contracts.length > 0 && (
        <Section id="contracts-title" title="Contrats">
          <HStack gap="3" flexWrap="wrap">
            {history.data.contracts.map((contract) => (
              <ContractButton key={contract.bookingId} url={contract.contractUrl}>
                Contrat {contract.bookingRequestId}
              </ContractButton>
            ))}
          </HStack>
        </Section>
      )}
    </Stack>
  );
}
