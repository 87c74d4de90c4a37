import { Badge, Card, EmptyState, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Eye, MailOpen, MessageCircle } from 'lucide-react';
import type { InvitationListItem } from '@shared/api/customer-booking.schema';
import { formatLongDate, formatShortDate } from '../../shared/format/format';
import { BookingStatusBadge, bookingTypeLabel } from '../../shared/ui/booking-badges';
import { UnreadMessagesBadge } from '../../shared/ui/unread-messages-badge';
import { ContactLines, DetailList } from '../../shared/ui/detail-list';
import { useInvitations } from './api/get-invitations';
import { BookingLink, Detail, DraftNotice, ListTab, participantCount } from './list-states';
import { Reference } from '../../shared/ui/breakable';

export const INVITATIONS_ERROR = 'Erreur lors du chargement de vos invitations';

function EmptyInvitations() {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" data-testid="invitations-empty">
      <EmptyState.Content>
        <EmptyState.Indicator color="brand.fg">
          <MailOpen aria-hidden />
        </EmptyState.Indicator>
        <Stack gap="2" textAlign="center" align="center">
          <EmptyState.Title as="p">Vous n’avez pas encore d’invitation</EmptyState.Title>
          <EmptyState.Description>
            Les invitations arrivent sous la forme d’un lien envoyé par l’organisateur d’un événement. En ouvrant ce
            lien, vous rejoignez sa réservation, qui apparaîtra ensuite ici.
          </EmptyState.Description>
        </Stack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

function InvitationCard({ invitation }: { invitation: InvitationListItem }) {
  const titleId = `invitation-${invitation._id}-title`;
  const { organizer, mainContact } = invitation;
  return (
    <Card.Root as="article" aria-labelledby={titleId} variant="outline" data-testid="invitation-card">
      <Card.Body gap="4" p={{ base: '4', md: '6' }}>
        <Flex gap="3" justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap="0" minW="0">
            <Heading as="h3" id={titleId} size="lg">
              <Reference value={invitation.bookingRequestId} />
            </Heading>
            <Text color="fg.muted">{bookingTypeLabel(invitation.type, invitation.bookingType)}</Text>
          </Stack>
          <HStack gap="2" wrap="wrap">
            <UnreadMessagesBadge bookingId={invitation._id} />
            <BookingStatusBadge status={invitation.status} forInvitee />
            <Badge colorPalette="purple" variant="outline" size="lg" data-testid="role-badge">
              Participant
            </Badge>
          </HStack>
        </Flex>
        <DetailList>
          <Detail label="Date">{formatLongDate(invitation.startDate)}</Detail>
          <Detail label="Participants">{participantCount(invitation.participants)}</Detail>
          <Detail label="Organisateur">
            <ContactLines person={{ ...organizer, phone: null }} />
          </Detail>
          {invitation.note.trim() && <Detail label="Note">{invitation.note}</Detail>}
          <Detail label="Contact">
            <ContactLines person={mainContact} />
          </Detail>
          <Detail label="Ma participation">
            <Badge
              colorPalette={invitation.hasConnected ? 'green' : 'gray'}
              variant="subtle"
              size="lg"
              data-testid="participation-badge"
            >
              {invitation.hasConnected ? 'Rejoint' : 'Invité'}
            </Badge>
          </Detail>
          {invitation.joinedAt && <Detail label="Rejoint le">{formatShortDate(invitation.joinedAt)}</Detail>}
        </DetailList>
        {invitation.status === 'draft' && (
          <DraftNotice title="En attente de confirmation">
            L’organisateur et notre équipe finalisent encore cet événement : vous serez informé de sa confirmation.
          </DraftNotice>
        )}
        <Flex gap="3" direction={{ base: 'column', sm: 'row' }} wrap="wrap">
          <BookingLink
            to={`/booking/${invitation._id}`}
            reference={invitation.bookingRequestId}
            icon={<Eye aria-hidden />}
            label="Voir détails"
          />
          {invitation.status === 'confirmed' && (
            <BookingLink
              to={`/booking/${invitation._id}#discussion`}
              reference={invitation.bookingRequestId}
              icon={<MessageCircle aria-hidden />}
              label="Discuter"
              outline
            />
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** Events the customer was invited to (SPEC.md §2 Invitations tab). */
export function InvitationsTab() {
  return (
    <ListTab
      id="invitations-title"
      title="Mes invitations"
      lead="Les événements organisés par d’autres personnes auxquels vous participez."
      query={useInvitations()}
      loadingLabel="Chargement de vos invitations…"
      errorMessage={INVITATIONS_ERROR}
      empty={<EmptyInvitations />}
      listLabel="Mes invitations à des événements"
      renderItem={(invitation) => <InvitationCard invitation={invitation} />}
    />
  );
}
