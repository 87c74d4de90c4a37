import { BookingDetailPage, type DiscussionSlot } from '../features/booking-detail/booking-detail-page';
import { BookingDiscussion } from '../features/chat/booking-discussion';
import { UnreadMessagesBadge } from '../shared/ui/unread-messages-badge';

const discussion: DiscussionSlot = (detail) => ({
  content: <BookingDiscussion bookingId={detail._id} />,
  badge: <UnreadMessagesBadge bookingId={detail._id} />,
});

/** /booking/{id}: the booking detail with the chat composed into its Discussion section. */
export function BookingDetailRoute() {
  return <BookingDetailPage discussion={discussion} />;
}
