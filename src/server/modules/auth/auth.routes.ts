import type { FastifyPluginAsync, FastifyRequest, onRequestHookHandler } from 'fastify';
import { customerAuthCalls as calls } from '../../../shared/api/auth.contract';
import { AUTH_MESSAGES } from '../../../shared/api/auth.schema';
import type { Customer } from '../../../shared/api/customer.schema';
import { sessionOf } from '../../plugins/auth';
import { registerCall, registerDataCall } from '../../register-call';
import type { AuthDeps } from './auth.service';
import { DEVICE_COOKIE_NAME, presentedCookie, setDeviceCookie } from './device-cookie.public';
import * as auth from './auth.service';

/** Per-address limits; the per-account login throttle lives in the service. */
const LIMITS = {
  login: { max: 20, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 60 * 60_000 },
  forgotPassword: { max: 5, timeWindow: 15 * 60_000 },
};

/** The session's answer of login and register: in `data`, mirrored at the top level (SPEC.md §7). */
function sessionAnswer(message: string, { token, customer }: { token: string; customer: Customer }) {
  return { success: true as const, message, data: { token, customer, userId: customer._id }, token, customer };
}

export const authRoutes: FastifyPluginAsync<{ deps: AuthDeps }> = async (app, { deps }) => {
  // Verify, refresh, the password change and logout also accept a temporary-password session.
  const anySession = { onRequest: app.requireAnySession as unknown as onRequestHookHandler };

  registerCall(
    app,
    calls.register,
    async (request) => sessionAnswer(AUTH_MESSAGES.registered, await auth.register(deps, request.body)),
    { config: { rateLimit: LIMITS.register } },
  );

  registerCall(
    app,
    calls.login,
    async (request, reply) => {
      const { token, customer, deviceCookie } = await auth.login(deps, request.body, {
        deviceCookie: presentedCookie(request, DEVICE_COOKIE_NAME),
      });
      const origin = request.headers.origin;
      const crossSite = typeof origin === 'string' && origin !== `${request.protocol}://${request.host}`;
      setDeviceCookie(reply, deviceCookie, { secure: request.protocol === 'https', crossSite });
      return sessionAnswer(AUTH_MESSAGES.loggedIn, { token, customer });
    },
    { config: { rateLimit: LIMITS.login } },
  );

  // Verify and refresh answer the same: the session's customer.
  const currentCustomer = async (request: FastifyRequest) => ({
    customer: await auth.currentCustomer(deps, sessionOf(request)),
  });

  registerDataCall(app, calls.verify, currentCustomer, anySession);

  registerDataCall(app, calls.refresh, currentCustomer, anySession);

  registerDataCall(
    app,
    calls.changePassword,
    async (request) => {
      const { customer } = await auth.changePassword(deps, sessionOf(request), request.body);
      return { customer };
    },
    { message: AUTH_MESSAGES.passwordChanged, ...anySession },
  );

  registerCall(
    app,
    calls.forgotPassword,
    async (request) => {
      const { message } = await auth.forgotPassword(deps, request.body);
      return { success: true as const, message };
    },
    { config: { rateLimit: LIMITS.forgotPassword } },
  );

  registerDataCall(
    app,
    calls.updateProfile,
    async (request) => ({ customer: await auth.updateProfile(deps, sessionOf(request), request.body) }),
    { message: AUTH_MESSAGES.profileUpdated },
  );

  registerCall(
    app,
    calls.logout,
    async (request) => {
      await auth.logout(deps, sessionOf(request));
      return { success: true as const, message: AUTH_MESSAGES.loggedOut };
    },
    anySession,
  );

  registerCall(app, calls.deleteAccount, async (request) => {
    await auth.deleteAccount(deps, sessionOf(request), request.body);
    return { success: true as const, message: AUTH_MESSAGES.accountDeleted };
  });
};
