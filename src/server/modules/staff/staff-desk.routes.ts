import type { FastifyPluginAsync } from 'fastify';
import { staffCalls } from '../../../shared/api/staff.contract';
import type { ServiceDeps } from '../../deps';
import { staffSessionOf } from '../../plugins/auth';
import { registerCall } from '../../register-call';
import { listOutbox } from './staff-outbox.service';
import { plannerDay, weeklyStats } from './staff-planner.service';

/** The team's desk: outbox, day planner, weekly figures (any staff member). */
export const staffDeskRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  registerCall(app, staffCalls.outbox, async (request) => ({
    success: true as const,
    data: await listOutbox(deps.db, staffSessionOf(request), request.query),
  }));

  registerCall(app, staffCalls.planner, async (request) => ({
    success: true as const,
    data: await plannerDay(deps.db, request.query.date),
  }));

  registerCall(app, staffCalls.weeklyStats, async () => ({
    success: true as const,
    data: await weeklyStats(deps.db),
  }));
};
