import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { PAYMENT_MESSAGES } from '@shared/payment-messages';

/**
 * Stripe Elements (the Payment Element) mounted for one client secret, PaymentIntent or
 * SetupIntent: @stripe/stripe-js loaded only when a card form opens, in French. Shared by the card
 * payment, the deposit's saved card and the organizer's guarantee.
 */
export function useStripeElements(publishableKey: string, clientSecret: string) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [elements, setElements] = useState<StripeElements | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let canceled = false;
    void (async () => {
      const { loadStripe } = await import('@stripe/stripe-js');
      const loaded = await loadStripe(publishableKey, { locale: 'fr' });
      if (canceled || !loaded || !mountRef.current) {
        if (!loaded && !canceled) setError(PAYMENT_MESSAGES.configuration);
        return;
      }
      const created = loaded.elements({ clientSecret });
      created.create('payment').mount(mountRef.current);
      setStripe(loaded);
      setElements(created);
    })().catch(() => {
      if (!canceled) setError(PAYMENT_MESSAGES.initiatePayment);
    });
    return () => {
      canceled = true;
    };
  }, [publishableKey, clientSecret]);

  return { mountRef, stripe, elements, error, setError };
}
