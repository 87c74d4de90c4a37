import type { FastifyPluginAsync } from 'fastify';
import { staffCalls } from '../../../shared/api/staff.contract';
import { STAFF_MESSAGES } from '../../../shared/api/staff.schema';
import type { ServiceDeps } from '../../deps';
import { staffSessionOf } from '../../plugins/auth';
import { registerDataCall } from '../../register-call';
import * as actions from './staff-actions.service';
import { getStaffBooking, listQueue } from './staff-requests.service';

/** The request queue and the team's actions on one request (any staff member). */
export const staffRequestRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  registerDataCall(app, staffCalls.queue, (request) => listQueue(deps.db, request.query));

  registerDataCall(app, staffCalls.request, (request) =>
    getStaffBooking(deps.db, staffSessionOf(request), request.params.id),
  );

  registerDataCall(
    app,
    staffCalls.validate,
    (request) => actions.validateBooking(deps, staffSessionOf(request), request.params.id),
    { message: STAFF_MESSAGES.validated },
  );

  registerDataCall(
    app,
    staffCalls.paymentConfig,
    (request) => actions.setPaymentConfig(deps, staffSessionOf(request), request.params.id, request.body),
    { message: STAFF_MESSAGES.paymentConfigSaved },
  );

  registerDataCall(
    app,
    staffCalls.chequeReceived,
    (request) => actions.markChequeReceived(deps, staffSessionOf(request), request.params.id),
    { message: STAFF_MESSAGES.chequeReceived },
  );

  registerDataCall(
    app,
    staffCalls.cancel,
    (request) => actions.cancelBooking(deps, staffSessionOf(request), request.params.id, request.body),
    { message: STAFF_MESSAGES.canceled },
  );

  registerDataCall(
    app,
    staffCalls.complete,
    (request) => actions.completeBooking(deps, staffSessionOf(request), request.params.id),
    { message: STAFF_MESSAGES.completed },
  );

  registerDataCall(
    app,
    staffCalls.schedule,
    (request) => actions.editSchedule(deps, staffSessionOf(request), request.params.id, request.body),
    { message: STAFF_MESSAGES.scheduleSaved },
  );
};
