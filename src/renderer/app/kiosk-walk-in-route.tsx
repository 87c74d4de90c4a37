import { lazy, Suspense } from 'react';
import { Spinner } from '@chakra-ui/react';
import { WalkInPage, type KioskPaySlot } from '../features/kiosk-walk-in/walk-in-page';

// The card form loads when the organizer pays at the kiosk.
const PaymentDialog = lazy(() =>
  import('../features/payments/payment-dialog').then((m) => ({ default: m.PaymentDialog })),
);

/** The organizer pays at the kiosk's card form (the payments feature, composed here). */
const pay: KioskPaySlot = ({ bookingId, label, amount }) => (
  <Suspense fallback={<Spinner role="status" aria-label="Chargement du paiement" />}>
    <PaymentDialog bookingId={bookingId} payer={{ kind: 'organizer' }} deposit={false} label={label} amount={amount} />
  </Suspense>
);

/** /borne: the walk-in kiosk with its card form. */
export function KioskWalkInRoute() {
  return <WalkInPage pay={pay} />;
}
