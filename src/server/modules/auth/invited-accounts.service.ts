import { ESTABLISHMENT_ID } from '../../../shared/constants';
import { normaliseEmail } from '../../../shared/validation';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { queueMail, type ServiceDeps } from '../../deps';
import { invitedWelcomeMail, temporaryPasswordMail, type JoinedBookingDetails } from '../mail/templates.public';
import { refuseCommonPassword, TEMPORARY_PASSWORD_TTL_MS } from './auth-limits.public';
import {
  findCustomerByEmail,
  insertCustomer,
  lockActiveCustomer,
  updateCustomer,
  type CustomerRow,
} from './auth.repository';
import { hashPassword, newTemporaryPassword } from './passwords.public';
import { openSession } from './sessions.service';

/** What the invitations module needs of accounts: open one for a joiner, find one, log it in. */

/** What the invitations module needs to open an account for someone joining a booking. */
export interface InvitedAccountInput {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  /** The password the person chose, or null: a temporary password is then made (DESIGN.md §3). */
  password: string | null;
}

/** The common-password rule of registration, for the join form (checked before any write). */
export function refuseCommonJoinPassword(password: string | null) {
  if (password) refuseCommonPassword(password, 'password');
}

/**
 * Opens the account of a person joining through an invitation, inside the caller's transaction
 * (`db` may be a transaction). Without a password the account gets the same temporary password
 * as forgot-password: single use, 24 h, and the session it opens may only change it. Returns
 * undefined when the address already has an account (the caller asks the person to log in).
 */
export async function createInvitedAccount(
  db: Db,
  input: InvitedAccountInput,
): Promise<{ customer: CustomerRow; temporaryPassword: string | null } | undefined> {
  const temporaryPassword = input.password ? null : newTemporaryPassword();
  const created = await insertCustomer(db, {
    establishmentId: ESTABLISHMENT_ID,
    email: normaliseEmail(input.email),
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    passwordHash: input.password ? await hashPassword(input.password) : null,
    ...(temporaryPassword
      ? {
          temporaryPasswordHash: await hashPassword(temporaryPassword),
          temporaryPasswordExpiresAt: new Date(Date.now() + TEMPORARY_PASSWORD_TTL_MS),
          temporaryPasswordUsedAt: null,
        }
      : {}),
  });
  return created ? { customer: created, temporaryPassword } : undefined;
}

/**
 * Welcomes to the booking a person who joined without a password, with the temporary password of
 * the account {@link createInvitedAccount} opened, in the join's transaction (docs/decisions.md, "E-mail").
 */
export async function mailInvitedWelcome(
  deps: ServiceDeps,
  tx: Tx,
  to: { email: string; firstName: string },
  password: string,
  booking: JoinedBookingDetails,
) {
  await queueMail(deps, tx, (context) => invitedWelcomeMail(context, to.email, to.firstName, password, booking));
}

/**
 * The organizer resends a participant's access (docs/decisions.md, "Connected participants"): a new
 * temporary password (the previous one stops working) and its mail, written to
 * the outbox with the caller's transaction, so it leaves exactly when the renewal is committed.
 * False when the account is gone (deleted since it joined).
 */
export async function renewInvitedAccess(
  deps: Pick<ServiceDeps, 'mailer' | 'mailContext'>,
  tx: Tx,
  customerId: string,
): Promise<boolean> {
  const account = await lockActiveCustomer(tx, customerId);
  if (!account) return false;
  const password = newTemporaryPassword();
  await updateCustomer(tx, account.id, {
    temporaryPasswordHash: await hashPassword(password),
    temporaryPasswordExpiresAt: new Date(Date.now() + TEMPORARY_PASSWORD_TTL_MS),
    temporaryPasswordUsedAt: null,
    temporaryLoginTokenHash: null,
  });
  await queueMail(deps, tx, (context) => temporaryPasswordMail(context, account.email, account.firstName, password));
  return true;
}

/** A normal session for an account that just chose its password (join with a password). */
export function openCustomerSession(db: Db, customerId: string): Promise<string> {
  return openSession(db, customerId, false);
}

/**
 * The active account of an id (a logged-in joiner), or undefined; within a transaction, its row
 * stays share-locked until the commit, so a join and the joiner's account deletion never
 * interleave (the deletion erases the row the join wrote, or the join finds no account).
 */
export function findActiveCustomer(db: Db, customerId: string) {
  return lockActiveCustomer(db, customerId);
}

/** The active account of an address, or undefined. */
export function findActiveCustomerByEmail(db: Db, email: string) {
  return findCustomerByEmail(db, ESTABLISHMENT_ID, normaliseEmail(email));
}
