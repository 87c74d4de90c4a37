import type { FastifyPluginAsync } from 'fastify';
import { staffCalls } from '../../../shared/api/staff.contract';
import { STAFF_MESSAGES } from '../../../shared/api/staff.schema';
import type { ServiceDeps } from '../../deps';
import { staffSessionOf } from '../../plugins/auth';
import { registerCall } from '../../register-call';
import * as staffAuth from './staff-auth.service';

/** Per-address limits, as for customers (auth.routes.ts); the per-account throttle is in the service. */
const LIMITS = {
  login: { max: 20, timeWindow: 60_000 },
  setup: { max: 10, timeWindow: 15 * 60_000 },
};

export const staffAuthRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  registerCall(
    app,
    staffCalls.login,
    async (request) => ({
      success: true as const,
      message: STAFF_MESSAGES.loggedIn,
      data: await staffAuth.staffLogin(deps.db, request.body),
    }),
    { config: { rateLimit: LIMITS.login } },
  );

  registerCall(app, staffCalls.me, async (request) => ({
    success: true as const,
    data: { staff: await staffAuth.currentStaff(deps.db, staffSessionOf(request)) },
  }));

  registerCall(app, staffCalls.logout, async (request) => {
    await staffAuth.staffLogout(deps.db, staffSessionOf(request));
    return { success: true as const, message: STAFF_MESSAGES.loggedOut };
  });

  registerCall(
    app,
    staffCalls.setupStatus,
    async (request) => ({
      success: true as const,
      data: { valid: await staffAuth.setupTokenIsValid(deps.db, request.params.token) },
    }),
    { config: { rateLimit: LIMITS.setup } },
  );

  registerCall(
    app,
    staffCalls.setup,
    async (request) => ({
      success: true as const,
      message: STAFF_MESSAGES.setupDone,
      data: await staffAuth.setupFirstAdmin(deps.db, request.body),
    }),
    { config: { rateLimit: LIMITS.setup } },
  );
};
