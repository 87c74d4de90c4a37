import { Badge, type BadgeProps } from '@chakra-ui/react';
import { BOOKING_DISPLAY_LABELS, bookingStatusLabel, type BookingStatus } from '@shared/labels';

/** The display label of SPEC.md §3 for a request's final type, falling back on its main type. */
export function bookingTypeLabel(type: string, bookingType?: string): string {
  return BOOKING_DISPLAY_LABELS[type] ?? (bookingType ? BOOKING_DISPLAY_LABELS[bookingType] : undefined) ?? type;
}

const STATUS_PALETTES: Record<BookingStatus, string> = {
  draft: 'orange',
  prebooked: 'blue',
  confirmed: 'green',
  canceled: 'red',
  completed: 'gray',
};

/** Status badge of SPEC.md §4; a draft reads 'En attente' to an invitee. */
export function BookingStatusBadge({
  status,
  forInvitee = false,
  ...props
}: { status: BookingStatus; forInvitee?: boolean } & Omit<BadgeProps, 'children'>) {
  return (
    <Badge colorPalette={STATUS_PALETTES[status]} variant="subtle" size="lg" data-testid="status-badge" {...props}>
      {bookingStatusLabel(status, forInvitee)}
    </Badge>
  );
}
