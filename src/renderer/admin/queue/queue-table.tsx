import { Badge, Flex, Link, Stack, Table, Text } from '@chakra-ui/react';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { PAYMENT_TYPE_LABELS, type PaymentType, type QueueItem } from '@shared/api/staff.schema';
import { formatEuros, formatShortDate } from '@renderer/shared/format/format';
import { createChatApi } from '@renderer/shared/api/messages';
import { BookingStatusBadge, bookingTypeLabel } from '@renderer/shared/ui/booking-badges';
import { UnreadMessagesBadge } from '@renderer/shared/ui/unread-messages-badge';
import { staffApi } from '../session/staff-client';
import { formatDay } from '../ui/format-day';
import { PaymentAlertBadges, PaymentStatusBadge, ValidationBadge, WaitingOnTeamBadge } from '../ui/badges';
import { AdminTable } from '../ui/scroll-table';

/** Customers' messages the team has not read yet, per row, with the staff token. */
const staffChatApi = createChatApi(staffApi, 'staff');

function eventDays(item: QueueItem): string {
  return item.endDate && item.endDate !== item.startDate
    ? `${formatDay(item.startDate)} → ${formatDay(item.endDate)}`
    : formatDay(item.startDate);
}

/**
 * The dense request table. At 360 px it scrolls sideways inside its own frame (the page never
 * does); the reference stays the first column and is the row's link, reached with Tab.
 */
export function QueueTable({ items }: { items: QueueItem[] }) {
  return (
    <AdminTable
      label="Demandes de réservation"
      caption
      interactive
      stickyHeader
      data-testid="queue-table"
      columns={[
        'Référence',
        'Organisateur',
        'Événement',
        { label: 'Pers.', end: true },
        'Statut',
        'Validations',
        'Paiement',
        { label: 'Total estimé', end: true },
        'Créée le',
      ]}
    >
      {items.map((item) => (
        <Table.Row key={item._id} data-testid="queue-row" bg={item.waitingOnTeam ? 'accent.subtle' : undefined}>
          <Table.Cell whiteSpace="nowrap">
            <Stack gap="1" align="flex-start">
              <Link asChild fontWeight="semibold" color="brand.fg">
                <RouterLink to={`/admin/demandes/${encodeURIComponent(item._id)}`}>{item.bookingRequestId}</RouterLink>
              </Link>
              {item.waitingOnTeam && <WaitingOnTeamBadge />}
              <UnreadMessagesBadge bookingId={item._id} api={staffChatApi} />
            </Stack>
          </Table.Cell>
          <Table.Cell minW="44">
            <Text fontWeight="medium">
              {item.organizer.firstName} {item.organizer.lastName}
            </Text>
            <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
              {item.organizer.email}
            </Text>
          </Table.Cell>
          <Table.Cell minW="40">
            <Text>{bookingTypeLabel(item.type, item.bookingType)}</Text>
            <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
              {eventDays(item)}
            </Text>
          </Table.Cell>
          <Table.Cell textAlign="end">{item.participants}</Table.Cell>
          <Table.Cell>
            <BookingStatusBadge status={item.status} size="sm" />
          </Table.Cell>
          <Table.Cell>
            <Flex gap="1" direction="column" align="flex-start">
              <ValidationBadge who="client" value={item.clientValidation} />
              <ValidationBadge who="équipe" value={item.adminValidation} />
            </Flex>
          </Table.Cell>
          <Table.Cell>
            <Flex gap="1" direction="column" align="flex-start">
              <PaymentStatusBadge status={item.paymentStatus} />
              <PaymentAlertBadges alerts={item.paymentAlerts} />
              {item.paymentType && (
                <Badge variant="outline" size="sm" whiteSpace="nowrap">
                  {PAYMENT_TYPE_LABELS[item.paymentType as PaymentType] ?? item.paymentType}
                </Badge>
              )}
              {item.dueDate && (
                <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                  Échéance {formatShortDate(item.dueDate)}
                </Text>
              )}
            </Flex>
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap">
            {formatEuros(item.estimatedTotal)}
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{formatShortDate(item.createdAt)}</Table.Cell>
        </Table.Row>
      ))}
    </AdminTable>
  );
}
