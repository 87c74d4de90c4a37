import type { FastifyPluginAsync } from 'fastify';
import { customerBookingCalls } from '../../../shared/api/customer-bookings.contract';
import type { ServiceDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth';
import { registerCall } from '../../register-call';
import { BOOKING_MESSAGES, createBookingRequest } from './bookings.service';

export const bookingRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  registerCall(
    app,
    customerBookingCalls.create,
    async (request) => ({
      success: true as const,
      message: BOOKING_MESSAGES.created,
      data: await createBookingRequest(deps, sessionOf(request), request.body),
    }),
    { config: { rateLimit: { max: 20, timeWindow: 60 * 60_000 } } },
  );
};
