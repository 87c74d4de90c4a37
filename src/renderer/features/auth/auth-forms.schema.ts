import '@shared/zod-config';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { EMAIL_PATTERN, PHONE_PATTERN, trimInvisible } from '@shared/validation';
import { FIELD_MESSAGES } from '@shared/field-messages';

/** Login (SPEC.md §5): e-mail and password required. */
export const loginFormSchema = z.object({
  email: z.string().trim().min(1, FIELD_MESSAGES.emailRequired),
  password: z.string().min(1, FIELD_MESSAGES.passwordRequired),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** /register (SPEC.md §5): every field required, phone included, passwords must match. */
export const registerFormSchema = z
  .object({
    firstName: z.string().overwrite(trimInvisible).min(1, FIELD_MESSAGES.firstNameRequired),
    lastName: z.string().overwrite(trimInvisible).min(1, FIELD_MESSAGES.lastNameRequired),
    email: z.string().trim().min(1, FIELD_MESSAGES.emailRequired).regex(EMAIL_PATTERN, FIELD_MESSAGES.emailInvalid),
    phone: z.string().trim().min(1, 'Téléphone requis').regex(PHONE_PATTERN, FIELD_MESSAGES.phoneFormat),
    password: z.string().min(1, FIELD_MESSAGES.passwordRequired).min(PASSWORD_MIN_LENGTH, FIELD_MESSAGES.passwordMin),
    confirmPassword: z.string().min(1, 'Confirmation requise'),
  })
  .refine((form) => form.confirmPassword === '' || form.password === form.confirmPassword, {
    message: FIELD_MESSAGES.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** Change password (SPEC.md §5), every message in its order of checking. */
export const resetPasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Veuillez saisir votre mot de passe actuel'),
    newPassword: z
      .string()
      .min(1, 'Veuillez saisir votre nouveau mot de passe')
      .min(PASSWORD_MIN_LENGTH, 'Le nouveau mot de passe doit contenir au moins 6 caractères'),
    confirmPassword: z.string(),
  })
  .superRefine((form, context) => {
    if (form.newPassword !== form.confirmPassword) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: FIELD_MESSAGES.passwordsMismatch });
    }
    if (form.currentPassword && form.newPassword && form.currentPassword === form.newPassword) {
      context.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: "Le nouveau mot de passe doit être différent de l'ancien",
      });
    }
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** Forgot password (SPEC.md §5). */
export const forgotPasswordFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Veuillez saisir votre adresse email')
    .regex(EMAIL_PATTERN, 'Veuillez saisir une adresse email valide'),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;
