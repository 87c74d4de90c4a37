import { ReadCache } from '../../db/read-cache';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { staffCalls } from '../../../shared/api/staff.contract';
import { STAFF_MESSAGES } from '../../../shared/api/staff.schema';
import type { ServiceDeps } from '../../deps';
import { staffSessionOf } from '../../plugins/auth';
import type { StaffSessionContext } from './staff-auth.service';
import { sendAnswer } from '../../kept-answer';
import { registerCall, registerDataCall } from '../../register-call';
import { serializeAnswer } from '../../response-serializer';
import * as actions from './staff-actions.service';
import { getStaffBooking, getStaffBookingJobs } from './staff-requests.service';
import { keptQueueAnswer, type QueueReads } from './staff-queue.service';

/** A kept queue is dropped at the first change, or after this long (a safety net). */
const QUEUE_KEPT_MS = 5000;
const QUEUES_KEPT_AT_MOST = 500;

/** The request queue and the team's actions on one request (any staff member). */
export const staffRequestRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  /** The handler of an action on one request: each takes the deps, the staff member, the id and (some) the body. */
  const bookingAction =
    <Body, Result>(action: (deps: ServiceDeps, staff: StaffSessionContext, bookingId: string, body: Body) => Result) =>
    (request: FastifyRequest & { params: { id: string }; body: Body }) =>
      action(deps, staffSessionOf(request), request.params.id, request.body);

  // Twenty staff refreshing the same queue read it once per change (docs/decisions.md, "Reads kept in memory").
  const keptQueues = new ReadCache<QueueReads>(app.changes, QUEUE_KEPT_MS, QUEUES_KEPT_AT_MOST);
  registerCall(app, staffCalls.queue, async (request, reply) => {
    const kept = { cache: keptQueues, since: request.arrivedAt || undefined };
    const serialize = (data: unknown) =>
      serializeAnswer(staffCalls.queue.response, { success: true, data }, request.routeOptions);
    return sendAnswer(request, reply, await keptQueueAnswer(deps.db, request.query, kept, serialize));
  });

  registerDataCall(app, staffCalls.request, (request) =>
    getStaffBooking(deps.db, staffSessionOf(request), request.params.id),
  );

  registerDataCall(app, staffCalls.requestJobs, (request) =>
    getStaffBookingJobs(deps.db, staffSessionOf(request), request.params.id),
  );

  registerDataCall(app, staffCalls.validate, bookingAction(actions.validateBooking), {
    message: STAFF_MESSAGES.validated,
  });
  registerDataCall(app, staffCalls.paymentConfig, bookingAction(actions.setPaymentConfig), {
    message: STAFF_MESSAGES.paymentConfigSaved,
  });
  registerDataCall(app, staffCalls.chequeReceived, bookingAction(actions.markChequeReceived), {
    message: STAFF_MESSAGES.chequeReceived,
  });
  registerDataCall(app, staffCalls.cancel, bookingAction(actions.cancelBooking), { message: STAFF_MESSAGES.canceled });
  registerDataCall(app, staffCalls.complete, bookingAction(actions.completeBooking), {
    message: STAFF_MESSAGES.completed,
  });
  registerDataCall(app, staffCalls.schedule, bookingAction(actions.editSchedule), {
    message: STAFF_MESSAGES.scheduleSaved,
  });
};
