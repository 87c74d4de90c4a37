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
import type { Db } from '../../db/client';
import { clearCounter, hitCounter, readCounter } from '../../plugins/rate-limit-store';
import { sendMail, type ServiceDeps } from '../../deps';
import { accountCreatedMail, passwordChangedMail, temporaryPasswordMail } from '../mail/templates';
import {
  consumeTemporaryPassword,
  findCustomerByEmail,
  findCustomerById,
  insertCustomer,
  insertSession,
  markSessionPermanent,
  revokeCustomerSessions,
  revokeSession,
  updateCustomer,
  type CustomerRow,
} from './auth.repository';
import { isCommonPassword } from './common-passwords';
import {
  burnPasswordCheck,
  hashPassword,
  newSessionToken,
  newTemporaryPassword,
  tokenHash,
  verifyPassword,
} from './passwords';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const TEMPORARY_PASSWORD_TTL_MS = 24 * 60 * 60 * 1000;
/** Failed logins allowed per account in LOGIN_FAILURE_WINDOW_MS before the account is throttled. */
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export type AuthDeps = ServiceDeps;

export interface SessionContext {
  sessionId: string;
  customerId: string;
  isTemporary: boolean;
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

function refuseCommonPassword(password: string, field: string) {
  if (isCommonPassword(password)) {
    throw new AppError('COMMON_PASSWORD', 400, AUTH_MESSAGES.commonPassword, { [field]: AUTH_MESSAGES.commonPassword });
  }
}

async function openSession(db: Db, customerId: string, isTemporary: boolean) {
  const token = newSessionToken();
  await insertSession(db, {
    customerId,
    tokenHash: tokenHash(token),
    isTemporary,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

export async function register(deps: AuthDeps, body: z.output<typeof registerBody>) {
  refuseCommonPassword(body.password, 'password');
  const email = normaliseEmail(body.email);
  const created = await insertCustomer(deps.db, {
    establishmentId: ESTABLISHMENT_ID,
    email,
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone,
    passwordHash: await hashPassword(body.password),
  });
  if (!created) throw new AppError('EMAIL_TAKEN', 409, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
  const token = await openSession(deps.db, created.id, false);
  await sendMail(deps, (context) => accountCreatedMail(context, created.email, created.firstName));
  return { token, customer: toCustomer(created) };
}

export async function login(deps: AuthDeps, body: z.output<typeof loginBody>) {
  const email = normaliseEmail(body.email);
  const failureKey = `login-failures:${email}`;
  if ((await readCounter(deps.db, failureKey)) >= LOGIN_FAILURES_PER_ACCOUNT) {
    throw new AppError('RATE_LIMITED', 429, AUTH_MESSAGES.tooManyAttempts);
  }
  const customer = await findCustomerByEmail(deps.db, ESTABLISHMENT_ID, email);
  let isTemporary = false;
  let accepted = false;
  if (!customer) {
    await burnPasswordCheck(body.password);
  } else if (await verifyPassword(customer.passwordHash, body.password)) {
    accepted = true;
  } else if (
    customer.temporaryPasswordHash &&
    !customer.temporaryPasswordUsedAt &&
    customer.temporaryPasswordExpiresAt &&
    customer.temporaryPasswordExpiresAt.getTime() > Date.now() &&
    (await verifyPassword(customer.temporaryPasswordHash, body.password))
  ) {
    // Single use: only the login that claims it gets in.
    accepted = await consumeTemporaryPassword(deps.db, customer.id, customer.temporaryPasswordHash);
    isTemporary = accepted;
  }
  if (!customer || !accepted) {
    await hitCounter(deps.db, failureKey, LOGIN_FAILURE_WINDOW_MS);
    throw new AppError('INVALID_CREDENTIALS', 401, AUTH_MESSAGES.invalidCredentials);
  }
  await clearCounter(deps.db, failureKey);
  const token = await openSession(deps.db, customer.id, isTemporary);
  return { token, customer: toCustomer(customer, isTemporary) };
}

export async function currentCustomer(deps: AuthDeps, session: SessionContext): Promise<Customer> {
  const row = await findCustomerById(deps.db, session.customerId);
  if (!row) throw new AppError('UNAUTHENTICATED', 401, AUTH_MESSAGES.authRequired);
  return toCustomer(row, session.isTemporary);
}

/**
 * Forgot password (DESIGN.md §3): a readable temporary password valid 24 h and single use,
 * e-mailed with a login link. The current password keeps working, so nobody can lock a
 * customer out, and the answer is the same whether the address has an account or not.
 */
export async function forgotPassword(deps: AuthDeps, body: z.output<typeof forgotPasswordBody>) {
  const customer = await findCustomerByEmail(deps.db, ESTABLISHMENT_ID, normaliseEmail(body.email));
  const password = newTemporaryPassword();
  const passwordHash = await hashPassword(password);
  if (customer) {
    await updateCustomer(deps.db, customer.id, {
      temporaryPasswordHash: passwordHash,
      temporaryPasswordExpiresAt: new Date(Date.now() + TEMPORARY_PASSWORD_TTL_MS),
      temporaryPasswordUsedAt: null,
    });
    await sendMail(deps, (context) => temporaryPasswordMail(context, customer.email, customer.firstName, password));
  }
  return { message: AUTH_MESSAGES.forgotPasswordSent };
}

export async function changePassword(deps: AuthDeps, session: SessionContext, body: z.output<typeof resetPasswordBody>) {
  const customer = await findCustomerById(deps.db, session.customerId);
  if (!customer) throw new AppError('UNAUTHENTICATED', 401, AUTH_MESSAGES.authRequired);
  const currentMatches =
    (await verifyPassword(customer.passwordHash, body.currentPassword)) ||
    // The temporary password that opened this session is its "current" password.
    (session.isTemporary && (await verifyPassword(customer.temporaryPasswordHash, body.currentPassword)));
  if (!currentMatches) {
    throw new AppError('WRONG_PASSWORD', 400, AUTH_MESSAGES.wrongCurrentPassword, {
      currentPassword: AUTH_MESSAGES.wrongCurrentPassword,
    });
  }
  refuseCommonPassword(body.newPassword, 'newPassword');
  await deps.db.transaction(async (tx) => {
    await updateCustomer(tx as unknown as Db, customer.id, {
      passwordHash: await hashPassword(body.newPassword),
      temporaryPasswordHash: null,
      temporaryPasswordExpiresAt: null,
      temporaryPasswordUsedAt: null,
    });
    await revokeCustomerSessions(tx as unknown as Db, customer.id, session.sessionId);
    await markSessionPermanent(tx as unknown as Db, session.sessionId);
  });
  await sendMail(deps, (context) => passwordChangedMail(context, customer.email, customer.firstName));
  return { customer: toCustomer(customer, false) };
}

export async function updateProfile(deps: AuthDeps, session: SessionContext, body: z.output<typeof updateProfileBody>) {
  const row = await updateCustomer(deps.db, session.customerId, {
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone,
  });
  if (!row) throw new AppError('UNAUTHENTICATED', 401, AUTH_MESSAGES.authRequired);
  return toCustomer(row, session.isTemporary);
}

export async function logout(deps: AuthDeps, session: SessionContext) {
  await revokeSession(deps.db, session.sessionId);
}

/**
 * Account deletion: personal data is erased (names, e-mail, phone, passwords) and every session
 * revoked; the row stays, anonymised, so that bookings and payments the law requires to keep
 * still point somewhere.
 */
export async function deleteAccount(deps: AuthDeps, session: SessionContext, body: z.output<typeof deleteAccountBody>) {
  const customer = await findCustomerById(deps.db, session.customerId);
  if (!customer) throw new AppError('UNAUTHENTICATED', 401, AUTH_MESSAGES.authRequired);
  if (!(await verifyPassword(customer.passwordHash, body.password))) {
    throw new AppError('WRONG_PASSWORD', 400, AUTH_MESSAGES.wrongPassword, { password: AUTH_MESSAGES.wrongPassword });
  }
  await deps.db.transaction(async (tx) => {
    await updateCustomer(tx as unknown as Db, customer.id, {
      email: `supprime-${customer.id}@compte-supprime.invalid`,
      firstName: 'Compte',
      lastName: 'supprimé',
      phone: null,
      passwordHash: null,
      temporaryPasswordHash: null,
      temporaryPasswordExpiresAt: null,
      temporaryPasswordUsedAt: null,
      status: 'deleted',
      deletedAt: new Date(),
    });
    await revokeCustomerSessions(tx as unknown as Db, customer.id);
  });
}
