import { Badge, Flex } from '@chakra-ui/react';
import { MailOpen } from 'lucide-react';
import type { InvitationListItem } from '@shared/api/customer-booking.schema';
import { formatLongDate, formatShortDate, participantCount } from '@renderer/shared/format/format';
import { BookingCard, BookingLink, DraftNotice } from '@renderer/shared/ui/booking-card';
import { ContactLines, DetailItem as Detail, DetailList } from '@renderer/shared/ui/detail-list';
import { EmptyTab, ListTab } from '@renderer/shared/ui/list-tab';
import { useInvitations } from './api/get-invitations';

export const INVITATIONS_ERROR = 'Erreur lors du chargement de vos invitations';

function EmptyInvitations() {
  return (
    <EmptyTab testId="invitations-empty" icon={<MailOpen aria-hidden />} title="Vous n’avez pas encore d’invitation">
      Les invitations arrivent sous la forme d’un lien envoyé par l’organisateur d’un événement. En ouvrant ce lien,
      vous rejoignez sa réservation, qui apparaîtra ensuite ici.
    </EmptyTab>
  );
}

function InvitationCard({ invitation }: { invitation: InvitationListItem }) {
  const { organizer, mainContact } = invitation;
  return (
    <BookingCard
      kind="invitation"
      booking={invitation}
      badges={
        <Badge colorPalette="purple" variant="outline" size="lg" data-testid="role-badge">
          Participant
        </Badge>
      }
    >
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
        <BookingLink booking={invitation} />
        {invitation.status === 'confirmed' && <BookingLink booking={invitation} discussion />}
      </Flex>
    </BookingCard>
  );
}

/** Events the customer was invited to (SPEC.md §2 Invitations tab), composed into the dashboard by app/. */
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
