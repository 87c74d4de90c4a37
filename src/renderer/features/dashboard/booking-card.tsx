import { Card, EmptyState, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { emptyStateSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';
import type { BookingStatus } from '@shared/labels';
import { BookingStatusBadge, bookingTypeLabel } from '../../shared/ui/booking-badges';
import { Reference } from '../../shared/ui/breakable';
import { UnreadMessagesBadge } from '../../shared/ui/unread-messages-badge';

/**
 * The empty state of a dashboard list: its icon, what is missing, what it means, maybe an action;
 * `compact` inside a tab's section (Paiements) rather than as the whole tab.
 */
export function EmptyTab({
  testId,
  icon,
  title,
  children,
  action,
  compact = false,
}: {
  testId?: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
  compact?: boolean;
}) {
  const frame = compact
    ? ({ size: 'sm', bg: 'bg.subtle', rounded: 'lg' } as const)
    : ({ borderWidth: '1px', borderStyle: 'dashed', rounded: 'xl' } as const);
  return (
    <EmptyState.Root recipe={emptyStateSlotRecipe} {...frame} data-testid={testId}>
      <EmptyState.Content>
        <EmptyState.Indicator color={compact ? 'fg.muted' : 'brand.fg'}>{icon}</EmptyState.Indicator>
        <Stack gap={compact ? '1' : '2'} textAlign="center" align="center">
          <EmptyState.Title as="p">{title}</EmptyState.Title>
          <EmptyState.Description>{children}</EmptyState.Description>
        </Stack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/**
 * A booking of a dashboard list, an article named by its reference (h3): its kind, its unread
 * messages and status (as the invitee sees it in the invitations), `badges` after them, then the body.
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
