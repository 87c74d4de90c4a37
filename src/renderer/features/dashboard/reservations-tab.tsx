import { Button, Card, EmptyState, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { CalendarPlus, Eye } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { BookingRequestSummary } from '@shared/api/booking-request.schema';
import { formatDateTime, formatLongDate } from '../../shared/format/format';
import { BookingStatusBadge, bookingTypeLabel } from '../../shared/ui/booking-badges';
import { UnreadMessagesBadge } from '../../shared/ui/unread-messages-badge';
import { ContactLines, DetailList } from '../../shared/ui/detail-list';
import { useBookingRequests } from './api/get-booking-requests';
import { BookingLink, Detail, DraftNotice, ListTab, participantCount } from './list-states';
import { Reference } from '../../shared/ui/breakable';

export const RESERVATIONS_ERROR = 'Erreur lors du chargement de vos réservations';

function EmptyReservations() {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" data-testid="reservations-empty">
      <EmptyState.Content>
        <EmptyState.Indicator color="brand.fg">
          <CalendarPlus aria-hidden />
        </EmptyState.Indicator>
        <Stack gap="2" textAlign="center" align="center">
          <EmptyState.Title as="p">Vous n’avez pas encore de demande de réservation</EmptyState.Title>
          <EmptyState.Description>
            Composez votre événement en trois étapes : notre équipe étudie votre demande et vous recontacte sous 24 h
            avec un devis personnalisé.
          </EmptyState.Description>
        </Stack>
        <Button asChild colorPalette="brand" size="lg" whiteSpace="normal" height="auto" minH="11" py="2">
          <RouterLink to="/reservation">Faire une demande de réservation</RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

function ReservationCard({ booking }: { booking: BookingRequestSummary }) {
  const titleId = `reservation-${booking._id}-title`;
  return (
    <Card.Root as="article" aria-labelledby={titleId} variant="outline" data-testid="reservation-card">
      <Card.Body gap="4" p={{ base: '4', md: '6' }}>
        <Flex gap="3" justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap="0" minW="0">
            <Heading as="h3" id={titleId} size="lg">
              <Reference value={booking.bookingRequestId} />
            </Heading>
            <Text color="fg.muted">{bookingTypeLabel(booking.type, booking.bookingType)}</Text>
          </Stack>
          <HStack gap="2" wrap="wrap">
            <UnreadMessagesBadge bookingId={booking._id} />
            <BookingStatusBadge status={booking.status} />
          </HStack>
        </Flex>
        <DetailList>
          <Detail label="Date de début">{formatLongDate(booking.startDate)}</Detail>
          <Detail label="Participants">{participantCount(booking.participants)}</Detail>
          <Detail label="Contact principal">
            <ContactLines person={booking.mainContact} />
          </Detail>
          <Detail label="Créée le">{formatDateTime(booking.createdAt)}</Detail>
        </DetailList>
        {booking.status === 'draft' && (
          <DraftNotice title="Demande en attente">
            Notre équipe va étudier votre demande et vous contactera sous 24h.
          </DraftNotice>
        )}
        <Flex direction={{ base: 'column', sm: 'row' }}>
          <BookingLink
            to={`/booking/${booking._id}`}
            reference={booking.bookingRequestId}
            icon={<Eye aria-hidden />}
            label="Voir détails"
          />
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** The customer's own booking requests (SPEC.md §2 Reservations tab). */
export function ReservationsTab() {
  return (
    <ListTab
      id="reservations-title"
      title="Mes réservations"
      lead="Les demandes de réservation que vous avez faites en tant qu’organisateur."
      query={useBookingRequests()}
      loadingLabel="Chargement de vos réservations…"
      errorMessage={RESERVATIONS_ERROR}
      empty={<EmptyReservations />}
      listLabel="Mes demandes de réservation"
      renderItem={(booking) => <ReservationCard booking={booking} />}
    />
  );
}
