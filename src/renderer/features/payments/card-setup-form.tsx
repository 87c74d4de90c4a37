import { PAYMENT_MESSAGES } from '@shared/payment-messages';
import { failureMessage } from '@renderer/shared/api/error-message';
import ElementsForm from './elements-form';

export interface CardSetupFormProps {
  clientSecret: string;
  publishableKey: string;
  /** Where Stripe sends the organizer back after a bank's own page. */
  returnUrl: string;
  /** Tells the server the SetupIntent is confirmed; answers its French message. */
  save: (setupIntentId: string) => Promise<{ message: string }>;
  onSaved: (message: string) => void;
  formLabel: string;
}

/**
 * A card saved, not charged (docs/decisions.md, "Card holds on a saved card"): Stripe Elements on
 * the SetupIntent, confirmed with `confirmSetup`, then told to the server. The deposit's card and
 * the organizer's guarantee use it.
 */
export default function CardSetupForm({
  clientSecret,
  publishableKey,
  returnUrl,
  save,
  onSaved,
  formLabel,
}: CardSetupFormProps) {
  return (
    <ElementsForm
      publishableKey={publishableKey}
      clientSecret={clientSecret}
      formLabel={formLabel}
      loadingLabel="Chargement du formulaire de carte"
      busyText="Enregistrement..."
      stretchButton
      confirm={async (stripe, elements) => {
        const result = await stripe.confirmSetup({
          elements,
          confirmParams: { return_url: returnUrl },
          redirect: 'if_required',
        });
        if (result.error) return result.error.message ?? PAYMENT_MESSAGES.authorizationFailed;
        onSaved((await save(result.setupIntent.id)).message);
        return undefined;
      }}
      onFailure={(caught) => failureMessage(caught, { fallback: PAYMENT_MESSAGES.authorizationFailed })}
    >
      Enregistrer ma carte
    </ElementsForm>
  );
}
