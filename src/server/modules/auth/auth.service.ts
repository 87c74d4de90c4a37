import {
  AUTH_MESSAGES,
  type deleteAccountBody,
  type forgotPasswordBody,
  type loginBody,
  type registerBody,
  type resetPasswordBody,
  type updateProfileBody,
} from '../../../shared/api/auth.schema';
import type { Customer } from '../../../shared/api/customer.schema';
import { ESTABLISHMENT_ID } from '../../../shared/constants';
import { normaliseEmail } from '../../../shared/validation';
import type { z } from 'zod';
import { AppError } from '../../app-error';
import { inTransaction } from '../../db/transaction';
import { clearCounter, hitCounter } from '../../db/rate-limit-counters';
import { queueMail, runInBackground, type ServiceDeps } from '../../deps';
import { newDeviceCookie, trustedDevice } from './device-cookie.public';
import { accountCreatedMail, passwordChangedMail, temporaryPasswordMail } from '../mail/templates.public';
import { forgetMailsTo } from '../mail/mailer.public';
import {
  claimAttempt,
  claimLoginAttempt,
  FORGOT_PASSWORD_PER_ACCOUNT,
  FORGOT_PASSWORD_WINDOW_MS,
  PASSWORD_CHECK_WINDOW_MS,
  PASSWORD_CHECKS_PER_ACCOUNT,
  refuseCommonPassword,
  TEMPORARY_PASSWORD_TTL_MS,
} from './auth-limits.public';
import {
  consumeTemporaryPassword,
  findCustomerByEmail,
  findCustomerById,
  insertCustomer,
  markSessionPermanent,
  revokeCustomerSessions,
  revokeSession,
  updateCustomer,
  updateCustomerIfPassword,
  type CustomerRow,
  type PasswordProof,
} from './auth.repository';
import { burnPasswordCheck, hashPassword, newTemporaryPassword, verifyPassword } from './passwords.public';
import { openSession, type SessionContext } from './sessions.service';
import { DELETED_PERSON_NAME, erasedEmail, type AccountErasure } from './deleted-account.public';

/**
 * The customer's account calls (SPEC.md §7 customer-auth): register, login, password, profile,
 * deletion. Sessions live in sessions.service.ts, limits and password rules in auth-limits.public.ts,
 * accounts opened by an invitation in invited-accounts.service.ts.
 */

export interface AuthDeps extends ServiceDeps {
  /** Signs the login device cookies (config.deviceCookieSecret). */
  deviceSecret: string;
  /** Account deletion's parts in the bookings and invitations (src/server/account-erasure.ts). */
  accountErasure: AccountErasure;
}

export function toCustomer(row: CustomerRow, isTemporaryPassword = false): Customer {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    isTemporaryPassword,
  };
}

