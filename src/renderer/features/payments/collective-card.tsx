import { Badge, Card, Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { progressSlotRecipe } from '@chakra-ui/react/theme';
import type { CollectiveStatus } from '@shared/api/payments.schema';
import { formatEuros } from '@renderer/shared/format/format';

const STATUS = {
  paid: { label: 'Payé', palette: 'green' },
  pending: { label: 'En attente', palette: 'orange' },
  not_required: { label: 'non requis', palette: 'gray' },
} as const;

/** The collective payment progress card of SPEC.md §2: paid/total, and who paid which share. */
export function CollectiveCard({ status }: { status: CollectiveStatus }) {
  return (
    <Card.Root variant="subtle" data-testid="collective-card">
      <Card.Body gap="4">
        <Heading as="h3" size="md">
          Paiement collectif
        </Heading>
        <Progress.Root recipe={progressSlotRecipe} value={status.progressPercentage} colorPalette="brand" size="lg">
          <HStack justify="space-between" mb="1">
            <Progress.Label>
              {status.paidParticipants} / {status.totalParticipants} participants ont payé
            </Progress.Label>
            <Progress.ValueText>{status.progressPercentage} %</Progress.ValueText>
          </HStack>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text color="fg.muted">
          {formatEuros(status.paidAmount)} payés sur {formatEuros(status.totalAmount)} · part par personne :{' '}
          {formatEuros(status.amountPerParticipant)}
          {status.isComplete ? ' · paiement complet' : ` · ${status.remainingParticipants} en attente`}
        </Text>
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {status.participants.map((person) => {
            const badge = STATUS[person.paymentStatus];
            return (
              <HStack as="li" key={person.id} justify="space-between" gap="3" flexWrap="wrap">
                <Text>
                  {person.name}
                  {person.role === 'Organisateur' ? ' (organisateur)' : ''}
                  {person.paymentAmount !== null ? ` · ${formatEuros(person.paymentAmount)}` : ''}
                </Text>
                <Badge colorPalette={badge.palette} variant="subtle">
                  {badge.label}
                </Badge>
              </HStack>
            );
          })}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
