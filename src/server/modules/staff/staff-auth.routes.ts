import type { FastifyPluginAsync } from 'fastify';
import { staffCalls } from '../../../shared/api/staff.contract';
import { STAFF_MESSAGES } from '../../../shared/api/staff.schema';
import type { ServiceDeps } from '../../deps';
import { staffSessionOf } from '../../plugins/auth';
import { registerCall, registerDataCall } from '../../register-call';
import * as staffAuth from './staff-auth.service';

/** Per-address limits, as for customers (auth.routes.ts); the per-account throttle is in the service. */
const LIMITS = {
  login: { max: 20, timeWindow: 60_000 },
  setup: { max: 10, timeWindow: 15 * 60_000 },
};

export const staffAuthRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  registerDataCall(app, staffCalls.login, (request) => staffAuth.staffLogin(deps.db, request.body), {
    message: STAFF_MESSAGES.loggedIn,
    config: { rateLimit: LIMITS.login },
  });

  registerDataCall(app, staffCalls.me, async (request) => ({
    staff: await staffAuth.currentStaff(deps.db, staffSessionOf(request)),
  }));

  registerCall(app, staffCalls.logout, async (request) => {
    await staffAuth.staffLogout(deps.db, staffSessionOf(request));
    return { success: true as const, message: STAFF_MESSAGES.loggedOut };
  });

  registerDataCall(
    app,
    staffCalls.setupStatus,
    async (request) => ({ valid: await staffAuth.setupTokenIsValid(deps.db, request.params.token) }),
    { config: { rateLimit: LIMITS.setup } },
  );

  registerDataCall(app, staffCalls.setup, (request) => staffAuth.setupFirstAdmin(deps.db, request.body), {
    message: STAFF_MESSAGES.setupDone,
    config: { rateLimit: LIMITS.setup },
  });
};
