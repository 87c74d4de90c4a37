import { Button, Flex } from '@chakra-ui/react';
import { CalendarPlus } from 'lucide-react';
import { RouterLink } from '@renderer/shared/ui/router-link';
import type { BookingRequestSummary } from '@shared/api/booking-request.schema';
import { formatDateTime, formatLongDate, participantCount } from '@renderer/shared/format/format';
import { BookingCard, BookingLink, DraftNotice } from '@renderer/shared/ui/booking-card';
import { ContactLines, DetailItem as Detail, DetailList } from '@renderer/shared/ui/detail-list';
import { EmptyTab, ListTab } from '@renderer/shared/ui/list-tab';
import { useBookingRequests } from './api/get-booking-requests';

export const RESERVATIONS_ERROR = 'Erreur lors du chargement de vos réservations';

function EmptyReservations() {
  return (
    <EmptyTab
      testId="reservations-empty"
      icon={<CalendarPlus aria-hidden />}
      title="Vous n’avez pas encore de demande de réservation"
      action={
        <Button asChild colorPalette="brand" size="lg" whiteSpace="normal" height="auto" minH="11" py="2">
          <RouterLink to="/reservation">Faire une demande de réservation</RouterLink>
        </Button>
      }
    >
      Composez votre événement en trois étapes : notre équipe étudie votre demande et vous recontacte sous 24 h avec un
      devis personnalisé.
    </EmptyTab>
  );
}

function ReservationCard({ booking }: { booking: BookingRequestSummary }) {
  return (
    <BookingCard kind="reservation" booking={booking}>
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
        <BookingLink booking={booking} />
      </Flex>
    </BookingCard>
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
