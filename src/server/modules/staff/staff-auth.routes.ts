import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STAFF_MESSAGES,
  staffLoginBody,
  staffMeResponse,
  staffMessageResponse,
  staffSessionResponse,
  staffSetupBody,
  staffSetupStatusResponse,
} from '../../../shared/api/staff.schema';
import type { ServiceDeps } from '../../deps';
import { staffSessionOf } from '../../plugins/auth';
import * as staffAuth from './staff-auth.service';

const PREFIX = '/api/v1/staff/auth';

/** Per-address limits, as for customers (auth.routes.ts); the per-account throttle is in the service. */
const LIMITS = {
  login: { max: 20, timeWindow: 60_000 },
  setup: { max: 10, timeWindow: 15 * 60_000 },
};

export const staffAuthRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  app.post(
    `${PREFIX}/login`,
    { config: { access: 'public', rateLimit: LIMITS.login }, schema: { body: staffLoginBody, response: { 200: staffSessionResponse } } },
    async (request) => ({
      success: true as const,
      message: STAFF_MESSAGES.loggedIn,
      data: await staffAuth.staffLogin(deps.db, request.body),
    }),
  );

  app.get(
    `${PREFIX}/me`,
    { onRequest: app.requireStaff, schema: { response: { 200: staffMeResponse } } },
    async (request) => ({
      success: true as const,
      data: { staff: await staffAuth.currentStaff(deps.db, staffSessionOf(request)) },
    }),
  );

  app.post(
    `${PREFIX}/logout`,
    { onRequest: app.requireStaff, schema: { response: { 200: staffMessageResponse } } },
    async (request) => {
      await staffAuth.staffLogout(deps.db, staffSessionOf(request));
      return { success: true as const, message: STAFF_MESSAGES.loggedOut };
    },
  );

  app.get(
    `${PREFIX}/setup/:token`,
    {
      config: { access: 'public', rateLimit: LIMITS.setup },
      // A setup token is 43 base64url characters (32 random bytes): anything else names no link.
      schema: {
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Lien de création invalide') }),
        response: { 200: staffSetupStatusResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: { valid: await staffAuth.setupTokenIsValid(deps.db, request.params.token) },
    }),
  );

  app.post(
    `${PREFIX}/setup`,
    { config: { access: 'public', rateLimit: LIMITS.setup }, schema: { body: staffSetupBody, response: { 201: staffSessionResponse } } },
    async (request, reply) => {
      const data = await staffAuth.setupFirstAdmin(deps.db, request.body);
      reply.status(201);
      return { success: true as const, message: STAFF_MESSAGES.setupDone, data };
    },
  );
};
