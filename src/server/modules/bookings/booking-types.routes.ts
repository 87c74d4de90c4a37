import type { FastifyPluginAsync } from 'fastify';
import { publicCalls } from '../../../shared/api/public.contract';
import { BOOKING_TYPES } from '../../../shared/booking-types';
import { registerDataCall } from '../../register-call';

export const bookingTypesRoutes: FastifyPluginAsync = async (app) => {
  registerDataCall(app, publicCalls.bookingTypes, () => BOOKING_TYPES);
};
