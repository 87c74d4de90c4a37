import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  authSessionResponse,
  customerResponse,
  deleteAccountBody,
  forgotPasswordBody,
  loginBody,
  loginLinkBody,
  messageResponse,
  registerBody,
  resetPasswordBody,
  updateProfileBody,
} from '../../../shared/api/auth.schema';
import { verifyResponse } from '../../../shared/api/customer.schema';
import { sessionOf } from '../../plugins/auth';
import type { AuthDeps } from './auth.service';
import { cookieValue, DEVICE_COOKIE_NAME, deviceCookieHeader } from './device-cookie';
import * as auth from './auth.service';

const PREFIX = '/api/v1/customer-auth';

/** Per-address limits; the per-account login throttle lives in the service. */
const LIMITS = {
  login: { max: 20, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 60 * 60_000 },
  forgotPassword: { max: 5, timeWindow: 15 * 60_000 },
};

export const authRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  app.post(
    `${PREFIX}/register`,
    {
      config: { access: 'public', rateLimit: LIMITS.register },
      schema: { body: registerBody, response: { 201: authSessionResponse } },
    },
    async (request, reply) => {
      const { token, customer } = await auth.register(deps, request.body);
      reply.status(201);
      return {
        success: true as const,
        message: AUTH_MESSAGES.registered,
        data: { token, customer, userId: customer._id },
        token,
        customer,
      };
    },
  );

  app.post(
    `${PREFIX}/login`,
    { config: { access: 'public', rateLimit: LIMITS.login }, schema: { body: loginBody, response: { 200: authSessionResponse } } },
    async (request, reply) => {
      const { token, customer, deviceCookie } = await auth.login(deps, request.body, {
        deviceCookie: cookieValue(request.headers.cookie, DEVICE_COOKIE_NAME),
      });
      const origin = request.headers.origin;
      const crossSite = typeof origin === 'string' && origin !== `${request.protocol}://${request.host}`;
      reply.header('Set-Cookie', deviceCookieHeader(deviceCookie, { secure: request.protocol === 'https', crossSite }));
      return {
        success: true as const,
        message: AUTH_MESSAGES.loggedIn,
        data: { token, customer, userId: customer._id },
        token,
        customer,
      };
    },
  );

  app.post(
    `${PREFIX}/login-link`,
    { config: { rateLimit: LIMITS.login }, schema: { body: loginLinkBody, response: { 200: authSessionResponse } } },
    async (request) => {
      const { token, customer } = await auth.loginWithLink(deps, request.body);
      return {
        success: true as const,
        message: AUTH_MESSAGES.loggedIn,
        data: { token, customer, userId: customer._id },
        token,
        customer,
      };
    },
  );

  app.get(
    `${PREFIX}/verify`,
    { onRequest: app.requireAnySession, config: { access: 'customer' }, schema: { response: { 200: verifyResponse } } },
    async (request) => ({
      success: true as const,
      data: { customer: await auth.currentCustomer(deps, sessionOf(request)) },
    }),
  );

  app.post(
    `${PREFIX}/refresh`,
    {
      onRequest: app.requireAnySession,
      config: { access: 'customer' },
      schema: { response: { 200: customerResponse } },
    },
    async (request) => ({
      success: true as const,
      data: { customer: await auth.currentCustomer(deps, sessionOf(request)) },
    }),
  );

  app.put(
    `${PREFIX}/reset-password`,
    {
      onRequest: app.requireAnySession,
      config: { access: 'customer' },
      schema: { body: resetPasswordBody, response: { 200: customerResponse } },
    },
    async (request) => {
      const { customer } = await auth.changePassword(deps, sessionOf(request), request.body);
      return { success: true as const, message: AUTH_MESSAGES.passwordChanged, data: { customer } };
    },
  );

  app.post(
    `${PREFIX}/forgot-password`,
    {
      config: { access: 'public', rateLimit: LIMITS.forgotPassword },
      schema: { body: forgotPasswordBody, response: { 200: messageResponse } },
    },
    async (request) => {
      const { message } = await auth.forgotPassword(deps, request.body);
      return { success: true as const, message };
    },
  );

  app.put(
    `${PREFIX}/profile`,
    {
      onRequest: app.requireCustomer,
      config: { access: 'customer' },
      schema: { body: updateProfileBody, response: { 200: customerResponse } },
    },
    async (request) => ({
      success: true as const,
      message: AUTH_MESSAGES.profileUpdated,
      data: { customer: await auth.updateProfile(deps, sessionOf(request), request.body) },
    }),
  );

  app.post(
    `${PREFIX}/logout`,
    {
      onRequest: app.requireAnySession,
      config: { access: 'customer' },
      schema: { response: { 200: messageResponse } },
    },
    async (request) => {
      await auth.logout(deps, sessionOf(request));
      return { success: true as const, message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.delete(
    `${PREFIX}/account`,
    {
      onRequest: app.requireCustomer,
      config: { access: 'customer' },
      schema: { body: deleteAccountBody, response: { 200: messageResponse } },
    },
    async (request) => {
      await auth.deleteAccount(deps, sessionOf(request), request.body);
      return { success: true as const, message: AUTH_MESSAGES.accountDeleted };
    },
  );
};
