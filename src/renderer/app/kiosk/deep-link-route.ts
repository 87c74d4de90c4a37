/** The route main sends for `parcaventure://booking/{id}` (src/main/deep-link.ts: a lowercase uuid). */
const BOOKING_ROUTE = /^\/booking\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * Where a deep link's route opens in this window: on the staff desktop (a team member signed in)
 * a booking opens on its back-office screen, `/admin/demandes/{id}`; for a customer, on their
 * booking page. Every other route is opened as main sent it.
 */
export function deepLinkRoute(route: string, staffSignedIn: boolean): string {
  const booking = BOOKING_ROUTE.exec(route);
  return booking && staffSignedIn ? `/admin/demandes/${booking[1]}` : route;
}
