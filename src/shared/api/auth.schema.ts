import { z } from 'zod';
import { text, emailAddress, optionalPhone, requiredLine, successWithMessageOf } from './common.schema';
import { ESTABLISHMENT_ID, PASSWORD_MIN_LENGTH } from '../constants';
import { customer } from './customer.schema';
import { FIELD_MESSAGES } from '../field-messages';

const establishmentId = text().default(ESTABLISHMENT_ID);

const phone = optionalPhone(FIELD_MESSAGES.phoneFormat);

export const registerBody = z.object({
  firstName: requiredLine(FIELD_MESSAGES.firstNameRequired, 100, FIELD_MESSAGES.firstNameTooLong),
  lastName: requiredLine(FIELD_MESSAGES.lastNameRequired, 100, FIELD_MESSAGES.lastNameTooLong),
  email: emailAddress(FIELD_MESSAGES.emailRequired, FIELD_MESSAGES.emailInvalid),
  password: z
    .string({ error: FIELD_MESSAGES.passwordRequired })
    .min(1, FIELD_MESSAGES.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, FIELD_MESSAGES.passwordMin)
    .max(200, FIELD_MESSAGES.passwordTooLong),
  phone,
  establishment_id: establishmentId,
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: requiredLine(FIELD_MESSAGES.emailRequired, 254, FIELD_MESSAGES.emailInvalid),
  password: text({ error: FIELD_MESSAGES.passwordRequired })
    .min(1, FIELD_MESSAGES.passwordRequired)
    .max(200, FIELD_MESSAGES.passwordTooLong),
  establishment_id: establishmentId,
});
export type LoginBody = z.input<typeof loginBody>;

export const resetPasswordBody = z
  .object({
    currentPassword: z
      .string({ error: 'Veuillez saisir votre mot de passe actuel' })
      .min(1, 'Veuillez saisir votre mot de passe actuel')
      .max(200, FIELD_MESSAGES.passwordTooLong),
    newPassword: z
      .string({ error: 'Veuillez saisir votre nouveau mot de passe' })
      .min(1, 'Veuillez saisir votre nouveau mot de passe')
      .min(PASSWORD_MIN_LENGTH, 'Le nouveau mot de passe doit contenir au moins 6 caractères')
      .max(200, FIELD_MESSAGES.passwordTooLong),
  })
  .refine((body) => body.currentPassword !== body.newPassword, {
    message: "Le nouveau mot de passe doit être différent de l'ancien",
    path: ['newPassword'],
  });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const forgotPasswordBody = z.object({
  email: emailAddress('Veuillez saisir votre adresse email', 'Veuillez saisir une adresse email valide'),
  establishment_id: establishmentId,
});
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const updateProfileBody = z.object({
  firstName: requiredLine('Le prénom est requis', 100, FIELD_MESSAGES.firstNameTooLong),
  lastName: requiredLine('Le nom est requis', 100, FIELD_MESSAGES.lastNameTooLong),
  phone,
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const deleteAccountBody = z.object({
  password: text({ error: FIELD_MESSAGES.passwordRequired })
    .min(1, FIELD_MESSAGES.passwordRequired)
    .max(200, FIELD_MESSAGES.passwordTooLong),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;

export const authSession = z.object({ token: text(), customer });

/** Login and register: the session in `data`, mirrored at the top level (SPEC.md §7 "returns token and customer"). */
export const authSessionResponse = z.object({
  success: z.literal(true),
  message: text(),
  data: authSession.extend({ userId: text() }),
  token: text(),
  customer,
});
export type AuthSessionResponse = z.infer<typeof authSessionResponse>;

export const customerResponse = successWithMessageOf(z.object({ customer }), text().optional());
export type CustomerResponse = z.infer<typeof customerResponse>;

export const messageResponse = z.object({ success: z.literal(true), message: text() });
export type MessageResponse = z.infer<typeof messageResponse>;

export const AUTH_MESSAGES = {
  invalidCredentials: 'Email ou mot de passe incorrect',
  emailTaken: 'Un compte existe déjà avec cet e-mail',
  commonPassword: 'Ce mot de passe est trop courant, choisissez-en un autre',
  wrongCurrentPassword: 'Mot de passe actuel incorrect',
  wrongPassword: 'Mot de passe incorrect',
  authRequired: 'Veuillez vous connecter',
  temporaryPasswordOnly: 'Veuillez d’abord changer votre mot de passe temporaire',
  forgotPasswordSent:
    'Si un compte existe pour cette adresse, un mot de passe temporaire vient de lui être envoyé par e-mail.',
  registered: 'Compte créé avec succès',
  loggedIn: 'Connexion réussie',
  loggedOut: 'Déconnexion réussie',
  passwordChanged: 'Mot de passe modifié avec succès',
  profileUpdated: 'Profil mis à jour',
  accountDeleted: 'Votre compte a été supprimé',
  tooManyAttempts: 'Trop de tentatives de connexion, veuillez patienter avant de réessayer',
  tooManyPasswordChecks: 'Trop de tentatives avec un mot de passe incorrect, veuillez patienter avant de réessayer',
} as const;

/** Code of the 403 a temporary-password session gets on every other call (DESIGN.md §3). */
export const TEMPORARY_PASSWORD_CODE = 'TEMPORARY_PASSWORD';
