import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  outboxQuery,
  outboxResponse,
  plannerQuery,
  plannerResponse,
  weeklyStatsResponse,
} from '../../../shared/api/staff.schema';
import type { ServiceDeps } from '../../deps';
import { staffSessionOf } from '../../plugins/auth';
import { listOutbox } from './staff-outbox.service';
import { plannerDay, weeklyStats } from './staff-planner.service';

/** The team's desk: outbox, day planner, weekly figures (any staff member). */
export const staffDeskRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const guard = { onRequest: app.requireStaff };

  app.get(
    '/api/v1/staff/outbox',
    { ...guard, schema: { querystring: outboxQuery, response: { 200: outboxResponse } } },
    async (request) => ({
      success: true as const,
      data: await listOutbox(deps.db, staffSessionOf(request), request.query),
    }),
  );

  app.get(
    '/api/v1/staff/planner',
    { ...guard, schema: { querystring: plannerQuery, response: { 200: plannerResponse } } },
    async (request) => ({
      success: true as const,
      data: await plannerDay(deps.db, request.query.date),
    }),
  );

  app.get('/api/v1/staff/stats/weekly', { ...guard, schema: { response: { 200: weeklyStatsResponse } } }, async () => ({
    success: true as const,
    data: await weeklyStats(deps.db),
  }));
};
