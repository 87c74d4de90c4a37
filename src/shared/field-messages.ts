import { PASSWORD_MIN_LENGTH } from './constants';

/**
 * French messages of the form fields that several forms share (SPEC.md §5), written once for the
 * server's schemas and the renderer's forms alike (docs/decisions.md, "API and errors").
 */
export const FIELD_MESSAGES = {
  emailRequired: 'Email requis',
  emailInvalid: 'Email invalide',
  passwordRequired: 'Mot de passe requis',
  passwordMin: `Minimum ${PASSWORD_MIN_LENGTH} caractères`,
  passwordTooLong: 'Mot de passe trop long',
  passwordsMismatch: 'Les mots de passe ne correspondent pas',
  phoneFormat: 'Format de téléphone invalide',
  firstNameRequired: 'Prénom requis',
  lastNameRequired: 'Nom requis',
  firstNameTooLong: 'Prénom trop long',
  lastNameTooLong: 'Nom trop long',
} as const;
