import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionResponse,
  cancelBody,
  cancelResponse,
  paymentConfigBody,
  STAFF_MESSAGES,
  staffBookingDetailResponse,
  staffIdParams,
  staffQueueQuery,
  staffQueueResponse,
  staffScheduleBody,
} from '../../../shared/api/staff.schema';
import type { ServiceDeps } from '../../deps';
import { staffSessionOf } from '../../plugins/auth';
import * as actions from './staff-actions.service';
import { getStaffBooking, listQueue } from './staff-requests.service';

const PREFIX = '/api/v1/staff/booking-requests';

export const staffRequestRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const guard = { onRequest: app.requireStaff };

  app.get(
    PREFIX,
    { ...guard, schema: { querystring: staffQueueQuery, response: { 200: staffQueueResponse } } },
    async (request) => ({
      success: true as const,
      data: await listQueue(deps.db, request.query),
    }),
  );

  app.get(
    `${PREFIX}/:id`,
    { ...guard, schema: { params: staffIdParams, response: { 200: staffBookingDetailResponse } } },
    async (request) => ({
      success: true as const,
      data: await getStaffBooking(deps.db, staffSessionOf(request), request.params.id),
    }),
  );

  app.post(
    `${PREFIX}/:id/validate`,
    { ...guard, schema: { params: staffIdParams, response: { 200: actionResponse } } },
    async (request) => ({
      success: true as const,
      message: STAFF_MESSAGES.validated,
      data: await actions.validateBooking(deps, staffSessionOf(request), request.params.id),
    }),
  );

  app.put(
    `${PREFIX}/:id/payment-config`,
    { ...guard, schema: { params: staffIdParams, body: paymentConfigBody, response: { 200: actionResponse } } },
    async (request) => ({
      success: true as const,
      message: STAFF_MESSAGES.paymentConfigSaved,
      data: await actions.setPaymentConfig(deps, staffSessionOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    `${PREFIX}/:id/cheque-received`,
    { ...guard, schema: { params: staffIdParams, response: { 200: actionResponse } } },
    async (request) => ({
      success: true as const,
      message: STAFF_MESSAGES.chequeReceived,
      data: await actions.markChequeReceived(deps, staffSessionOf(request), request.params.id),
    }),
  );

  app.post(
    `${PREFIX}/:id/cancel`,
    { ...guard, schema: { params: staffIdParams, body: cancelBody, response: { 200: cancelResponse } } },
    async (request) => ({
      success: true as const,
      message: STAFF_MESSAGES.canceled,
      data: await actions.cancelBooking(deps, staffSessionOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    `${PREFIX}/:id/complete`,
    { ...guard, schema: { params: staffIdParams, response: { 200: actionResponse } } },
    async (request) => ({
      success: true as const,
      message: STAFF_MESSAGES.completed,
      data: await actions.completeBooking(deps, staffSessionOf(request), request.params.id),
    }),
  );

  app.put(
    `${PREFIX}/:id/schedule`,
    { ...guard, schema: { params: staffIdParams, body: staffScheduleBody, response: { 200: actionResponse } } },
    async (request) => ({
      success: true as const,
      message: STAFF_MESSAGES.scheduleSaved,
      data: await actions.editSchedule(deps, staffSessionOf(request), request.params.id, request.body),
    }),
  );
};
