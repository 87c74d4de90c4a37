import { PAYMENT_MESSAGES } from '@shared/payment-messages';
import type { IntentStatus } from '@shared/api/payments.schema';
import { failureMessage, httpStatus } from '@renderer/shared/api/error-message';
import { completeDepositAuthorization } from './api/complete-deposit-authorization';
import { confirmPayment } from './api/confirm-payment';

/**
 * SPEC.md §4: a card deposit is accepted when the provider answers requires_capture or succeeded,
 * any other card payment only when succeeded; the server is then told (stripe-confirm or
 * complete-deposit-authorization). Returns the message to show on success; throws a French Error.
 */
export async function finishPayment(
  bookingId: string,
  intent: { intentId: string; status: IntentStatus | string },
  options: { deposit: boolean; participantId?: string },
): Promise<string> {
  const accepted = options.deposit ? ['requires_capture', 'succeeded'] : ['succeeded'];
  if (!accepted.includes(intent.status)) {
    throw new Error(
      options.deposit
        ? PAYMENT_MESSAGES.unexpectedAuthorization(intent.status)
        : PAYMENT_MESSAGES.unexpectedPayment(intent.status),
    );
  }
  try {
    const result = options.deposit
      ? await completeDepositAuthorization(bookingId, intent.intentId)
      : await confirmPayment(bookingId, intent.intentId, options.participantId);
    return result.message;
  } catch (error) {
    // A 409: the server refused the success and gave the money back (past the due date, booking
    // canceled, payment no longer due); its message says why.
    if (httpStatus(error) === 409)
      throw new Error(failureMessage(error, { fallback: PAYMENT_MESSAGES.synchronisation }));
    // Otherwise the provider took the payment: only our record lags behind (the webhook will catch up).
    throw new Error(PAYMENT_MESSAGES.synchronisation);
  }
}

/** The server's refusal when it has one (expired, not allowed…), else SPEC.md §8's fallback. */
export function intentErrorMessage(error: unknown): string {
  return failureMessage(error, {
    withoutAnswer: PAYMENT_MESSAGES.initiatePayment,
    fallback: PAYMENT_MESSAGES.createPayment,
  });
}

/** The card provider's message (relayed by the server), else SPEC.md §8's fallback. */
export function cardErrorMessage(error: unknown, deposit: boolean): string {
  return failureMessage(error, {
    fallback: deposit ? PAYMENT_MESSAGES.authorizationFailed : PAYMENT_MESSAGES.paymentFailed,
  });
}
