import { Badge, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { BookingParticipant } from '@shared/api/customer-booking.schema';
import { formatShortDate } from '../../shared/format/format';

function ParticipantRow({ participant }: { participant: BookingParticipant }) {
  const titleId = `participant-${participant._id}-name`;
  return (
    <Card.Root as="li" variant="outline" size="sm" aria-labelledby={titleId} data-testid="participant">
      <Card.Body>
        <Flex gap="3" justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap="0" minW="0">
            <Heading as="h3" size="sm" id={titleId}>
              {participant.firstName} {participant.lastName}
            </Heading>
            <Text color="fg.muted" wordBreak="break-all">
              {participant.email}
            </Text>
            {participant.phone && <Text color="fg.muted">{participant.phone}</Text>}
            {participant.joinedAt && (
              <Text color="fg.muted" fontSize="sm">
                Rejoint le {formatShortDate(participant.joinedAt)}
              </Text>
            )}
          </Stack>
          <Flex gap="2" wrap="wrap">
            <Badge colorPalette={participant.role === 'Organisateur' ? 'brand' : 'purple'} variant="outline" size="lg">
              {participant.role}
            </Badge>
            <Badge colorPalette={participant.hasConnected ? 'green' : 'gray'} variant="subtle" size="lg">
              {participant.hasConnected ? 'Rejoint' : 'Invité'}
            </Badge>
          </Flex>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** 'Participants' (SPEC.md §2): who takes part. Invitation links come with their own issue. */
export function ParticipantsSection({ participants }: { participants: BookingParticipant[] }) {
  const active = participants.filter((participant) => participant.isActive);
  if (active.length === 0) return <Text color="fg.muted">Aucun participant pour le moment.</Text>;
  return (
    <Stack gap="3">
      <Text color="fg.muted">
        {active.length} personne{active.length > 1 ? 's' : ''} inscrite{active.length > 1 ? 's' : ''} à cette
        réservation.
      </Text>
      <Stack as="ul" listStyleType="none" gap="3" aria-label="Participants de la réservation">
        {active.map((participant) => (
          <ParticipantRow key={participant._id} participant={participant} />
        ))}
      </Stack>
    </Stack>
  );
}
