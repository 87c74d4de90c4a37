/**
 * Every query of the customer's bookings (dashboard lists, booking detail) starts with this key,
 * so a write in one feature can mark the others stale without importing them.
 */
export const CUSTOMER_BOOKINGS_KEY = 'customer-booking-requests';
