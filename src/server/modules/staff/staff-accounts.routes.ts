import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  STAFF_MESSAGES,
  staffAccountCreateBody,
  staffAccountResponse,
  staffAccountsResponse,
  staffAccountUpdateBody,
  staffIdParams,
} from '../../../shared/api/staff.schema';
import type { ServiceDeps } from '../../deps';
import { staffSessionOf } from '../../plugins/auth';
import { listStaffAccounts, updateStaffAccount } from './staff-accounts.service';
import { createStaffAccount, toStaffMember } from './staff-auth.service';

const PREFIX = '/api/v1/staff/accounts';

/** The team's accounts: admins only. */
export const staffAccountRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const guard = { onRequest: app.requireAdmin };

  app.get(PREFIX, { ...guard, schema: { response: { 200: staffAccountsResponse } } }, async () => ({
    success: true as const,
    data: await listStaffAccounts(deps.db),
  }));

  app.post(
    PREFIX,
    { ...guard, schema: { body: staffAccountCreateBody, response: { 201: staffAccountResponse } } },
    async (request, reply) => {
      const row = await createStaffAccount(deps.db, request.body);
      reply.status(201);
      return { success: true as const, message: STAFF_MESSAGES.accountCreated, data: toStaffMember(row) };
    },
  );

  app.put(
    `${PREFIX}/:id`,
    {
      ...guard,
      schema: { params: staffIdParams, body: staffAccountUpdateBody, response: { 200: staffAccountResponse } },
    },
    async (request) => ({
      success: true as const,
      message: STAFF_MESSAGES.accountUpdated,
      data: await updateStaffAccount(deps.db, staffSessionOf(request), request.params.id, request.body),
    }),
  );
};