export async function register(deps: AuthDeps, body: z.output<typeof registerBody>) {
  const email = normaliseEmail(body.email);
  refuseCommonPassword(body.password, 'password', email);
  const passwordHash = await hashPassword(body.password);
  // The account, its session and its welcome mail commit together (docs/decisions.md, "E-mail").
  const { created, token } = await inTransaction(deps.db, async (tx) => {
    const created = await insertCustomer(tx, {
      establishmentId: ESTABLISHMENT_ID,
      email,
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone,
      passwordHash,
    });
    if (!created) throw AppError.of('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
    const token = await openSession(tx, created.id, false);
    await queueMail(deps, tx, (context) => accountCreatedMail(context, created.email, created.firstName));
    return { created, token };
  });
  return { token, customer: toCustomer(created) };
}

export interface LoginClient {
  /** The device cookie the client presented, if any. */
  deviceCookie?: string;
}

/**
 * Login with the throttle of DESIGN.md §4: the attempt is counted before the password is
 * checked, on the device's own budget when it presents a device cookie signed for this account,
 * else on the account's budget shared by every untrusted client. A success (re)issues the
 * device cookie. Every attempt runs two argon2 checks (password and
 * temporary password, real or dummy), so its duration tells nothing about the account.
 * A success forgets the failures of the budget it used (the person knows the password).
 */
export async function login(deps: AuthDeps, body: z.output<typeof loginBody>, client: LoginClient = {}) {
  const email = normaliseEmail(body.email);
  const device = trustedDevice(deps.deviceSecret, client.deviceCookie, email);
  const counterKey = await claimLoginAttempt(deps.db, 'customer', email, device);
  const customer = await findCustomerByEmail(deps.db, ESTABLISHMENT_ID, email);
  const temporaryUsable = Boolean(
    customer?.temporaryPasswordHash &&
    !customer.temporaryPasswordUsedAt &&
    customer.temporaryPasswordExpiresAt &&
    customer.temporaryPasswordExpiresAt.getTime() > Date.now(),
  );
  const [passwordMatches, temporaryMatches] = await Promise.all([
    customer?.passwordHash ? verifyPassword(customer.passwordHash, body.password) : burnPasswordCheck(body.password),
    temporaryUsable ? verifyPassword(customer!.temporaryPasswordHash, body.password) : burnPasswordCheck(body.password),
  ]);
  let isTemporary = false;
  let accepted = Boolean(customer) && passwordMatches;
  if (customer && !accepted && temporaryMatches) {
    // Single use: only the login that claims it gets in.
    accepted = await consumeTemporaryPassword(deps.db, customer.id, customer.temporaryPasswordHash!);
    isTemporary = accepted;
  }
  if (!customer || !accepted) {
    throw AppError.of('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
  }
  await clearCounter(deps.db, counterKey);
  const token = await openSession(deps.db, customer.id, isTemporary);
  return {
    token,
    customer: toCustomer(customer, isTemporary),
    deviceCookie: newDeviceCookie(deps.deviceSecret, email),
  };
}

export async function currentCustomer(deps: AuthDeps, session: SessionContext): Promise<Customer> {
  const row = await findCustomerById(deps.db, session.customerId);
  if (!row) throw AppError.of('UNAUTHENTICATED', AUTH_MESSAGES.authRequired);
  return toCustomer(row, session.isTemporary);
}

/**
 * Forgot password (docs/decisions.md, "Accounts and security"): a readable temporary password valid 24 h and single use,
 * e-mailed with a login link. The current password keeps working, so nobody can lock a
 * customer out, and the answer is the same whether the address has an account or not: same
 * words, and the same duration, since the password, its hash and the e-mail are made after the
 * answer. One account receives at most FORGOT_PASSWORD_PER_ACCOUNT such e-mails an hour,
 * whatever the number of addresses asking; past it the answer stays the same and nothing is sent.
 */
export async function forgotPassword(deps: AuthDeps, body: z.output<typeof forgotPasswordBody>) {
  const email = normaliseEmail(body.email);
  const [customer, counter] = await Promise.all([
    findCustomerByEmail(deps.db, ESTABLISHMENT_ID, email),
    hitCounter(deps.db, `forgot-password:${email}`, FORGOT_PASSWORD_WINDOW_MS),
  ]);
  if (customer && counter.current <= FORGOT_PASSWORD_PER_ACCOUNT) {
    runInBackground(deps, 'mot de passe temporaire non envoyé', async () => {
      const password = newTemporaryPassword();
      const temporaryPasswordHash = await hashPassword(password);
      // The credentials and the mail that carries them commit together (docs/decisions.md, "E-mail").
      await inTransaction(deps.db, async (tx) => {
        await updateCustomer(tx, customer.id, {
          temporaryPasswordHash,
          // One credential in the mail, the password (docs/decisions.md, "E-mail"): no login link token.
          temporaryLoginTokenHash: null,
          temporaryPasswordExpiresAt: new Date(Date.now() + TEMPORARY_PASSWORD_TTL_MS),
          temporaryPasswordUsedAt: null,
        });
        await queueMail(deps, tx, (context) =>
          temporaryPasswordMail(context, customer.email, customer.firstName, password),
        );
      });
    });
  }
  return { message: AUTH_MESSAGES.forgotPasswordSent };
}

/**
 * A current-password check (change, deletion) throttled like logins (docs/decisions.md, "Accounts and security"): claimed before the
 * check by one upsert (parallel guesses cannot all pass), cleared when right, as a login does, so
 * only wrong passwords count. `check` answers the hashes the password matched, or undefined.
 */
async function checkCurrentPassword(
  deps: AuthDeps,
  customerId: string,
  check: () => Promise<PasswordProof | undefined>,
): Promise<PasswordProof | undefined> {
  const key = `password-check:${customerId}`;
  await claimAttempt(
    deps.db,
    key,
    PASSWORD_CHECKS_PER_ACCOUNT,
    PASSWORD_CHECK_WINDOW_MS,
    AUTH_MESSAGES.tooManyPasswordChecks,
  );
  const proof = await check();
  if (proof) await clearCounter(deps.db, key);
  return proof;
}

const wrongCurrentPassword = () =>
  AppError.of('WRONG_PASSWORD', AUTH_MESSAGES.wrongCurrentPassword, {
    currentPassword: AUTH_MESSAGES.wrongCurrentPassword,
  });

export async function changePassword(
  deps: AuthDeps,
  session: SessionContext,
  body: z.output<typeof resetPasswordBody>,
) {
  const customer = await findCustomerById(deps.db, session.customerId);
  if (!customer) throw AppError.of('UNAUTHENTICATED', AUTH_MESSAGES.authRequired);
  // The new password's rules first: their refusal tells nothing of the current one, counts nothing.
  refuseCommonPassword(body.newPassword, 'newPassword', customer.email);
  const proof = await checkCurrentPassword(deps, customer.id, async () => {
    if (await verifyPassword(customer.passwordHash, body.currentPassword)) {
      return { passwordHash: customer.passwordHash };
    }
    // The temporary password that opened this session is its "current" password.
    if (session.isTemporary && (await verifyPassword(customer.temporaryPasswordHash, body.currentPassword))) {
      return { passwordHash: customer.passwordHash, temporaryPasswordHash: customer.temporaryPasswordHash };
    }
    return undefined;
  });
  if (!proof) throw wrongCurrentPassword();
  const newHash = await hashPassword(body.newPassword);
  await inTransaction(deps.db, async (tx) => {
    // Compare-and-swap on the checked hash: of two changes with the same current password, the
    // second finds it replaced and is refused as a wrong one (the first closed its session).
    const changed = await updateCustomerIfPassword(tx, customer.id, proof, {
      passwordHash: newHash,
      temporaryPasswordHash: null,
      temporaryLoginTokenHash: null,
      temporaryPasswordExpiresAt: null,
      temporaryPasswordUsedAt: null,
    });
    if (!changed) throw wrongCurrentPassword();
    await revokeCustomerSessions(tx, customer.id, session.sessionId);
    await markSessionPermanent(tx, session.sessionId);
    await queueMail(deps, tx, (context) => passwordChangedMail(context, customer.email, customer.firstName));
  });
  return { customer: toCustomer(customer, false) };
}

export async function updateProfile(deps: AuthDeps, session: SessionContext, body: z.output<typeof updateProfileBody>) {
  const row = await updateCustomer(deps.db, session.customerId, {
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone,
  });
  if (!row) throw AppError.of('UNAUTHENTICATED', AUTH_MESSAGES.authRequired);
  return toCustomer(row, session.isTemporary);
}

export async function logout(deps: AuthDeps, session: SessionContext) {
  await revokeSession(deps.db, session.sessionId);
}

/**
 * Account deletion (docs/decisions.md, "Accounts and security"): personal data is erased (names,
 * e-mail, phone, passwords), every session revoked; the row stays, anonymised, for the bookings
 * and payments the law keeps. In the same transaction the person is erased from their bookings
 * (bookings/account-erasure.public.ts; drafts canceled) and their invitation links revoked, through
 * `deps.accountErasure` (auth/deleted-account.public.ts).
 */
export async function deleteAccount(deps: AuthDeps, session: SessionContext, body: z.output<typeof deleteAccountBody>) {
  const customer = await findCustomerById(deps.db, session.customerId);
  if (!customer) throw AppError.of('UNAUTHENTICATED', AUTH_MESSAGES.authRequired);
  const wrongPassword = () =>
    AppError.of('WRONG_PASSWORD', AUTH_MESSAGES.wrongPassword, { password: AUTH_MESSAGES.wrongPassword });
  const proof = await checkCurrentPassword(deps, customer.id, async () =>
    (await verifyPassword(customer.passwordHash, body.password)) ? { passwordHash: customer.passwordHash } : undefined,
  );
  if (!proof) throw wrongPassword();
  const person = { id: customer.id, email: customer.email };
  await inTransaction(deps.db, async (tx) => {
    // Bookings first, then the account row: the order a join takes its locks in.
    await deps.accountErasure.lock(tx, person);
    // Only with the password just checked (a change or a deletion meanwhile wins).
    const erased = await updateCustomerIfPassword(tx, customer.id, proof, {
      email: erasedEmail(customer.id),
      ...DELETED_PERSON_NAME,
      phone: null,
      passwordHash: null,
      temporaryPasswordHash: null,
      temporaryLoginTokenHash: null,
      temporaryPasswordExpiresAt: null,
      temporaryPasswordUsedAt: null,
      status: 'deleted',
      deletedAt: new Date(),
    });
    if (!erased) throw wrongPassword();
    await deps.accountErasure.erase(tx, person);
    await revokeCustomerSessions(tx, customer.id);
    await forgetMailsTo(tx, customer.email);
  });
}
