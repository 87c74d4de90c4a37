import { createBookingRequestBody, createBookingRequestResponse } from './booking-request.schema';
import { defineCall } from './contract';
import {
  bookingDetailResponse,
  bookingListQuery,
  bookingListResponse,
  bookingParamsSchema,
  invitationListResponse,
  updateBookingBody,
} from './customer-booking.schema';

const PREFIX = '/api/v1/customer-booking-requests';

/**
 * The customer's booking requests (SPEC.md §7 "Public booking requests" and "Customer booking
 * requests"): creation from the wizard, the dashboard's lists, the detail and its edits. Every
 * call sees only the caller's own requests (another customer's is a 404).
 */
export const customerBookingCalls = {
  create: defineCall({
    method: 'POST',
    path: '/api/v1/public-booking-requests',
    access: 'customer',
    body: createBookingRequestBody,
    response: createBookingRequestResponse,
    status: 201,
    summary: 'Nouvelle demande de réservation (tunnel de réservation)',
  }),
  list: defineCall({
    method: 'GET',
    path: PREFIX,
    access: 'customer',
    query: bookingListQuery,
    response: bookingListResponse,
    summary: 'Les demandes du client, les plus récentes d’abord',
  }),
  // SPEC.md §7 lists GET /v1/booking-requests beside the customer list: the same list of the
  // caller's own requests, never anyone else's.
  listAlias: defineCall({
    method: 'GET',
    path: '/api/v1/booking-requests',
    access: 'customer',
    query: bookingListQuery,
    response: bookingListResponse,
    summary: 'Les demandes du client (même liste)',
  }),
  invitations: defineCall({
    method: 'GET',
    path: `${PREFIX}/invitations`,
    access: 'customer',
    response: invitationListResponse,
    summary: 'Les réservations auxquelles le client participe',
  }),
  detail: defineCall({
    method: 'GET',
    path: `${PREFIX}/:id`,
    access: 'customer',
    params: bookingParamsSchema,
    response: bookingDetailResponse,
    summary: 'Une demande telle que le client peut la voir',
  }),
  update: defineCall({
    method: 'PUT',
    path: `${PREFIX}/:id`,
    access: 'customer',
    params: bookingParamsSchema,
    body: updateBookingBody,
    response: bookingDetailResponse,
    summary: 'Modification partielle (protégée par lastModified)',
  }),
  validate: defineCall({
    method: 'POST',
    path: `${PREFIX}/:id/validate`,
    access: 'customer',
    params: bookingParamsSchema,
    response: bookingDetailResponse,
    summary: "Validation de la demande par l'organisateur",
  }),
} as const;
