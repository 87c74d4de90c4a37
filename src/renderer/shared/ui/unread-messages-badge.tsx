import { Badge, VisuallyHidden } from '@chakra-ui/react';
import { customerChatApi, useUnreadCount, type ChatApi } from '../api/messages';

export function unreadLabel(count: number): string {
  return count > 1 ? `${count} messages non lus` : '1 message non lu';
}

/**
 * The number of chat messages of a booking the user has not read (dashboard cards, the
 * Discussion section, the staff queue with a staff `api`). Shows nothing at zero or on error.
 */
export function UnreadMessagesBadge({ bookingId, api = customerChatApi }: { bookingId: string; api?: ChatApi }) {
  const query = useUnreadCount(api, bookingId);
  const count = query.data ?? 0;
  if (count === 0) return null;
  return (
    <Badge colorPalette="red" variant="solid" rounded="full" size="md" data-testid="unread-badge">
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <VisuallyHidden>{unreadLabel(count)}</VisuallyHidden>
    </Badge>
  );
}
