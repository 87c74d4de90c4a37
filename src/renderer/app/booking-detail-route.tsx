import { lazy } from 'react';
import {
  BookingDetailShell,
  type BookingDetailSlots,
  type DiscussionSlot,
} from '../features/booking-detail/booking-detail-shell';
import { BookingDiscussion } from '../features/chat/booking-discussion';
import { InviteLinksPanel } from '../features/invitation/links/invite-links-panel';
import { UnreadMessagesBadge } from '../shared/ui/unread-messages-badge';

// The payment code (and Stripe's, in stripe mode) loads only when a booking has a Paiement section.
const PaymentSection = lazy(() => import('../features/payments/payment-section'));
// The pass and the waiver load with their section.
const PassSection = lazy(() => import('../features/onsite/pass-section').then((m) => ({ default: m.PassSection })));

/** The sections of the invitation and payments features, composed into the booking detail. */
const sections: Omit<BookingDetailSlots, 'discussion'> = {
  inviteLinks: (detail, { canCreate }) => (
    <InviteLinksPanel bookingId={detail._id} reference={detail.bookingRequestId} canCreate={canCreate} />
  ),
  payment: (detail) => <PaymentSection detail={detail} />,
  pass: (detail) => <PassSection bookingId={detail._id} />,
};

const discussion: DiscussionSlot = (detail) => ({
  // A member of a surprise booking may hide a line from the guests of honour (docs/decisions.md, "Group shares").
  content: <BookingDiscussion bookingId={detail._id} canHide={detail.surprise && !detail.programmeHidden} />,
  badge: <UnreadMessagesBadge bookingId={detail._id} />,
});

/**
 * The booking detail with the invitation links and the payment composed into it; the chat comes
 * with `discussion` (the route adds it; a test of the page alone may leave it out).
 */
export function BookingDetailPage({ discussion }: Pick<BookingDetailSlots, 'discussion'> = {}) {
  return <BookingDetailShell {...sections} discussion={discussion} />;
}

/** /booking/{id}: the booking detail with every section, the chat in its Discussion section. */
export function BookingDetailRoute() {
  return <BookingDetailPage discussion={discussion} />;
}
