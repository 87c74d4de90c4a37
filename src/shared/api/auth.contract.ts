import {
  authSessionResponse,
  customerResponse,
  deleteAccountBody,
  forgotPasswordBody,
  loginBody,
  messageResponse,
  registerBody,
  resetPasswordBody,
  updateProfileBody,
} from './auth.schema';
import { defineCall } from './contract';
import { verifyResponse } from './customer.schema';

const PREFIX = '/api/v1/customer-auth';

/**
 * The customer's account calls (SPEC.md §7 "Customer auth"). On the public ones a 401 means wrong
 * credentials, never "your session is over". Verify, refresh, the password change and logout
 * accept a temporary-password session too (the server's `requireAnySession`).
 */
export const customerAuthCalls = {
  register: defineCall({
    method: 'POST',
    path: `${PREFIX}/register`,
    access: 'public',
    body: registerBody,
    response: authSessionResponse,
    status: 201,
    summary: 'Création du compte client, ouvre une session',
  }),
  login: defineCall({
    method: 'POST',
    path: `${PREFIX}/login`,
    access: 'public',
    body: loginBody,
    response: authSessionResponse,
    errors: ['INVALID_CREDENTIALS'],
    summary: 'Connexion par email et mot de passe',
  }),
  verify: defineCall({
    method: 'GET',
    path: `${PREFIX}/verify`,
    access: 'customer',
    response: verifyResponse,
    summary: 'La session en cours et son client',
  }),
  refresh: defineCall({
    method: 'POST',
    path: `${PREFIX}/refresh`,
    access: 'customer',
    response: customerResponse,
    summary: 'Le client de la session en cours',
  }),
  changePassword: defineCall({
    method: 'PUT',
    path: `${PREFIX}/reset-password`,
    access: 'customer',
    body: resetPasswordBody,
    response: customerResponse,
    summary: 'Changement du mot de passe (temporaire ou non)',
  }),
  forgotPassword: defineCall({
    method: 'POST',
    path: `${PREFIX}/forgot-password`,
    access: 'public',
    body: forgotPasswordBody,
    response: messageResponse,
    summary: 'Envoi d’un mot de passe temporaire par email',
  }),
  updateProfile: defineCall({
    method: 'PUT',
    path: `${PREFIX}/profile`,
    access: 'customer',
    body: updateProfileBody,
    response: customerResponse,
    summary: 'Mise à jour du profil',
  }),
  logout: defineCall({
    method: 'POST',
    path: `${PREFIX}/logout`,
    access: 'customer',
    response: messageResponse,
    // Sent after the token is already cleared on this device: its 401 ends nothing.
    redirectOn401: false,
    summary: 'Déconnexion : la session est révoquée',
  }),
  deleteAccount: defineCall({
    method: 'DELETE',
    path: `${PREFIX}/account`,
    access: 'customer',
    body: deleteAccountBody,
    response: messageResponse,
    summary: 'Suppression du compte (mot de passe demandé)',
  }),
} as const;
