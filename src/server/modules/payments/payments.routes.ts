import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  PAYMENT_MESSAGES,
} from '../../../shared/api/payments.schema';
import { stripeConfigResponse } from '../../../shared/api/establishment.schema';
import { AppError } from '../../app-error';
import { sessionOf, staffSessionOf } from '../../plugins/auth';
import { ProviderError } from '../../providers/payments/payment-provider';
import { StripePaymentProvider } from '../../providers/payments/stripe-provider';
import type { Actor } from '../bookings/booking-access';
import { getStripeConfig } from '../establishment/establishment.service';
import { applyProviderEvent } from './payment-effects';
import { getNextSteps, getPaymentHistory } from './payments-history.service';
import { captureDeposit, getStaffPayments, refundBooking } from './payments-staff.service';
import * as payments from './payments.service';
import type { PaymentDeps } from './payments.service';

const PREFIX = '/api/v1/customer-booking-requests';
const PAY = `${PREFIX}/:id/booking-payment`;

const customer = (request: Parameters<typeof sessionOf>[0]): Actor => ({
  kind: 'customer',
  customerId: sessionOf(request).customerId,
});

/** SPEC.md §7 'Payments', the next-steps call and the customer's payment history. */
export const customerPaymentRoutes: FastifyPluginAsyncZod<{ deps: PaymentDeps }> = async (app, { deps }) => {
  // Public like its twin under /establishment: it only says which card form to show.
  app.get(`${PREFIX}/stripe-config`, { schema: { response: { 200: stripeConfigResponse } } }, async () => {
    const data = getStripeConfig(app.config);
    return { success: true as const, data, ...data };
  });

  app.register(async (scope) => {
    scope.addHook('onRequest', scope.requireCustomer);
    const route = scope.withTypeProvider<ZodTypeProvider>();

    route.get(
      `${PREFIX}/payments/history`,
      { schema: { response: { 200: paymentHistoryResponse } } },
      async (request) => ({
        success: true as const,
        data: await getPaymentHistory(deps, sessionOf(request).customerId),
      }),
    );

    route.get(
      `${PREFIX}/:id/next-steps`,
      { schema: { params: bookingPaymentParams, response: { 200: nextStepsResponse } } },
      async (request) => ({
        success: true as const,
        data: { steps: await getNextSteps(deps, customer(request), request.params.id) },
      }),
    );

    route.get(
      `${PAY}/collective-status`,
      { schema: { params: bookingPaymentParams, response: { 200: collectiveStatusResponse } } },
      async (request) => ({
        success: true as const,
        data: await payments.getCollectiveStatus(deps, customer(request), request.params.id),
      }),
    );

    route.post(
      `${PAY}/participant-payment/:participantId`,
      {
        schema: {
          params: participantPaymentParams,
          body: participantPaymentBody,
          response: { 200: participantPaymentResponse },
        },
      },
      async (request) => ({
        success: true as const,
        data: await payments.getParticipantPaymentStatus(
          deps,
          customer(request),
          request.params.id,
          request.params.participantId,
        ),
      }),
    );

    route.post(
      `${PAY}/participant-stripe-intent/:participantId`,
      {
        schema: {
          params: participantPaymentParams,
          body: participantPaymentBody,
          response: { 200: paymentIntentResponse },
        },
      },
      async (request) => ({
        success: true as const,
        data: await payments.createShareIntent(
          deps,
          customer(request),
          request.params.id,
          request.params.participantId,
        ),
      }),
    );

    route.post(
      `${PAY}/organizer-stripe-intent`,
      { schema: { params: bookingPaymentParams, body: organizerIntentBody, response: { 200: paymentIntentResponse } } },
      async (request) => ({
        success: true as const,
        data: await payments.createOrganizerIntent(deps, customer(request), request.params.id),
      }),
    );

    route.post(
      `${PAY}/stripe-confirm`,
      { schema: { params: bookingPaymentParams, body: stripeConfirmBody, response: { 200: paymentOutcomeResponse } } },
      async (request) => {
        const { outcome, message } = await payments.confirmIntent(
          deps,
          customer(request),
          request.params.id,
          request.body.intentId,
        );
        return { success: true as const, message, data: outcome };
      },
    );

    route.post(
      `${PAY}/test-card`,
      { schema: { params: bookingPaymentParams, body: testCardBody, response: { 200: testCardResponse } } },
      async (request) => ({
        success: true as const,
        data: await payments.submitTestCard(deps, customer(request), request.params.id, request.body),
      }),
    );

    route.get(
      `${PAY}/deposit-authorization-status`,
      { schema: { params: bookingPaymentParams, response: { 200: depositAuthorizationResponse } } },
      async (request) => ({
        success: true as const,
        data: await payments.getDepositStatus(deps, customer(request), request.params.id),
      }),
    );

    route.post(
      `${PAY}/complete-deposit-authorization`,
      {
        schema: { params: bookingPaymentParams, body: completeDepositBody, response: { 200: paymentOutcomeResponse } },
      },
      async (request) => {
        const { outcome, message } = await payments.completeDepositAuthorization(
          deps,
          customer(request),
          request.params.id,
          request.body?.intentId,
        );
        return { success: true as const, message, data: outcome };
      },
    );
  });
};

const STAFF = '/api/v1/staff/booking-requests/:id';

const staff = (request: Parameters<typeof staffSessionOf>[0]): Actor => {
  const session = staffSessionOf(request);
  return { kind: 'staff', staffId: session.staffId, role: session.role, name: session.name };
};

/** The back-office's payment calls (issue 16): state and movements, refund, capture of part of a hold. */
export const staffPaymentRoutes: FastifyPluginAsyncZod<{ deps: PaymentDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', app.requireStaff);

  app.get(
    `${STAFF}/payments`,
    { schema: { params: bookingPaymentParams, response: { 200: staffPaymentsResponse } } },
    async (request) => ({
      success: true as const,
      data: await getStaffPayments(deps, staff(request), request.params.id),
    }),
  );

  app.post(
    `${STAFF}/refund`,
    { schema: { params: bookingPaymentParams, body: refundBody, response: { 200: refundResponse } } },
    async (request) => ({
      success: true as const,
      message: 'Remboursement effectué',
      data: await refundBooking(deps, staff(request), request.params.id, request.body ?? {}),
    }),
  );

  app.post(
    `${STAFF}/deposit-capture`,
    { schema: { params: bookingPaymentParams, body: depositCaptureBody, response: { 200: depositCaptureResponse } } },
    async (request) => ({
      success: true as const,
      message: 'Caution encaissée',
      data: await captureDeposit(deps, staff(request), request.params.id, request.body.amount),
    }),
  );
};

/**
 * POST /api/v1/payments/stripe/webhook: Stripe's signed events, the source of truth. The raw body
 * is needed to check the signature, so this scope (and only it) reads JSON as a Buffer.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{ deps: PaymentDeps }> = async (app, { deps }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/v1/payments/stripe/webhook',
    { schema: { response: { 200: z.object({ received: z.literal(true) }) } } },
    async (request) => {
      const provider = deps.provider;
      if (!(provider instanceof StripePaymentProvider)) throw new AppError('NOT_FOUND', 404, 'Ressource non trouvée');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = provider.parseWebhook(raw, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (error instanceof ProviderError)
          throw new AppError('INVALID_SIGNATURE', 400, PAYMENT_MESSAGES.webhookSignature);
        throw error;
      }
      await applyProviderEvent(deps, event);
      return { received: true as const };
    },
  );
};
