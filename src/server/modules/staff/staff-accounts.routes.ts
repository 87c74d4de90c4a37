import type { FastifyPluginAsync } from 'fastify';
import { staffCalls } from '../../../shared/api/staff.contract';
import { STAFF_MESSAGES } from '../../../shared/api/staff.schema';
import type { ServiceDeps } from '../../deps';
import { staffSessionOf } from '../../plugins/auth';
import { registerDataCall } from '../../register-call';
import { listStaffAccounts, updateStaffAccount } from './staff-accounts.service';
import { createStaffAccount, toStaffMember } from './staff-auth.service';

/** The team's accounts: admins only. */
export const staffAccountRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const adminOnly = { onRequest: app.requireAdmin };

  registerDataCall(app, staffCalls.accounts, () => listStaffAccounts(deps.db), adminOnly);

  registerDataCall(
    app,
    staffCalls.createAccount,
    async (request) => toStaffMember(await createStaffAccount(deps.db, request.body)),
    { message: STAFF_MESSAGES.accountCreated, ...adminOnly },
  );

  registerDataCall(
    app,
    staffCalls.updateAccount,
    (request) => updateStaffAccount(deps.db, staffSessionOf(request), request.params.id, request.body),
    { message: STAFF_MESSAGES.accountUpdated, ...adminOnly },
  );
};
