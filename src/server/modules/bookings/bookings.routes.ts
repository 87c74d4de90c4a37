import type { FastifyPluginAsync } from 'fastify';
import { customerBookingCalls } from '../../../shared/api/customer-bookings.contract';
import type { ServiceDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth';
import { registerDataCall } from '../../register-call';
import { BOOKING_MESSAGES, createBookingRequest } from './bookings.service';

export const bookingRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  registerDataCall(
    app,
    customerBookingCalls.create,
    (request) => createBookingRequest(deps, sessionOf(request), request.body),
    { message: BOOKING_MESSAGES.created, config: { rateLimit: { max: 20, timeWindow: 60 * 60_000 } } },
  );
};
