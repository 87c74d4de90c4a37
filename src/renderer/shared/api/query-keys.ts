/**
 * Every TanStack Query key of the renderer, from this one factory (the back-office's beside it,
 * `staff-query-keys.ts`, so that the public pages' first render carries none of them). Keys are arrays whose
 * first element says who owns the data, so that one call can drop or refresh a whole family:
 * - 'public': the park's data anyone sees (kept at logout);
 * - 'session': the customer's session;
 * - CUSTOMER_BOOKINGS_KEY: everything about the customer's bookings (a write in one feature marks
 *   the others stale without importing them);
 * - 'messages': the booking chats, per client scope ('customer' or 'staff');
 * - STAFF_KEY: the back-office (logging the team member out drops all of it).
 */
export const CUSTOMER_BOOKINGS_KEY = 'customer-booking-requests';
export const STAFF_KEY = 'staff';

export const queryKeys = {
  public: {
    all: ['public'] as const,
    catalogue: (kind: string) => ['public', 'catalogue', kind] as const,
    featuredActivities: () => ['public', 'catalogue', 'featured-activities'] as const,
    establishment: () => ['public', 'establishment', 'info'] as const,
    invitation: (token: string) => ['public', 'invitation', token] as const,
    stripeConfig: () => ['public', 'stripe-config'] as const,
    kioskToday: () => ['public', 'kiosk-today'] as const,
    walkIn: (bookingId: string) => ['public', 'walk-in', bookingId] as const,
  },
  session: (token: string | null) => ['session', token] as const,
  /** A QR code drawn in the browser from a link (an invitation link is not public: dropped at logout). */
  qrCode: (url: string) => ['qr-code', url] as const,
  bookings: {
    all: [CUSTOMER_BOOKINGS_KEY] as const,
    list: () => [CUSTOMER_BOOKINGS_KEY, 'list'] as const,
    invitations: () => [CUSTOMER_BOOKINGS_KEY, 'invitations'] as const,
    paymentHistory: () => [CUSTOMER_BOOKINGS_KEY, 'payment-history'] as const,
    detail: (bookingId: string) => [CUSTOMER_BOOKINGS_KEY, 'detail', bookingId] as const,
    inviteLinks: (bookingId: string) => [CUSTOMER_BOOKINGS_KEY, 'invite-links', bookingId] as const,
    payment: (bookingId: string, part: string) => [CUSTOMER_BOOKINGS_KEY, 'payment', bookingId, part] as const,
    pass: (bookingId: string) => [CUSTOMER_BOOKINGS_KEY, 'pass', bookingId] as const,
  },
  chat: {
    booking: (scope: string, bookingId: string) => ['messages', scope, bookingId] as const,
    list: (scope: string, bookingId: string) => ['messages', scope, bookingId, 'list'] as const,
    unread: (scope: string, bookingId: string) => ['messages', scope, bookingId, 'unread-count'] as const,
    attachment: (scope: string, path: string) => ['messages', scope, 'attachment', path] as const,
  },
};
