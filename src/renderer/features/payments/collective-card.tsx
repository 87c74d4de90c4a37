import { Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { CollectiveStatus } from '@shared/api/payments.schema';
import { formatEuros, formatShortDate } from '@renderer/shared/format/format';
import { ProgressBar } from '@renderer/shared/ui/progress-bar';

const STATUS = {
  paid: { label: 'Payé', palette: 'green' },
  pending: { label: 'En attente', palette: 'orange' },
  not_required: { label: 'non requis', palette: 'gray' },
} as const;

/** The organizer's reminders (docs/decisions.md, "Group shares"): one person, or all who have not paid. */
export interface Reminders {
  remind: (participantId?: string) => void;
  pending: boolean;
}

/** The collective payment progress card of SPEC.md §2: paid/total, and who paid which share. */
export function CollectiveCard({ status, reminders }: { status: CollectiveStatus; reminders?: Reminders }) {
  const labelId = useId();
  return (
    <Card.Root variant="subtle" data-testid="collective-card">
      <Card.Body gap="4">
        <Heading as="h3" size="md">
          Paiement collectif
        </Heading>
        <Stack gap="1">
          <HStack justify="space-between" fontSize="sm">
            <Text id={labelId} fontWeight="medium">
              {status.paidParticipants} / {status.totalParticipants} participants ont payé
            </Text>
            <Text>{status.progressPercentage} %</Text>
          </HStack>
          <ProgressBar percent={status.progressPercentage} labelledBy={labelId} size="lg" />
        </Stack>
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
                <HStack gap="2" flexWrap="wrap">
                  {person.paidAt && <Text color="fg.muted">Payé le {formatShortDate(person.paidAt)}</Text>}
                  {person.lastReminderAt && (
                    <Text color="fg.muted">Dernier rappel : {formatShortDate(person.lastReminderAt)}</Text>
                  )}
                  <Badge colorPalette={badge.palette} variant="subtle">
                    {badge.label}
                  </Badge>
                  {reminders && person.paymentStatus === 'pending' && (
                    <Button
                      size="sm"
                      variant="outline"
                      minH="44px"
                      disabled={reminders.pending}
                      onClick={() => reminders.remind(person.id)}
                      aria-label={`Relancer ${person.name}`}
                    >
                      Relancer
                    </Button>
                  )}
                </HStack>
              </HStack>
            );
          })}
        </Stack>
        {reminders && !status.isComplete && (
          <Button
            alignSelf="flex-start"
            variant="outline"
            colorPalette="brand"
            minH="44px"
            disabled={reminders.pending}
            onClick={() => reminders.remind()}
          >
            Relancer tous ceux qui n’ont pas payé
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}
