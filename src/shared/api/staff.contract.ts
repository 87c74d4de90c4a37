import { z } from 'zod';
import { defineCall } from './contract';
import {
  actionResponse,
  cancelBody,
  cancelResponse,
  outboxQuery,
  outboxResendResponse,
  outboxResponse,
  paymentConfigBody,
  plannerQuery,
  plannerResponse,
  staffAccountCreateBody,
  staffAccountResponse,
  staffAccountsResponse,
  staffAccountUpdateBody,
  staffBookingDetailResponse,
  staffIdParams,
  staffLoginBody,
  staffMeResponse,
  staffMessageResponse,
  staffQueueQuery,
  staffQueueResponse,
  staffScheduleBody,
  staffSessionResponse,
  staffSetupBody,
  staffSetupStatusResponse,
  weeklyStatsResponse,
} from './staff.schema';
import { bookingJobsResponse } from './staff-jobs.schema';

/**
 * The back-office's calls under /api/v1/staff (DESIGN.md §5): the team's session, the request queue
 * and its actions, the desk (outbox, planner, figures) and the team's accounts. Every call but
 * login and the first-admin setup needs a staff session; the server narrows the accounts to
 * admins (`requireAdmin`, a 403 for a `staff` member). Catalogue editing is in
 * staff-catalogue.contract.ts, the payment operations in payments.contract.ts.
 */

const REQUEST = '/api/v1/staff/booking-requests/:id';

/** A staff action on one request: the updated detail comes back with a French message. */
const action = <const P extends `${typeof REQUEST}/${string}`>(method: 'POST' | 'PUT', path: P, summary: string) =>
  defineCall({ method, path, access: 'staff', params: staffIdParams, response: actionResponse, summary });

export const staffCalls = {
  login: defineCall({
    method: 'POST',
    path: '/api/v1/staff/auth/login',
    access: 'public',
    body: staffLoginBody,
    response: staffSessionResponse,
    errors: ['INVALID_CREDENTIALS'],
    summary: "Connexion d'un membre de l'équipe",
  }),
  me: defineCall({
    method: 'GET',
    path: '/api/v1/staff/auth/me',
    access: 'staff',
    response: staffMeResponse,
    summary: 'Le membre connecté',
  }),
  logout: defineCall({
    method: 'POST',
    path: '/api/v1/staff/auth/logout',
    access: 'staff',
    response: staffMessageResponse,
    // Sent after the token is already dropped on this device: a 401 changes nothing more.
    redirectOn401: false,
    summary: 'Déconnexion (la session est révoquée)',
  }),
  setupStatus: defineCall({
    method: 'GET',
    path: '/api/v1/staff/auth/setup/:token',
    access: 'public',
    // A setup token is 43 base64url characters (32 random bytes): anything else names no link.
    params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Lien de création invalide') }),
    response: staffSetupStatusResponse,
    summary: 'Le lien de création du premier administrateur est-il encore valable ?',
  }),
  setup: defineCall({
    method: 'POST',
    path: '/api/v1/staff/auth/setup',
    access: 'public',
    body: staffSetupBody,
    response: staffSessionResponse,
    status: 201,
    summary: 'Création du premier administrateur',
  }),

  queue: defineCall({
    method: 'GET',
    path: '/api/v1/staff/booking-requests',
    access: 'staff',
    query: staffQueueQuery,
    response: staffQueueResponse,
    summary: 'File des demandes, filtrée et paginée',
  }),
  request: defineCall({
    method: 'GET',
    path: REQUEST,
    access: 'staff',
    params: staffIdParams,
    response: staffBookingDetailResponse,
    summary: "Détail d'une demande pour l'équipe",
  }),
  requestJobs: defineCall({
    method: 'GET',
    path: `${REQUEST}/jobs`,
    access: 'staff',
    params: staffIdParams,
    response: bookingJobsResponse,
    summary: 'Tâches planifiées de la demande (échéances, essais, dernière erreur)',
  }),
  validate: action('POST', `${REQUEST}/validate`, "Validation par l'équipe"),
  paymentConfig: defineCall({
    method: 'PUT',
    path: `${REQUEST}/payment-config`,
    access: 'staff',
    params: staffIdParams,
    body: paymentConfigBody,
    response: actionResponse,
    summary: 'Configuration du paiement (met la demande en option)',
  }),
  chequeReceived: action('POST', `${REQUEST}/cheque-received`, 'Chèque reçu'),
  cancel: defineCall({
    method: 'POST',
    path: `${REQUEST}/cancel`,
    access: 'staff',
    params: staffIdParams,
    body: cancelBody,
    response: cancelResponse,
    summary: "Annulation par l'équipe",
  }),
  complete: action('POST', `${REQUEST}/complete`, 'Demande terminée'),
  schedule: defineCall({
    method: 'PUT',
    path: `${REQUEST}/schedule`,
    access: 'staff',
    params: staffIdParams,
    body: staffScheduleBody,
    response: actionResponse,
    summary: "Planning modifié par l'équipe",
  }),

  outbox: defineCall({
    method: 'GET',
    path: '/api/v1/staff/outbox',
    access: 'staff',
    query: outboxQuery,
    response: outboxResponse,
    summary: 'E-mails envoyés, les plus récents d’abord',
  }),
  resendMail: defineCall({
    method: 'POST',
    path: '/api/v1/staff/outbox/:id/resend',
    access: 'staff',
    params: staffIdParams,
    response: outboxResendResponse,
    summary: 'Renvoi d’un e-mail en échec',
  }),
  planner: defineCall({
    method: 'GET',
    path: '/api/v1/staff/planner',
    access: 'staff',
    query: plannerQuery,
    response: plannerResponse,
    summary: "Planning d'une journée",
  }),
  weeklyStats: defineCall({
    method: 'GET',
    path: '/api/v1/staff/stats/weekly',
    access: 'staff',
    response: weeklyStatsResponse,
    summary: 'Chiffres des dernières semaines',
  }),

  accounts: defineCall({
    method: 'GET',
    path: '/api/v1/staff/accounts',
    access: 'staff',
    response: staffAccountsResponse,
    summary: "Comptes de l'équipe (administrateurs)",
  }),
  createAccount: defineCall({
    method: 'POST',
    path: '/api/v1/staff/accounts',
    access: 'staff',
    body: staffAccountCreateBody,
    response: staffAccountResponse,
    status: 201,
    summary: "Nouveau compte de l'équipe (administrateurs)",
  }),
  updateAccount: defineCall({
    method: 'PUT',
    path: '/api/v1/staff/accounts/:id',
    access: 'staff',
    params: staffIdParams,
    body: staffAccountUpdateBody,
    response: staffAccountResponse,
    summary: "Compte de l'équipe modifié (administrateurs)",
  }),
} as const;
