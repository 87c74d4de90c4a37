import type { FastifyPluginAsync } from 'fastify';
import { staffCalls } from '../../../shared/api/staff.contract';
import { STAFF_MESSAGES } from '../../../shared/api/staff.schema';
import type { ServiceDeps } from '../../deps';
import { staffSessionOf } from '../../plugins/auth';
import { registerDataCall } from '../../register-call';
import { listOutbox, resendMail } from './staff-outbox.service';
import { plannerDay, weeklyStats } from './staff-planner.service';

/** The team's desk: outbox, day planner, weekly figures (any staff member). */
export const staffDeskRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  registerDataCall(app, staffCalls.outbox, (request) => listOutbox(deps.db, staffSessionOf(request), request.query));
  registerDataCall(app, staffCalls.resendMail, (request) => resendMail(deps.db, request.params.id), {
    message: STAFF_MESSAGES.mailResent,
  });

  registerDataCall(app, staffCalls.planner, (request) => plannerDay(deps.db, request.query.date));

  registerDataCall(app, staffCalls.weeklyStats, () => weeklyStats(deps.db));
};
