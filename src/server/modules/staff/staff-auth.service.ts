import type { z } from 'zod';
import { AUTH_MESSAGES } from '../../../shared/api/auth.schema';
import {
  STAFF_MESSAGES,
  type StaffMember,
  type StaffRole,
  type staffLoginBody,
  type staffSetupBody,
} from '../../../shared/api/staff.schema';
import { ESTABLISHMENT_ID } from '../../../shared/constants';
import { normaliseEmail } from '../../../shared/validation';
import { AppError } from '../../app-error';
import type { ReadCache } from '../../db/read-cache';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { clearCounter } from '../../db/rate-limit-counters';
import { claimLoginAttempt, refuseCommonPassword } from '../auth/auth-limits.public';
import { newDeviceCookie, trustedDevice } from '../auth/device-cookie.public';
import { keptSessionLookup, SESSION_TTL_MS, type KeptSession } from '../auth/sessions.service';
import { burnPasswordCheck, hashPassword, newSessionToken, tokenHash, verifyPassword } from '../auth/passwords.public';
import {
  addSetupToken,
  claimSetupToken,
  countStaff,
  findStaffByEmail,
  findStaffById,
  insertStaff,
  isSetupTokenLive,
  lockFirstAdminSetup,
  revokeStaffSession,
  voidSetupTokens,
} from './staff-accounts.repository';
import {
  findLiveStaffSession,
  insertStaffSession,
  touchStaffSession,
  type StaffRow,
} from './staff-sessions.repository';

/** A staff member's session: apart from customers' sessions (docs/decisions.md, "Accounts and security"). */
export interface StaffSessionContext {
  sessionId: string;
  staffId: string;
  role: 'admin' | 'staff';
  name: string;
  email: string;
}

/** The single-use link printed at start while no staff account exists lives 24 hours. */
export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    _id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

