import { z } from 'zod';
import { defineCall } from './contract';
import { stripeConfigResponse } from './establishment.schema';
import {
  bookingPaymentParams,
  collectiveStatusResponse,
  completeDepositBody,
  depositAuthorizationResponse,
  depositCaptureBody,
  depositCaptureResponse,
  nextStepsResponse,
  organizerIntentBody,
  participantPaymentBody,
  participantPaymentParams,
  participantPaymentResponse,
  paymentHistoryResponse,
  paymentIntentResponse,
  paymentOutcomeResponse,
  refundBody,
  refundResponse,
  staffPaymentsResponse,
  stripeConfirmBody,
  testCardBody,
  testCardResponse,
} from './payments.schema';
import { depositCardSavedBody, depositCardSavedResponse, depositCardSetupResponse } from './deposit-card.schema';
import {
  dueChoiceBody,
  dueChoiceResponse,
  guaranteeSavedBody,
  guaranteeSavedResponse,
  guaranteeSetupBody,
  guaranteeSetupResponse,
} from './guarantee.schema';
import { providerRefundParams, providerRefundResponse } from './refunds.schema';

/**
 * Payments (SPEC.md §7 "Payments"; docs/decisions.md, "Payments"): the customer's calls on their booking, the
 * customer's history and next steps, the back-office's operations, and Stripe's webhook.
 */
const PREFIX = '/api/v1/customer-booking-requests';
const PAY = `${PREFIX}/:id/booking-payment`;
const STAFF = '/api/v1/staff/booking-requests/:id';

