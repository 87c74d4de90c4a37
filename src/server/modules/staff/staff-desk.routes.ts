import type { FastifyPluginAsync } from 'fastify';
import { staffCalls } from '../../../shared/api/staff.contract';
import type { ServiceDeps } from '../../deps';
import { staffSessionOf } from '../../plugins/auth';
import { registerDataCall } from '../../register-call';
import { listOutbox } from './staff-outbox.service';
import { plannerDay, weeklyStats } from './staff-planner.service';

/** The team's desk: outbox, day planner, weekly figures (any staff member). */
export const staffDeskRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  registerDataCall(app, staffCalls.outbox, (request) => listOutbox(deps.db, staffSessionOf(request), request.query));

  registerDataCall(app, staffCalls.planner, (request) => plannerDay(deps.db, request.query.date));

  registerDataCall(app, staffCalls.weeklyStats, () => weeklyStats(deps.db));
};
