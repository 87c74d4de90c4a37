import { createHmac } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { staffCalls } from '../../../shared/api/staff.contract';
import { STAFF_MESSAGES } from '../../../shared/api/staff.schema';
import { deviceCookieSecret } from '../../config';
import type { ServiceDeps } from '../../deps';
import { staffSessionOf } from '../../plugins/auth';
import { registerCall, registerDataCall } from '../../register-call';
import { presentedCookie, setDeviceCookie } from '../auth/device-cookie.public';
import * as staffAuth from './staff-auth.service';

/** Per-address limits, as for customers (auth.routes.ts); the per-account throttle is in the service. */
const LIMITS = {
  login: { max: 20, timeWindow: 60_000 },
  setup: { max: 10, timeWindow: 15 * 60_000 },
};

/**
 * The staff login device cookie (DESIGN.md §4, the customers' scheme of auth/device-cookie.public.ts):
 * its own name and path, so that it never travels with the customers' login calls nor replaces
 * the customers' `parc_device` on a desktop shared by both.
 */
export const STAFF_DEVICE_COOKIE = { name: 'parc_staff_device', path: '/api/v1/staff/auth' } as const;

export const staffAuthRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  // A key of its own, derived from the customers' one: a customer cookie signed for the same
  // address (anyone may register one) never opens a staff device budget.
  const deviceSecret = createHmac('sha256', deviceCookieSecret(app.config))
    .update('staff login device cookies')
    .digest('base64url');

  registerDataCall(
    app,
    staffCalls.login,
    async (request, reply) => {
      const { token, staff, deviceCookie } = await staffAuth.staffLogin(deps.db, request.body, {
        deviceSecret,
        deviceCookie: presentedCookie(request, STAFF_DEVICE_COOKIE.name),
      });
      const origin = request.headers.origin;
      const crossSite = typeof origin === 'string' && origin !== `${request.protocol}://${request.host}`;
      setDeviceCookie(reply, deviceCookie, { secure: request.protocol === 'https', crossSite }, STAFF_DEVICE_COOKIE);
      return { token, staff };
    },
    { message: STAFF_MESSAGES.loggedIn, config: { rateLimit: LIMITS.login } },
  );

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
