import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingDetailResponse,
  bookingListQuery,
  bookingListResponse,
  bookingParamsSchema,
  invitationListResponse,
  updateBookingBody,
} from '../../../shared/api/customer-booking.schema';
import type { ServiceDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth';
import * as bookings from './customer-bookings.service';

const PREFIX = '/api/v1/customer-booking-requests';

export const customerBookingRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', app.requireCustomer);

  app.get(PREFIX, { schema: { querystring: bookingListQuery, response: { 200: bookingListResponse } } }, async (request) => ({
    success: true as const,
    data: await bookings.listCustomerBookings(deps, sessionOf(request), request.query),
  }));

  // SPEC.md §7 lists GET /v1/booking-requests beside the customer list: the same list of the
  // caller's own requests, never anyone else's.
  app.get(
    '/api/v1/booking-requests',
    { schema: { querystring: bookingListQuery, response: { 200: bookingListResponse } } },
    async (request) => ({
      success: true as const,
      data: await bookings.listCustomerBookings(deps, sessionOf(request), request.query),
    }),
  );

  app.get(`${PREFIX}/invitations`, { schema: { response: { 200: invitationListResponse } } }, async (request) => ({
    success: true as const,
    data: await bookings.listCustomerInvitations(deps, sessionOf(request)),
  }));

  app.get(
    `${PREFIX}/:id`,
    { schema: { params: bookingParamsSchema, response: { 200: bookingDetailResponse } } },
    async (request) => ({
      success: true as const,
      data: await bookings.getCustomerBooking(deps, sessionOf(request), request.params.id),
    }),
  );

  app.put(
    `${PREFIX}/:id`,
    { schema: { params: bookingParamsSchema, body: updateBookingBody, response: { 200: bookingDetailResponse } } },
    async (request) => ({
      success: true as const,
      message: 'Modification enregistrée',
      data: await bookings.updateCustomerBooking(deps, sessionOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    `${PREFIX}/:id/validate`,
    { schema: { params: bookingParamsSchema, response: { 200: bookingDetailResponse } } },
    async (request) => ({
      success: true as const,
      message: 'Votre demande a été validée',
      data: await bookings.validateCustomerBooking(deps, sessionOf(request), request.params.id),
    }),
  );
  // Participants and invitation links: src/server/modules/invitations (issue 14).
};