export const paymentCalls = {
  /** Public like its twin under /establishment: it only says which card form to show. */
  stripeConfig: defineCall({
    method: 'GET',
    path: `${PREFIX}/stripe-config`,
    access: 'public',
    response: stripeConfigResponse,
    summary: 'Mode de paiement (stripe ou test) et clé publique',
  }),
  history: defineCall({
    method: 'GET',
    path: `${PREFIX}/payments/history`,
    access: 'customer',
    response: paymentHistoryResponse,
    summary: 'Paiements et contrats du client',
  }),
  nextSteps: defineCall({
    method: 'GET',
    path: `${PREFIX}/:id/next-steps`,
    access: 'customer',
    params: bookingPaymentParams,
    response: nextStepsResponse,
    summary: "Prochaines étapes d'une demande",
  }),
  collectiveStatus: defineCall({
    method: 'GET',
    path: `${PAY}/collective-status`,
    access: 'customer',
    params: bookingPaymentParams,
    response: collectiveStatusResponse,
    summary: 'État du paiement collectif',
  }),
  participantPayment: defineCall({
    method: 'POST',
    path: `${PAY}/participant-payment/:participantId`,
    access: 'customer',
    params: participantPaymentParams,
    body: participantPaymentBody,
    response: participantPaymentResponse,
    summary: "État de la part d'un participant",
  }),
  participantIntent: defineCall({
    method: 'POST',
    path: `${PAY}/participant-stripe-intent/:participantId`,
    access: 'customer',
    params: participantPaymentParams,
    body: participantPaymentBody,
    response: paymentIntentResponse,
    summary: "Paiement de la part d'un participant",
  }),
  organizerIntent: defineCall({
    method: 'POST',
    path: `${PAY}/organizer-stripe-intent`,
    access: 'customer',
    params: bookingPaymentParams,
    body: organizerIntentBody,
    response: paymentIntentResponse,
    summary: "Paiement de l'organisateur (montant calculé par le serveur)",
  }),
  stripeConfirm: defineCall({
    method: 'POST',
    path: `${PAY}/stripe-confirm`,
    access: 'customer',
    params: bookingPaymentParams,
    body: stripeConfirmBody,
    response: paymentOutcomeResponse,
    summary: "Confirmation d'un paiement",
  }),
  testCard: defineCall({
    method: 'POST',
    path: `${PAY}/test-card`,
    access: 'customer',
    params: bookingPaymentParams,
    body: testCardBody,
    response: testCardResponse,
    summary: 'Carte du prestataire de test (jamais une vraie carte)',
  }),
  depositStatus: defineCall({
    method: 'GET',
    path: `${PAY}/deposit-authorization-status`,
    access: 'customer',
    params: bookingPaymentParams,
    response: depositAuthorizationResponse,
    summary: 'État de la caution',
  }),
  completeDeposit: defineCall({
    method: 'POST',
    path: `${PAY}/complete-deposit-authorization`,
    access: 'customer',
    params: bookingPaymentParams,
    body: completeDepositBody,
    response: paymentOutcomeResponse,
    summary: 'Empreinte bancaire de la caution confirmée',
  }),
  depositCardSetup: defineCall({
    method: 'POST',
    path: `${PAY}/deposit-card-setup`,
    access: 'customer',
    params: bookingPaymentParams,
    response: depositCardSetupResponse,
    summary: 'Enregistrement de la carte pour la caution (SetupIntent hors session)',
  }),
  depositCardSaved: defineCall({
    method: 'POST',
    path: `${PAY}/deposit-card-saved`,
    access: 'customer',
    params: bookingPaymentParams,
    body: depositCardSavedBody,
    response: depositCardSavedResponse,
    summary: 'Carte enregistrée pour la caution : l’empreinte sera placée automatiquement',
  }),
  guaranteeSetup: defineCall({
    method: 'POST',
    path: `${PAY}/guarantee-setup`,
    access: 'customer',
    params: bookingPaymentParams,
    body: guaranteeSetupBody,
    response: guaranteeSetupResponse,
    summary: 'Garantie de l’organisateur : enregistrement de sa carte (SetupIntent hors session)',
  }),
  guaranteeSaved: defineCall({
    method: 'POST',
    path: `${PAY}/guarantee-saved`,
    access: 'customer',
    params: bookingPaymentParams,
    body: guaranteeSavedBody,
    response: guaranteeSavedResponse,
    summary: 'Carte de garantie enregistrée : le reste impayé sera débité à la date limite',
  }),
  dueChoice: defineCall({
    method: 'POST',
    path: `${PAY}/due-choice`,
    access: 'customer',
    params: bookingPaymentParams,
    body: dueChoiceBody,
    response: dueChoiceResponse,
    summary: 'Choix de l’organisateur avant l’échéance : débiter la garantie ou régler sur place',
  }),

  staffPayments: defineCall({
    method: 'GET',
    path: `${STAFF}/payments`,
    access: 'staff',
    params: bookingPaymentParams,
    response: staffPaymentsResponse,
    summary: "État et mouvements des paiements d'une demande",
  }),
  staffRefund: defineCall({
    method: 'POST',
    path: `${STAFF}/refund`,
    access: 'staff',
    params: bookingPaymentParams,
    body: refundBody,
    response: refundResponse,
    summary: 'Remboursement selon les conditions générales',
  }),
  staffRefundRetry: defineCall({
    method: 'POST',
    path: `${STAFF}/refunds/:refundId/retry`,
    access: 'staff',
    params: providerRefundParams,
    response: providerRefundResponse,
    summary: 'Relance d’un remboursement en échec (nouveau remboursement)',
  }),
  staffRefundResolve: defineCall({
    method: 'POST',
    path: `${STAFF}/refunds/:refundId/resolve`,
    access: 'staff',
    params: providerRefundParams,
    response: providerRefundResponse,
    summary: 'Remboursement en échec réglé à la main',
  }),
  staffDepositCapture: defineCall({
    method: 'POST',
    path: `${STAFF}/deposit-capture`,
    access: 'staff',
    params: bookingPaymentParams,
    body: depositCaptureBody,
    response: depositCaptureResponse,
    summary: 'Encaissement d’une partie de la caution',
  }),

  /** Stripe's signed events: the body is read raw (the signature covers its bytes). */
  stripeWebhook: defineCall({
    method: 'POST',
    path: '/api/v1/payments/stripe/webhook',
    access: 'public',
    headers: z.object({ 'stripe-signature': z.string().min(1) }),
    // Read raw (the signature covers the exact bytes): the event's schema is Stripe's.
    requestContent: {
      'application/json': z.record(z.string(), z.unknown()).meta({ description: 'Un événement Stripe' }),
    },
    response: z.object({ received: z.literal(true) }),
    errors: ['INVALID_SIGNATURE', 'NOT_FOUND'],
    summary: 'Événements signés de Stripe',
  }),
} as const;
