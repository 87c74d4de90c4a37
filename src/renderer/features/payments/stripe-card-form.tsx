import { PAYMENT_MESSAGES } from '@shared/payment-messages';
import type { PaymentIntentView } from '@shared/api/payments.schema';
import ElementsForm from './elements-form';
import { finishPayment } from './payment-flow';

interface Props {
  bookingId: string;
  intent: PaymentIntentView;
  publishableKey: string;
  deposit: boolean;
  participantId?: string;
  onDone: (message: string) => void;
}

/**
 * Stripe Elements (Payment Element) for the intent's client secret. This module and
 * @stripe/stripe-js are loaded only when the mode is stripe; Stripe's script comes from its own host.
 * The return address is /booking-success, used only if the card needs a redirect.
 */
export default function StripeCardForm({ bookingId, intent, publishableKey, deposit, participantId, onDone }: Props) {
  return (
    <ElementsForm
      publishableKey={publishableKey}
      clientSecret={intent.client_secret}
      formLabel="Paiement par carte"
      loadingLabel="Chargement du formulaire de paiement"
      busyText="Paiement en cours..."
      confirm={async (stripe, elements) => {
        const result = await stripe.confirmPayment({
          elements,
          confirmParams: {
            return_url: `${window.location.origin}/booking-success?bookingId=${encodeURIComponent(bookingId)}`,
          },
          redirect: 'if_required',
        });
        if (result.error) {
          return (
            result.error.message ?? (deposit ? PAYMENT_MESSAGES.authorizationFailed : PAYMENT_MESSAGES.paymentFailed)
          );
        }
        onDone(
          await finishPayment(
            bookingId,
            { intentId: result.paymentIntent.id, status: result.paymentIntent.status },
            { deposit, participantId },
          ),
        );
        return undefined;
      }}
      onFailure={(caught) => (caught instanceof Error ? caught.message : PAYMENT_MESSAGES.paymentFailed)}
    >
      {deposit ? 'Autoriser la caution' : 'Payer'}
    </ElementsForm>
  );
}
