import { Center, Spinner } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import {
  BookingDetailShell,
  type BookingDetailSlots,
  type DiscussionSlot,
} from '../features/booking-detail/booking-detail-shell';
import { WhenNear } from '../shared/ui/when-near';

// The payment code (and Stripe's, in stripe mode) loads only when a booking has a Paiement section.
const PaymentSection = lazy(() => import('../features/payments/payment-section'));
// The pass and the waiver load with their section.
// The chat (its list, composer, sanitiser) loads and renders after the booking itself, once near
// the screen or idle, in a place of its final height (docs/decisions.md, performance rule 19).
const BookingDiscussion = lazy(() =>
  import('../features/chat/booking-discussion').then((m) => ({ default: m.BookingDiscussion })),
);
const UnreadMessagesBadge = lazy(() =>
  import('../shared/ui/unread-messages-badge').then((m) => ({ default: m.UnreadMessagesBadge })),
);
const CHAT_MIN_HEIGHT = { base: '60vh', md: '480px' };
const PassSection = lazy(() => import('../features/onsite/pass-section').then((m) => ({ default: m.PassSection })));
// The organizer's invitation links load with the Participants section, after the top of the page
// (docs/decisions.md, performance rule 26).
const InviteLinksPanel = lazy(() =>
  import('../features/invitation/links/invite-links-panel').then((m) => ({ default: m.InviteLinksPanel })),
);

/** The sections of the invitation and payments features, composed into the booking detail. */
const sections: Omit<BookingDetailSlots, 'discussion'> = {
  inviteLinks: (detail, { canCreate }) => (
    <Suspense fallback={<Spinner role="status" aria-label="Chargement des liens d’invitation" />}>
      <InviteLinksPanel bookingId={detail._id} reference={detail.bookingRequestId} canCreate={canCreate} />
    </Suspense>
  ),
  payment: (detail) => <PaymentSection detail={detail} />,
  pass: (detail) => <PassSection bookingId={detail._id} />,
};

const discussion: DiscussionSlot = (detail) => ({
  content: (
    <WhenNear minH={CHAT_MIN_HEIGHT}>
      <Suspense
        fallback={
          <Center minH={CHAT_MIN_HEIGHT} role="status" aria-label="Chargement de la discussion">
            <Spinner />
          </Center>
        }
      >
        {/* A member of a surprise booking may hide a line from the guests of honour (docs/decisions.md, "Group shares"). */}
        <BookingDiscussion bookingId={detail._id} canHide={detail.surprise && !detail.programmeHidden} />
      </Suspense>
    </WhenNear>
  ),
  badge: (
    <Suspense fallback={null}>
      <UnreadMessagesBadge bookingId={detail._id} />
    </Suspense>
  ),
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
