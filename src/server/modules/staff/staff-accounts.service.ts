import type { z } from 'zod';
import { STAFF_MESSAGES, type staffAccountUpdateBody } from '../../../shared/api/staff.schema';
import { ESTABLISHMENT_ID } from '../../../shared/constants';
import { isUuid } from '../../../shared/validation';
import { AppError, notFound } from '../../app-error';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { StaffSessionContext } from './staff-auth.service';
import {
  findStaffById,
  listStaff,
  lockActiveAdmins,
  revokeAllStaffSessions,
  updateStaff,
} from './staff-accounts.repository';
import { toStaffMember } from './staff-auth.service';

export async function listStaffAccounts(db: Db) {
  return (await listStaff(db, ESTABLISHMENT_ID)).map(toStaffMember);
}

/**
 * An admin changes a team member. The park always keeps one active admin (the active admins are
 * locked while the change is checked, so two admins demoting each other at once cannot both win),
 * nobody disables their own account, and disabling closes every session of the account.
 */
export async function updateStaffAccount(
  db: Db,
  actor: StaffSessionContext,
  id: string,
  body: z.output<typeof staffAccountUpdateBody>,
) {
  if (!isUuid(id)) throw notFound(STAFF_MESSAGES.accountNotFound);
  return inTransaction(db, async (db) => {
    const admins = await lockActiveAdmins(db, ESTABLISHMENT_ID);
    const account = await findStaffById(db, id);
    if (!account || account.establishmentId !== ESTABLISHMENT_ID) throw notFound(STAFF_MESSAGES.accountNotFound);
    if (body.status === 'disabled' && account.id === actor.staffId) {
      throw AppError.of('SELF_DISABLE', STAFF_MESSAGES.selfDisable);
    }
    const losesAdmin =
      account.role === 'admin' && account.status === 'active' && (body.role === 'staff' || body.status === 'disabled');
    if (losesAdmin && admins.filter((admin) => admin.id !== account.id).length === 0) {
      throw AppError.of('LAST_ADMIN', STAFF_MESSAGES.lastAdmin);
    }
    const updated = await updateStaff(db, account.id, body);
    if (body.status === 'disabled') await revokeAllStaffSessions(db, account.id);
    return toStaffMember(updated!);
  });
}
