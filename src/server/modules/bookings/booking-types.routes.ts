import type { FastifyPluginAsync } from 'fastify';
import { publicCalls } from '../../../shared/api/public.contract';
import { BOOKING_TYPES } from '../../../shared/booking-types';
import { registerCall } from '../../register-call';

export const bookingTypesRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, publicCalls.bookingTypes, () => ({ success: true as const, data: BOOKING_TYPES }));
};