async function openStaffSession(db: Db, staffId: string): Promise<string> {
  const token = newSessionToken();
  await insertStaffSession(db, {
    staffId,
    tokenHash: tokenHash(token),
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

export interface StaffLoginClient {
  /** Signs the staff login device cookies: not the customers' key, so neither cookie opens the other's budget. */
  deviceSecret: string;
  /** The staff device cookie the client presented, if any. */
  deviceCookie?: string;
}

/**
 * Same rules as the customers' login (auth.service.ts `login`, DESIGN.md §4): each attempt is
 * claimed with one upsert before the password is checked (so parallel guesses cannot all pass the
 * limit), on the device's own budget when it presents a device cookie signed for this account,
 * else on the account's budget shared by every untrusted client; nobody can lock a team member
 * out. The same answer and timing for unknown addresses; a success (re)issues the device cookie
 * and forgets the failures of the budget it used.
 */
export async function staffLogin(db: Db, body: z.output<typeof staffLoginBody>, client: StaffLoginClient) {
  const email = normaliseEmail(body.email);
  const device = trustedDevice(client.deviceSecret, client.deviceCookie, email);
  const counterKey = await claimLoginAttempt(db, 'staff', email, device);
  const staff = await findStaffByEmail(db, ESTABLISHMENT_ID, email);
  const accepted = staff
    ? (await verifyPassword(staff.passwordHash, body.password)) && staff.status === 'active'
    : await burnPasswordCheck(body.password).then(() => false);
  if (!staff || !accepted) {
    throw AppError.of('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
  }
  await clearCounter(db, counterKey);
  return {
    token: await openStaffSession(db, staff.id),
    staff: toStaffMember(staff),
    deviceCookie: newDeviceCookie(client.deviceSecret, email),
  };
}

/** A live staff session kept in memory (db/change-feed.ts): what the guard answers, and until when. */
export type KeptStaffSession = KeptSession<StaffSessionContext>;

/**
 * The staff session a bearer token names, or null (unknown, expired, revoked, account disabled);
 * its expiry slides and it is kept as customers' are (`keptSessionLookup` in auth/sessions.service.ts;
 * staff_sessions and staff_accounts have the change trigger, migration 0028). The auth plugin asks
 * this, never the repository (docs/decisions.md, "Boundaries").
 */
export async function staffSessionForToken(
  db: Db,
  token: string,
  kept?: ReadCache<KeptStaffSession>,
  since?: number,
): Promise<StaffSessionContext | null> {
  return keptSessionLookup(
    kept,
    tokenHash(token),
    async (hash) => {
      const found = await findLiveStaffSession(db, hash);
      if (!found) return null;
      const { session, staff } = found;
      const context: StaffSessionContext = {
        sessionId: session.id,
        staffId: staff.id,
        role: staff.role,
        name: `${staff.firstName} ${staff.lastName}`.trim(),
        email: staff.email,
      };
      return { session, context };
    },
    (sessionId, expiresAt) => touchStaffSession(db, sessionId, expiresAt),
    since,
  );
}

export async function currentStaff(db: Db, session: StaffSessionContext): Promise<StaffMember> {
  const row = await findStaffById(db, session.staffId);
  if (!row || row.status !== 'active') throw AppError.of('UNAUTHENTICATED', AUTH_MESSAGES.authRequired);
  return toStaffMember(row);
}

export async function staffLogout(db: Db, session: StaffSessionContext) {
  await revokeStaffSession(db, session.sessionId);
}

export interface NewStaffAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
  password: string;
}

/** Creates a staff account (CLI and admins); the password rules are the customers' (`refuseCommonPassword`). */
export async function createStaffAccount(db: Db, account: NewStaffAccount): Promise<StaffRow> {
  refuseCommonPassword(account.password, 'password', account.email);
  const created = await insertStaff(db, {
    establishmentId: ESTABLISHMENT_ID,
    email: normaliseEmail(account.email),
    firstName: account.firstName.trim(),
    lastName: account.lastName.trim(),
    role: account.role,
    passwordHash: await hashPassword(account.password),
  });
  if (!created) throw AppError.of('EMAIL_TAKEN', STAFF_MESSAGES.emailTaken, { email: STAFF_MESSAGES.emailTaken });
  return created;
}

/**
 * While no staff account exists, a fresh single-use setup token (its hash stored, 24 h); null
 * once the team has an account. Called at every server start: the links other servers on the same
 * database (or an earlier start) printed stay valid until their own expiry, or the first admin.
 */
export async function issueSetupTokenIfNoStaff(db: Db): Promise<string | null> {
  if ((await countStaff(db)) > 0) return null;
  const token = newSessionToken();
  await addSetupToken(db, tokenHash(token), new Date(Date.now() + SETUP_TOKEN_TTL_MS));
  return token;
}

export async function setupTokenIsValid(db: Db, token: string): Promise<boolean> {
  if (token.length > 200) return false;
  return (await countStaff(db)) === 0 && (await isSetupTokenLive(db, tokenHash(token)));
}

/**
 * The first admin, created with a setup link: the token is claimed once, and only while no account
 * exists. Setups run one at a time (`lockFirstAdminSetup`), so two links used at once create one
 * admin; the other links are then voided.
 */
export async function setupFirstAdmin(db: Db, body: z.output<typeof staffSetupBody>) {
  refuseCommonPassword(body.password, 'password', body.email);
  const passwordHash = await hashPassword(body.password);
  const staff = await inTransaction(db, async (db) => {
    await lockFirstAdminSetup(db, ESTABLISHMENT_ID);
    if ((await countStaff(db)) > 0) throw AppError.of('SETUP_CLOSED', STAFF_MESSAGES.setupClosed);
    if (!(await claimSetupToken(db, tokenHash(body.token)))) {
      throw AppError.of('SETUP_INVALID', STAFF_MESSAGES.setupInvalid);
    }
    const created = await insertStaff(db, {
      establishmentId: ESTABLISHMENT_ID,
      email: normaliseEmail(body.email),
      firstName: body.firstName,
      lastName: body.lastName,
      role: 'admin',
      passwordHash,
    });
    if (!created) throw AppError.of('EMAIL_TAKEN', STAFF_MESSAGES.emailTaken);
    await voidSetupTokens(db);
    return created;
  });
  return { token: await openStaffSession(db, staff.id), staff: toStaffMember(staff) };
}
