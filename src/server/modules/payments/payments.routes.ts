import type { FastifyPluginAsync } from 'fastify';
import { paymentCalls } from '../../../shared/api/payments.contract';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments.schema';
import { AppError } from '../../app-error';
import { sessionOf, staffSessionOf } from '../../plugins/auth';
import { ProviderError } from '../../providers/payments/payment-provider';
import { StripePaymentProvider } from '../../providers/payments/stripe-provider';
import { registerCall, registerDataCall } from '../../register-call';
import type { Actor } from '../bookings/booking-access.public';
import { getStripeConfig } from '../establishment/establishment.service';
import { groupRoutes, staffGroupRoutes } from './group.routes';
import { applyProviderEvent } from './payment-effects';
import { REFUND_FOLLOW_UP_MESSAGES, resolveRefund, retryRefund } from './refund-follow-up';
import { confirmDepositCard, startDepositCardSetup } from './deposit-card.service';
import { chooseAtDueDate } from './due-choice.service';
import { confirmGuarantee, startGuaranteeSetup } from './guarantee.service';
import { getNextSteps, getPaymentHistory } from './payments-history.service';
import { captureDeposit, getStaffPayments, refundBooking } from './payments-staff.service';
import * as payments from './payments.service';
import type { PaymentDeps } from './payments.service';

const customer = (request: Parameters<typeof sessionOf>[0]): Actor => ({
  kind: 'customer',
  customerId: sessionOf(request).customerId,
});

/** The answer of a confirmation: the outcome, with the service's French message for it. */
function outcomeAnswer<T>({ outcome, message }: { outcome: T; message: string }) {
  return { success: true as const, message, data: outcome };
}

/** SPEC.md §7 'Payments', the next-steps call and the customer's payment history. */
export const customerPaymentRoutes: FastifyPluginAsync<{ deps: PaymentDeps }> = async (app, { deps }) => {
  await app.register(groupRoutes, { deps });
  registerCall(app, paymentCalls.stripeConfig, () => {
    const data = getStripeConfig(app.config);
    return { success: true as const, data, ...data };
  });

  registerDataCall(app, paymentCalls.history, (request) => getPaymentHistory(deps, sessionOf(request).customerId));

  registerDataCall(app, paymentCalls.nextSteps, async (request) => ({
    steps: await getNextSteps(deps, customer(request), request.params.id),
  }));

  registerDataCall(app, paymentCalls.collectiveStatus, (request) =>
    payments.getCollectiveStatus(deps, customer(request), request.params.id),
  );

  registerDataCall(app, paymentCalls.participantPayment, (request) =>
    payments.getParticipantPaymentStatus(deps, customer(request), request.params.id, request.params.participantId),
  );

  registerDataCall(app, paymentCalls.participantIntent, (request) =>
    payments.createShareIntent(deps, customer(request), request.params.id, request.params.participantId),
  );

  registerDataCall(app, paymentCalls.organizerIntent, (request) =>
    payments.createOrganizerIntent(deps, customer(request), request.params.id),
  );

  registerCall(app, paymentCalls.stripeConfirm, async (request) =>
    outcomeAnswer(await payments.confirmIntent(deps, customer(request), request.params.id, request.body.intentId)),
  );

  registerDataCall(app, paymentCalls.testCard, (request) =>
    payments.submitTestCard(deps, customer(request), request.params.id, request.body),
  );

  registerDataCall(app, paymentCalls.depositStatus, (request) =>
    payments.getDepositStatus(deps, customer(request), request.params.id),
  );

  registerDataCall(app, paymentCalls.depositCardSetup, (request) =>
    startDepositCardSetup(deps, customer(request), request.params.id),
  );

  registerCall(app, paymentCalls.depositCardSaved, async (request) => ({
    success: true as const,
    ...(await confirmDepositCard(deps, customer(request), request.params.id, request.body.setupIntentId)),
  }));

  registerDataCall(app, paymentCalls.guaranteeSetup, (request) =>
    startGuaranteeSetup(deps, customer(request), request.params.id, request.body.settlement),
  );

  registerCall(app, paymentCalls.guaranteeSaved, async (request) => ({
    success: true as const,
    ...(await confirmGuarantee(deps, customer(request), request.params.id, request.body.setupIntentId)),
  }));

  registerCall(app, paymentCalls.dueChoice, async (request) => ({
    success: true as const,
    ...(await chooseAtDueDate(deps, sessionOf(request).customerId, request.params.id, request.body.choice)),
  }));

  registerCall(app, paymentCalls.completeDeposit, async (request) =>
    outcomeAnswer(
      await payments.completeDepositAuthorization(deps, customer(request), request.params.id, request.body?.intentId),
    ),
  );
};

const staff = (request: Parameters<typeof staffSessionOf>[0]): Actor => {
  const session = staffSessionOf(request);
  return { kind: 'staff', staffId: session.staffId, role: session.role, name: session.name };
};

/** The back-office's payment calls (docs/decisions.md, "Payments"): state and movements, refund, capture of part of a hold. */
export const staffPaymentRoutes: FastifyPluginAsync<{ deps: PaymentDeps }> = async (app, { deps }) => {
  await app.register(staffGroupRoutes, { deps });
  registerDataCall(app, paymentCalls.staffPayments, (request) =>
    getStaffPayments(deps, staff(request), request.params.id),
  );

  registerDataCall(
    app,
    paymentCalls.staffRefund,
    (request) => refundBooking(deps, staff(request), request.params.id, request.body ?? {}),
    { message: 'Remboursement effectué' },
  );

  registerDataCall(
    app,
    paymentCalls.staffRefundRetry,
    (request) => retryRefund(deps, staff(request), request.params.id, request.params.refundId),
    { message: REFUND_FOLLOW_UP_MESSAGES.retried },
  );

  registerDataCall(
    app,
    paymentCalls.staffRefundResolve,
    (request) => resolveRefund(deps.db, staff(request), request.params.id, request.params.refundId),
    { message: REFUND_FOLLOW_UP_MESSAGES.resolved },
  );

  registerDataCall(
    app,
    paymentCalls.staffDepositCapture,
    (request) => captureDeposit(deps, staff(request), request.params.id, request.body.amount),
    { message: 'Caution encaissée' },
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
  registerCall(app, paymentCalls.stripeWebhook, async (request) => {
    const provider = deps.provider;
    if (!(provider instanceof StripePaymentProvider)) throw AppError.of('NOT_FOUND', 'Ressource non trouvée');
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    let event;
    try {
      event = provider.parseWebhook(raw, typeof signature === 'string' ? signature : undefined);
    } catch (error) {
      if (error instanceof ProviderError) throw AppError.of('INVALID_SIGNATURE', PAYMENT_MESSAGES.webhookSignature);
      throw error;
    }
    await applyProviderEvent(deps, event);
    return { received: true as const };
  });
};
