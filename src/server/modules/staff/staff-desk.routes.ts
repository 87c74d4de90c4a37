import type { FastifyPluginAsync } from 'fastify';
import { staffCalls } from '../../../shared/api/staff.contract';
import { STAFF_MESSAGES } from '../../../shared/api/staff.schema';
import { todayInParis } from '../../../shared/booking-days';
import { ReadCache } from '../../db/read-cache';
import type { ServiceDeps } from '../../deps';
import { type KeptAnswer, sendKept } from '../../kept-answer';
import { staffSessionOf } from '../../plugins/auth';
import { registerCall, registerDataCall } from '../../register-call';
import { listOutbox, resendMail } from './staff-outbox.service';
import { plannerDay, weeklyStats } from './staff-planner.service';

/** How long a day's planner is kept at most: a bound should a change ever go unheard. */
const PLANNER_KEPT_MS = 5000;
/** A few days' planners (about 100 KB each on a summer Saturday). */
const PLANNER_DAYS_KEPT_AT_MOST = 60;

/** The team's desk: outbox, day planner, weekly figures (any staff member). */
export const staffDeskRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  registerDataCall(app, staffCalls.outbox, (request) => listOutbox(deps.db, staffSessionOf(request), request.query));
  registerDataCall(app, staffCalls.resendMail, (request) => resendMail(deps.db, request.params.id), {
    message: STAFF_MESSAGES.mailResent,
  });

  // A busy day's planner is about 100 KB of JSON read by every team member's screen: kept per day
  // until the data changes (every table it reads has the change trigger), a few seconds at most
  // (docs/decisions.md, "Reads kept in memory"). The same for every staff member: no per-caller key.
  const keptDays = new ReadCache<KeptAnswer>(app.changes, PLANNER_KEPT_MS, PLANNER_DAYS_KEPT_AT_MOST);
  registerCall(app, staffCalls.planner, (request, reply) => {
    const day = request.query.date ?? todayInParis();
    const kept = { cache: keptDays, key: day, schema: staffCalls.planner.response };
    return sendKept(request, reply, kept, () => plannerDay(deps.db, day));
  });

  registerDataCall(app, staffCalls.weeklyStats, () => weeklyStats(deps.db));
};
