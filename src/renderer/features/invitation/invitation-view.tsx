import { Alert, Badge, Card, Heading, List, Stack, Text } from '@chakra-ui/react';
import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import type { InvitationDetails } from '@shared/api/invitation.schema';
import { useEstablishmentInfo } from '@renderer/shared/api/establishment';
import { formatLongDate, formatShortDate } from '@renderer/shared/format/format';
import { bookingTypeLabel } from '@renderer/shared/ui/booking-badges';
import { DetailItem, DetailList } from '@renderer/shared/ui/detail-list';
import { countOf, plural } from '@shared/plural';

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** The invitation as SPEC.md §2 lists it: people by name only; `notice` goes right under its title. */
export function InvitationView({ details, notice }: { details: InvitationDetails; notice?: ReactNode }) {
  const { bookingDetails: booking, invitationInfo: info } = details;
  const { info: park } = useEstablishmentInfo();
  const organizer = fullName(booking.organizer);
  const remaining = info.isFull
    ? 'Aucune place restante'
    : info.remainingUses === null
      ? 'Places illimitées'
      : `${countOf(info.remainingUses, 'place')} ${plural(info.remainingUses, 'restante')}`;
  return (
    <Stack gap="6">
      <Stack gap="2" as="header">
        <Badge colorPalette="purple" variant="subtle" size="lg" alignSelf="flex-start">
          Invitation
        </Badge>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {organizer} vous invite à rejoindre sa réservation
        </Heading>
        <Text color="fg.muted">
          {bookingTypeLabel(booking.type, booking.bookingType)} · Réservation {booking.bookingRequestId}
        </Text>
      </Stack>
      {notice}
      <Card.Root variant="outline">
        <Card.Body p={{ base: '4', md: '6' }}>
          <DetailList>
            <DetailItem label="Date">
              {formatLongDate(booking.startDate)}
              {booking.endDate !== booking.startDate && ` au ${formatLongDate(booking.endDate)}`}
            </DetailItem>
            <DetailItem label="Type d'événement">{bookingTypeLabel(booking.type, booking.bookingType)}</DetailItem>
            <DetailItem label="Participants">{countOf(booking.participants, 'participant')}</DetailItem>
            <DetailItem label="Lieu">{park.name}</DetailItem>
            <DetailItem label="Organisateur">{organizer}</DetailItem>
          </DetailList>
        </Card.Body>
      </Card.Root>
      {booking.activities.length > 0 && (
        <Stack gap="2" as="section" aria-labelledby="planned-title">
          <Heading as="h2" id="planned-title" size="lg">
            Activités prévues
          </Heading>
          <List.Root gap="1" ps="5">
            {booking.activities.map((activity, index) => (
              <List.Item key={`${activity.name}-${index}`}>
                {activity.name} — {formatLongDate(activity.date)}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      )}
      <Stack gap="2" as="section" aria-labelledby="registered-title">
        <Heading as="h2" id="registered-title" size="lg">
          Participants déjà inscrits
        </Heading>
        {info.participants.length === 0 ? (
          <Text color="fg.muted">Personne ne s'est encore inscrit.</Text>
        ) : (
          <List.Root gap="1" ps="5" data-testid="registered-participants">
            {info.participants.map((person, index) => (
              <List.Item key={`${fullName(person)}-${index}`}>{fullName(person)}</List.Item>
            ))}
          </List.Root>
        )}
      </Stack>
      <Alert.Root status="info">
        <Alert.Indicator>
          <Info />
        </Alert.Indicator>
        <Alert.Content>
          <Alert.Title>{remaining}</Alert.Title>
          <Alert.Description>
            <Stack gap="1">
              {info.expiresAt && <Text>Cette invitation expire le {formatShortDate(info.expiresAt)}.</Text>}
              <Text>
                Vos coordonnées ne sont communiquées qu'à l'organisateur et à l'équipe du parc ; les autres participants
                ne voient que votre nom.
              </Text>
            </Stack>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Stack>
  );
}
