import CardSetupForm from './card-setup-form';
import { saveDepositCard } from './api/deposit-card';

interface Props {
  bookingId: string;
  clientSecret: string;
  publishableKey: string;
  onSaved: (message: string) => void;
}

/** Where Stripe sends the organizer back after a bank's own page: the booking, which finishes the saving. */
export function depositCardReturnUrl(bookingId: string): string {
  return `${window.location.origin}/booking/${encodeURIComponent(bookingId)}?deposit-card=1`;
}

/**
 * The card saved for the deposit hold placed later (docs/decisions.md, "Card holds on a saved
 * card"). Loaded only when the organizer opens it, with @stripe/stripe-js, like the card payment form.
 */
export default function DepositCardForm({ bookingId, clientSecret, publishableKey, onSaved }: Props) {
  return (
    <CardSetupForm
      clientSecret={clientSecret}
      publishableKey={publishableKey}
      returnUrl={depositCardReturnUrl(bookingId)}
      save={(setupIntentId) => saveDepositCard(bookingId, setupIntentId)}
      onSaved={onSaved}
      formLabel="Enregistrement de la carte pour la caution"
    />
  );
}
