import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { STAFF_MESSAGES, emailField } from './staff-common.schema';

/** The team's accounts and sessions: login, first-admin setup, accounts managed by an admin. */

// ─── Staff accounts and sessions ───────────────────────────────────────────────────────────

export const STAFF_ROLES = ['admin', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: 'Administrateur', staff: 'Équipe' };

export const staffMember = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(['active', 'disabled']),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

/** POST /api/v1/staff/auth/login */
export const staffLoginBody = z.object({
  email: z.string({ error: 'Email requis' }).trim().min(1, 'Email requis').max(254, 'Email invalide'),
  password: z.string({ error: 'Mot de passe requis' }).min(1, 'Mot de passe requis').max(200, 'Mot de passe trop long'),
});
export type StaffLoginBody = z.input<typeof staffLoginBody>;

export const staffSessionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ token: z.string(), staff: staffMember }),
});
export type StaffSessionResponse = z.infer<typeof staffSessionResponse>;

/** GET /api/v1/staff/auth/me */
export const staffMeResponse = z.object({ success: z.literal(true), data: z.object({ staff: staffMember }) });
export type StaffMeResponse = z.infer<typeof staffMeResponse>;

/** POST /api/v1/staff/auth/setup: the first admin, with the single-use link printed at server start. */
export const staffSetupBody = z.object({
  token: z
    .string({ error: STAFF_MESSAGES.setupInvalid })
    .min(1, STAFF_MESSAGES.setupInvalid)
    .max(200, STAFF_MESSAGES.setupInvalid),
  email: emailField,
  firstName: z.string({ error: 'Prénom requis' }).trim().min(1, 'Prénom requis').max(100, 'Prénom trop long'),
  lastName: z.string({ error: 'Nom requis' }).trim().min(1, 'Nom requis').max(100, 'Nom trop long'),
  password: z
    .string({ error: 'Mot de passe requis' })
    .min(1, 'Mot de passe requis')
    .min(PASSWORD_MIN_LENGTH, 'Minimum 6 caractères')
    .max(200, 'Mot de passe trop long'),
});
export type StaffSetupBody = z.input<typeof staffSetupBody>;

/** GET /api/v1/staff/auth/setup/{token}: whether the link can still be used (the renderer's setup page). */
export const staffSetupStatusResponse = z.object({ success: z.literal(true), data: z.object({ valid: z.boolean() }) });

export const staffMessageResponse = z.object({ success: z.literal(true), message: z.string() });
export type StaffMessageResponse = z.infer<typeof staffMessageResponse>;

// ─── Staff accounts (admin) ─────────────────────────────────────────────────────────────────

/** POST /api/v1/staff/accounts: a new team member with a first password (the same rules as customers'). */
export const staffAccountCreateBody = z.object({
  email: emailField,
  firstName: z.string({ error: 'Prénom requis' }).trim().min(1, 'Prénom requis').max(100, 'Prénom trop long'),
  lastName: z.string({ error: 'Nom requis' }).trim().min(1, 'Nom requis').max(100, 'Nom trop long'),
  role: z.enum(STAFF_ROLES, { error: 'Rôle invalide' }),
  password: z
    .string({ error: 'Mot de passe requis' })
    .min(1, 'Mot de passe requis')
    .min(PASSWORD_MIN_LENGTH, 'Minimum 6 caractères')
    .max(200, 'Mot de passe trop long'),
});
export type StaffAccountCreateBody = z.input<typeof staffAccountCreateBody>;

/** PUT /api/v1/staff/accounts/{id}: role, names or status ('disabled' closes every session at once). */
export const staffAccountUpdateBody = z.object({
  firstName: z.string().trim().min(1, 'Prénom requis').max(100, 'Prénom trop long').optional(),
  lastName: z.string().trim().min(1, 'Nom requis').max(100, 'Nom trop long').optional(),
  role: z.enum(STAFF_ROLES, { error: 'Rôle invalide' }).optional(),
  status: z.enum(['active', 'disabled'], { error: 'Statut invalide' }).optional(),
});
export type StaffAccountUpdateBody = z.input<typeof staffAccountUpdateBody>;

/** GET /api/v1/staff/accounts */
export const staffAccountsResponse = z.object({ success: z.literal(true), data: z.array(staffMember) });
export type StaffAccountsResponse = z.infer<typeof staffAccountsResponse>;
export const staffAccountResponse = z.object({ success: z.literal(true), message: z.string(), data: staffMember });
export type StaffAccountResponse = z.infer<typeof staffAccountResponse>;
