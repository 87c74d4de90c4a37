import type { FastifyPluginAsync } from 'fastify';
import { staffCalls } from '../../../shared/api/staff.contract';
import { STAFF_MESSAGES } from '../../../shared/api/staff.schema';
import type { ServiceDeps } from '../../deps';
import { staffSessionOf } from '../../plugins/auth';
import { registerCall } from '../../register-call';
import * as actions from './staff-actions.service';
import { getStaffBooking, listQueue } from './staff-requests.service';

/** The request queue and the team's actions on one request (any staff member). */
export const staffRequestRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  registerCall(app, staffCalls.queue, async (request) => ({
    success: true as const,
    data: await listQueue(deps.db, request.query),
  }));

  registerCall(app, staffCalls.request, async (request) => ({
    success: true as const,
    data: await getStaffBooking(deps.db, staffSessionOf(request), request.params.id),
  }));

  registerCall(app, staffCalls.validate, async (request) => ({
    success: true as const,
    message: STAFF_MESSAGES.validated,
    data: await actions.validateBooking(deps, staffSessionOf(request), request.params.id),
  }));

  registerCall(app, staffCalls.paymentConfig, async (request) => ({
    success: true as const,
    message: STAFF_MESSAGES.paymentConfigSaved,
    data: await actions.setPaymentConfig(deps, staffSessionOf(request), request.params.id, request.body),
  }));

  registerCall(app, staffCalls.chequeReceived, async (request) => ({
    success: true as const,
    message: STAFF_MESSAGES.chequeReceived,
    data: await actions.markChequeReceived(deps, staffSessionOf(request), request.params.id),
  }));

  registerCall(app, staffCalls.cancel, async (request) => ({
    success: true as const,
    message: STAFF_MESSAGES.canceled,
    data: await actions.cancelBooking(deps, staffSessionOf(request), request.params.id, request.body),
  }));

  registerCall(app, staffCalls.complete, async (request) => ({
    success: true as const,
    message: STAFF_MESSAGES.completed,
    data: await actions.completeBooking(deps, staffSessionOf(request), request.params.id),
  }));

  registerCall(app, staffCalls.schedule, async (request) => ({
    success: true as const,
    message: STAFF_MESSAGES.scheduleSaved,
    data: await actions.editSchedule(deps, staffSessionOf(request), request.params.id, request.body),
  }));
};
