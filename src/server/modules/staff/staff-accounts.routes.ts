import type { FastifyPluginAsync } from 'fastify';
import { staffCalls } from '../../../shared/api/staff.contract';
import { STAFF_MESSAGES } from '../../../shared/api/staff.schema';
import type { ServiceDeps } from '../../deps';
import { staffSessionOf } from '../../plugins/auth';
import { registerCall } from '../../register-call';
import { listStaffAccounts, updateStaffAccount } from './staff-accounts.service';
import { createStaffAccount, toStaffMember } from './staff-auth.service';

/** The team's accounts: admins only. */
export const staffAccountRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const adminOnly = { onRequest: app.requireAdmin };

  registerCall(
    app,
    staffCalls.accounts,
    async () => ({ success: true as const, data: await listStaffAccounts(deps.db) }),
    adminOnly,
  );

  registerCall(
    app,
    staffCalls.createAccount,
    async (request) => {
      const row = await createStaffAccount(deps.db, request.body);
      return { success: true as const, message: STAFF_MESSAGES.accountCreated, data: toStaffMember(row) };
    },
    adminOnly,
  );

  registerCall(
    app,
    staffCalls.updateAccount,
    async (request) => ({
      success: true as const,
      message: STAFF_MESSAGES.accountUpdated,
      data: await updateStaffAccount(deps.db, staffSessionOf(request), request.params.id, request.body),
    }),
    adminOnly,
  );
};
