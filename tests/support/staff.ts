import type { Db } from '../../src/server/db/client';
import { staffAccounts, staffSessions } from '../../src/server/db/schema';
import { hashPassword, newSessionToken, tokenHash } from '../../src/server/modules/auth/passwords.public';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';

let sequence = 0;

export interface TestStaff {
  id: string;
  email: string;
  token: string;
  role: 'admin' | 'staff';
}

/**
 * A staff account with a live session, written straight into the database: for the tests of
 * features that need a team member (chat, payments) without going through the staff login.
 */
export async function createStaffWithSession(
  db: Db,
  role: 'admin' | 'staff' = 'staff',
  names: { firstName?: string; lastName?: string } = {},
): Promise<TestStaff> {
  sequence += 1;
  const email = `equipe.${sequence}.${Date.now()}@parc-aventure-landes.fr`;
  const [staff] = await db
    .insert(staffAccounts)
    .values({
      establishmentId: ESTABLISHMENT_ID,
      email,
      firstName: names.firstName ?? 'Camille',
      lastName: names.lastName ?? 'Équipe',
      passwordHash: await hashPassword('Equipe-Pinede-2026'),
      role,
    })
    .returning();
  const token = newSessionToken();
  await db.insert(staffSessions).values({
    staffId: staff!.id,
    tokenHash: tokenHash(token),
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return { id: staff!.id, email, token, role };
}
