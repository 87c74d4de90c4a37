import { AUTH_MESSAGES } from '../../../shared/api/auth.schema';
import { weakPasswordReason } from '../../../shared/validation';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { hitCounter } from '../../db/rate-limit-counters';
import { isCommonPassword } from './common-passwords';

/** The auth module's limits and password rules (docs/decisions.md, "Accounts and security"). */

export const TEMPORARY_PASSWORD_TTL_MS = 24 * 60 * 60 * 1000;
/** Failed logins allowed per account in LOGIN_FAILURE_WINDOW_MS before the account is throttled. */
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Attempts a trusted device (device cookie) keeps for itself in the same window. */
export const LOGIN_FAILURES_PER_DEVICE = 5;
/** Temporary-password e-mails one account may receive per hour, whoever asks. */
export const FORGOT_PASSWORD_PER_ACCOUNT = 3;
export const FORGOT_PASSWORD_WINDOW_MS = 60 * 60 * 1000;
/** Current-password checks (password change, account deletion) per account in 15 minutes. */
export const PASSWORD_CHECKS_PER_ACCOUNT = 5;
export const PASSWORD_CHECK_WINDOW_MS = 15 * 60 * 1000;

export function refuseCommonPassword(password: string, field: string, email?: string) {
  const weak = weakPasswordReason(password, email);
  if (weak) throw AppError.of('WEAK_PASSWORD', weak, { [field]: weak });
  if (isCommonPassword(password, email)) {
    throw AppError.of('COMMON_PASSWORD', AUTH_MESSAGES.commonPassword, { [field]: AUTH_MESSAGES.commonPassword });
  }
}

/**
 * Counts one attempt before the password is checked (one upsert, so parallel attempts cannot
 * all pass the limit) and refuses past `max` with the 429 message.
 */
export async function claimAttempt(db: Db, key: string, max: number, windowMs: number, message: string) {
  const { current } = await hitCounter(db, key, windowMs);
  if (current > max) throw AppError.of('RATE_LIMITED', message);
}

/**
 * Claims one login attempt (DESIGN.md §4) on its budget: the device's own when it presented a
 * device cookie signed for this account (`device`), else the account's, shared by every untrusted
 * client. `scope` keeps the team's counters apart from the customers'. Answers the counter's key,
 * which a success clears (the person knows the password).
 */
export async function claimLoginAttempt(
  db: Db,
  scope: 'customer' | 'staff',
  email: string,
  device?: string,
): Promise<string> {
  const prefix = scope === 'staff' ? 'staff-' : '';
  const key = device ? `${prefix}login-device:${device}` : `${prefix}login-failures:${email}`;
  const max = device ? LOGIN_FAILURES_PER_DEVICE : LOGIN_FAILURES_PER_ACCOUNT;
  await claimAttempt(db, key, max, LOGIN_FAILURE_WINDOW_MS, AUTH_MESSAGES.tooManyAttempts);
  return key;
}
