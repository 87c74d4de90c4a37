import { Alert, Button, Card, Flex, Heading, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Eye, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BookingStatus } from '@shared/labels';
import { BookingStatusBadge, bookingTypeLabel } from './booking-badges';
import { Reference } from './breakable';
import { RouterLink } from './router-link';
import { UnreadMessagesBadge } from './unread-messages-badge';

/**
 * A booking of a dashboard list, an article named by its reference (h3): its kind, its unread
 * messages and status (as the invitee sees it in the invitations), `badges` after them, then the body.
 * The dashboard's reservations and the invitation feature's invitations both show them.
 */
export function BookingCard({
  kind,
  booking,
  badges,
  children,
}: {
  kind: 'reservation' | 'invitation';
  booking: { _id: string; bookingRequestId: string; type: string; bookingType?: string; status: BookingStatus };
  badges?: ReactNode;
  children: ReactNode;
}) {
  const titleId = `${kind}-${booking._id}-title`;
  return (
    <Card.Root as="article" aria-labelledby={titleId} variant="outline" data-testid={`${kind}-card`}>
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
            <BookingStatusBadge status={booking.status} forInvitee={kind === 'invitation'} />
            {badges}
          </HStack>
        </Flex>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * 'Voir détails' of a booking card, or 'Discuter' (its discussion section), named for screen
 * readers by the booking's reference.
 */
export function BookingLink({
  booking,
  discussion = false,
}: {
  booking: { _id: string; bookingRequestId: string };
  discussion?: boolean;
}) {
  return (
    <Button asChild colorPalette="brand" variant={discussion ? 'outline' : 'solid'} size="lg">
      <RouterLink to={`/booking/${booking._id}${discussion ? '#discussion' : ''}`}>
        {discussion ? <MessageCircle aria-hidden /> : <Eye aria-hidden />}
        {discussion ? 'Discuter' : 'Voir détails'}{' '}
        <VisuallyHidden>de la réservation {booking.bookingRequestId}</VisuallyHidden>
      </RouterLink>
    </Button>
  );
}

/** The notice of a booking card while the booking is still a draft. */
export function DraftNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
