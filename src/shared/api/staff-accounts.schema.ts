import { z } from 'zod';
import { requiredString, successOf, successWithMessageOf } from './common.schema';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { STAFF_MESSAGES, emailField } from './staff-common.schema';
import { FIELD_MESSAGES } from '../field-messages';
import { trimInvisible } from '../validation';

/** The team's accounts and sessions: login, first-admin setup, accounts managed by an admin. */

/** The fields a new team member is created with (first-admin setup and an admin's creation). */
const firstNameField = requiredString(FIELD_MESSAGES.firstNameRequired, 100, FIELD_MESSAGES.firstNameTooLong);
const lastNameField = requiredString(FIELD_MESSAGES.lastNameRequired, 100, FIELD_MESSAGES.lastNameTooLong);
/** At login any stored password may be typed; a new one also needs the minimum length. */
const loginPassword = z
  .string({ error: FIELD_MESSAGES.passwordRequired })
  .min(1, FIELD_MESSAGES.passwordRequired)
  .max(200, FIELD_MESSAGES.passwordTooLong);
const passwordField = loginPassword.min(PASSWORD_MIN_LENGTH, FIELD_MESSAGES.passwordMin);
/** A name an admin changes: optional, never emptied (no `error` of its own: a wrong type gets zod's French message). */
const nameChange = (required: string, tooLong: string) =>
  z.string().overwrite(trimInvisible).min(1, required).max(100, tooLong).optional();

// ─── Staff accounts and sessions ───────────────────────────────────────────────────────────

export const STAFF_ROLES = ['admin', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: 'Administrateur', staff: 'Équipe' };
/** A disabled account cannot log in (its sessions are closed). */
export const STAFF_STATUSES = ['active', 'disabled'] as const;

export const staffMember = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(STAFF_STATUSES),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

/** POST /api/v1/staff/auth/login */
export const staffLoginBody = z.object({
  email: requiredString(FIELD_MESSAGES.emailRequired, 254, FIELD_MESSAGES.emailInvalid),
  password: loginPassword,
});
export type StaffLoginBody = z.input<typeof staffLoginBody>;

export const staffSessionResponse = successWithMessageOf(z.object({ token: z.string(), staff: staffMember }));
export type StaffSessionResponse = z.infer<typeof staffSessionResponse>;

/** GET /api/v1/staff/auth/me */
export const staffMeResponse = successOf(z.object({ staff: staffMember }));
export type StaffMeResponse = z.infer<typeof staffMeResponse>;

/** POST /api/v1/staff/auth/setup: the first admin, with the single-use link printed at server start. */
export const staffSetupBody = z.object({
  token: z
    .string({ error: STAFF_MESSAGES.setupInvalid })
    .min(1, STAFF_MESSAGES.setupInvalid)
    .max(200, STAFF_MESSAGES.setupInvalid),
  email: emailField,
  firstName: firstNameField,
  lastName: lastNameField,
  password: passwordField,
});
export type StaffSetupBody = z.input<typeof staffSetupBody>;

/** GET /api/v1/staff/auth/setup/{token}: whether the link can still be used (the renderer's setup page). */
export const staffSetupStatusResponse = successOf(z.object({ valid: z.boolean() }));

export const staffMessageResponse = z.object({ success: z.literal(true), message: z.string() });
export type StaffMessageResponse = z.infer<typeof staffMessageResponse>;

// ─── Staff accounts (admin) ─────────────────────────────────────────────────────────────────

/** POST /api/v1/staff/accounts: a new team member with a first password (the same rules as customers'). */
export const staffAccountCreateBody = z.object({
  email: emailField,
  firstName: firstNameField,
  lastName: lastNameField,
  role: z.enum(STAFF_ROLES, { error: 'Rôle invalide' }),
  password: passwordField,
});
export type StaffAccountCreateBody = z.input<typeof staffAccountCreateBody>;

/** PUT /api/v1/staff/accounts/{id}: role, names or status ('disabled' closes every session at once). */
export const staffAccountUpdateBody = z.object({
  firstName: nameChange(FIELD_MESSAGES.firstNameRequired, FIELD_MESSAGES.firstNameTooLong),
  lastName: nameChange(FIELD_MESSAGES.lastNameRequired, FIELD_MESSAGES.lastNameTooLong),
  role: z.enum(STAFF_ROLES, { error: 'Rôle invalide' }).optional(),
  status: z.enum(STAFF_STATUSES, { error: 'Statut invalide' }).optional(),
});
export type StaffAccountUpdateBody = z.input<typeof staffAccountUpdateBody>;

/** GET /api/v1/staff/accounts */
export const staffAccountsResponse = successOf(z.array(staffMember));
export type StaffAccountsResponse = z.infer<typeof staffAccountsResponse>;
export const staffAccountResponse = successWithMessageOf(staffMember);
export type StaffAccountResponse = z.infer<typeof staffAccountResponse>;
