import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingTypesResponse } from '../../../shared/api/booking-types.schema';
import { BOOKING_TYPES } from '../../../shared/booking-types';

export const bookingTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/public-booking-requests/booking-types',
    { config: { access: 'public' }, schema: { response: { 200: bookingTypesResponse } } },
    async () => ({ success: true as const, data: BOOKING_TYPES }),
  );
};
