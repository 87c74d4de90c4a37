/**
 * What the team must watch on a booking's payment (DESIGN.md §3 and §4), flagged in the back-office
 * queue and request page: a card deposit hold about to expire (an authorization lives about 7
 * days: past that the bank may drop it before the stay) and an option whose payment is past due.
 */

/** How long a card authorization lives (Stripe, online card payments). */
export const CARD_HOLD_LIFETIME_DAYS = 7;
/** A hold is flagged this long before it lapses. */
export const HOLD_EXPIRY_WARNING_HOURS = 48;

export const PAYMENT_ALERT_KINDS = [
  'payment_overdue',
  'hold_expiring',
  'hold_expired',
  'hold_failed',
  'payment_short',
  'refund_failed',
  'guarantee_failed',
] as const;
export type PaymentAlertKind = (typeof PAYMENT_ALERT_KINDS)[number];

export interface PaymentAlert {
  kind: PaymentAlertKind;
  /** The due date passed, or when the hold lapses (ISO instant). */
  at: string;
}

export const PAYMENT_ALERT_LABELS: Record<PaymentAlertKind, string> = {
  payment_overdue: 'Paiement en retard',
  hold_expiring: 'Caution bientôt expirée',
  hold_expired: 'Caution expirée',
  hold_failed: 'Caution refusée',
  payment_short: 'Paiement incomplet',
  refund_failed: 'Remboursement en échec',
  guarantee_failed: 'Garantie refusée',
};

const HOUR_MS = 60 * 60 * 1000;

export function holdExpiresAt(authorizedAt: Date): Date {
  return new Date(authorizedAt.getTime() + CARD_HOLD_LIFETIME_DAYS * 24 * HOUR_MS);
}

/**
 * The alerts of one booking now. `dueAt`: the payment config's due date; `holdAuthorizedAt`: when
 * the deposit hold still held was authorized (null when none is); `holdCaptureBefore`: its end as
 * the provider said it, when known (else 7 days after its authorization); `holdFailedAt`: when the
 * hold on the saved card was refused and nobody authorized it since; `shortPaymentAt`: when a
 * card payment went through for less than it asked.
 */
export function paymentAlertsOf(
  state: {
    status: string;
    dueAt: Date | null;
    holdAuthorizedAt: Date | null;
    holdCaptureBefore?: Date | null;
    holdFailedAt?: Date | null;
    /** When a card payment went through for less than it asked (it settles nothing). */
    shortPaymentAt?: Date | null;
    /** When a refund failed at the provider and the team has not retried nor settled it (any booking status). */
    refundFailedAt?: Date | null;
    /** When the organizer's guarantee charge was refused and none went through since (docs/decisions.md, "The organizer's guarantee"). */
    guaranteeFailedAt?: Date | null;
  },
  now: Date = new Date(),
): PaymentAlert[] {
  const alerts: PaymentAlert[] = [];
  if (state.status === 'prebooked' && state.dueAt && state.dueAt.getTime() < now.getTime()) {
    alerts.push({ kind: 'payment_overdue', at: state.dueAt.toISOString() });
  }
  const live = state.status !== 'canceled' && state.status !== 'completed';
  if (state.refundFailedAt) alerts.push({ kind: 'refund_failed', at: state.refundFailedAt.toISOString() });
  if (live && state.shortPaymentAt) alerts.push({ kind: 'payment_short', at: state.shortPaymentAt.toISOString() });
  if (state.status === 'prebooked' && state.guaranteeFailedAt) {
    alerts.push({ kind: 'guarantee_failed', at: state.guaranteeFailedAt.toISOString() });
  }
  if (live && state.holdFailedAt) alerts.push({ kind: 'hold_failed', at: state.holdFailedAt.toISOString() });
  if (live && state.holdAuthorizedAt) {
    const expires = state.holdCaptureBefore ?? holdExpiresAt(state.holdAuthorizedAt);
    if (expires.getTime() <= now.getTime()) alerts.push({ kind: 'hold_expired', at: expires.toISOString() });
    else if (expires.getTime() - now.getTime() <= HOLD_EXPIRY_WARNING_HOURS * HOUR_MS) {
      alerts.push({ kind: 'hold_expiring', at: expires.toISOString() });
    }
  }
  return alerts;
}

/**
 * The first instant (ms) from which `paymentAlertsOf(state, ·)` may answer otherwise than at `now`:
 * the due date passed, a hold entering its warning or lapsing. Infinity when nothing will change
 * with time alone. A list built at `now` answers the same until then (the staff queue keeps it).
 */
export function paymentAlertsChangeAt(state: Parameters<typeof paymentAlertsOf>[0], now: Date): number {
  const time = now.getTime();
  const instants: number[] = [];
  // Overdue from the first millisecond after the due date.
  if (state.status === 'prebooked' && state.dueAt) instants.push(state.dueAt.getTime() + 1);
  if (state.status !== 'canceled' && state.status !== 'completed' && state.holdAuthorizedAt) {
    const expires = (state.holdCaptureBefore ?? holdExpiresAt(state.holdAuthorizedAt)).getTime();
    instants.push(expires - HOLD_EXPIRY_WARNING_HOURS * HOUR_MS, expires);
  }
  return Math.min(Infinity, ...instants.filter((instant) => instant > time));
}
