import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createBookingRequestBody,
  createBookingRequestResponse,
} from '../../../shared/api/booking-request.schema';
import type { ServiceDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth';
import { BOOKING_MESSAGES, createBookingRequest } from './bookings.service';

export const bookingRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/api/v1/public-booking-requests',
    {
      onRequest: app.requireCustomer,
      config: { access: 'customer', rateLimit: { max: 20, timeWindow: 60 * 60_000 } },
      schema: { body: createBookingRequestBody, response: { 201: createBookingRequestResponse } },
    },
    async (request, reply) => {
      const data = await createBookingRequest(deps, sessionOf(request), request.body);
      reply.status(201);
      return { success: true as const, message: BOOKING_MESSAGES.created, data };
    },
  );
};
