import { addIsoDays } from './booking-days';
import type { NextStepItem, PaymentType } from './api/payments.schema';
import { computeShares, type OptionalLine, type SharePerson } from './shares';

/**
 * Payment rules shared by the server (which alone computes amounts) and the renderer (which shows
 * them): DESIGN.md §3 (deposit hold timing) and §4 (collective shares), SPEC.md §4 (payment steps).
 */

/** A card hold lives about 7 days, so it is placed at most 6 days before the first day (DESIGN.md §3). */
export const DEPOSIT_HOLD_LEAD_DAYS = 6;

export function depositAvailableFrom(startDate: string): string {
  return addIsoDays(startDate, -DEPOSIT_HOLD_LEAD_DAYS);
}

/** The option is held 24 h after the team's quote (terms of sale: the default due date, docs/decisions.md, "Product rules"). */
export const OPTION_HOLD_MS = 24 * 60 * 60 * 1000;

/**
 * The default due date of a quote. A card deposit cannot be paid before its hold can be placed
 * (`depositAvailableFrom`), so its option is held until the end of the day after that one (Paris)
 * when that is later than 24 h from now: otherwise the option would lapse before the customer
 * could ever authorize the hold (docs/decisions.md, "The due date of a card deposit").
 */
export function defaultDueDate(type: PaymentType | '', startDate: string, now: Date = new Date()): Date {
  const inADay = new Date(now.getTime() + OPTION_HOLD_MS);
  if (type !== 'deposit_card') return inADay;
  // 21:59 UTC is 22:59 or 23:59 in Paris: the end of that day, whatever the season.
  const holdDayEnd = new Date(`${addIsoDays(depositAvailableFrom(startDate), 1)}T21:59:00.000Z`);
  return holdDayEnd > inADay ? holdDayEnd : inADay;
}

/** What the payment type asks now, in cents: full = total; partial = percentage; deposits = amount. */
export function amountDueCents(config: {
  type: PaymentType;
  totalCents: number;
  amountCents: number | null;
  percentage: number | null;
}): number {
  switch (config.type) {
    case 'full_payment_organizer':
    case 'collective_payment':
      return config.totalCents;
    case 'partial_payment_card':
      return Math.round((config.totalCents * (config.percentage ?? 100)) / 100);
    case 'deposit_card':
    case 'deposit_check':
      return config.amountCents ?? 0;
  }
}

/**
 * The collective split (DESIGN.md §4): `computeShares` of shares.ts, the odd cents one each from
 * the organizer's share on (docs/decisions.md, "Group shares"); Σ shares = total exactly.
 */
export function collectiveShares(
  totalCents: number,
  people: readonly SharePerson[],
  optionalLines?: readonly OptionalLine[],
): Map<string, number> {
  return computeShares({ totalCents, people, ...(optionalLines ? { optionalLines } : {}) });
}

export interface PaymentStepState {
  status: 'draft' | 'prebooked' | 'confirmed' | 'canceled' | 'completed';
  paymentStatus: 'unpaid' | 'partial' | 'paid' | 'authorized';
  hasConfig: boolean;
  dueDate: string | null;
  authorizationCanceled: boolean;
  collectiveComplete: boolean;
  canPayNow: boolean;
  now?: Date;
}

/** SPEC.md §4: expired when a due date exists, has passed and the booking is not confirmed. */
export function isPaymentExpired(state: Pick<PaymentStepState, 'status' | 'dueDate' | 'now'>): boolean {
  if (!state.dueDate || state.status === 'confirmed' || state.status === 'completed') return false;
  return new Date(state.dueDate).getTime() < (state.now ?? new Date()).getTime();
}

export const NEXT_STEP_TEXTS = {
  waiting: 'En attente de configuration',
  pay: 'Paiement à effectuer',
  expired: 'Délai de paiement expiré',
  paid: 'Paiement effectué',
  finalConfirmation: 'Confirmation finale',
  confirmed: 'Réservation confirmée',
} as const;

/** The next-step guidance of SPEC.md §4, as items of SPEC.md §3 'Next step item'. */
export function nextSteps(state: PaymentStepState, bookingId: string, parkEmail: string): NextStepItem[] {
  const item = (
    values: Partial<NextStepItem> & Pick<NextStepItem, 'title' | 'description' | 'status' | 'progress'>,
  ) => ({
    action: null,
    actionUrl: null,
    actionLabel: null,
    ...values,
  });
  if (state.status === 'confirmed' || state.status === 'completed') {
    return [
      item({
        title: NEXT_STEP_TEXTS.confirmed,
        description: 'Votre réservation est confirmée : toute l’équipe du parc vous attend.',
        status: 'completed',
        progress: 100,
        action: 'download_contract',
        actionUrl: null,
        actionLabel: 'Télécharger le contrat',
      }),
    ];
  }
  if (!state.hasConfig) {
    return [
      item({
        title: NEXT_STEP_TEXTS.waiting,
        description: 'Notre équipe prépare les modalités de paiement de votre réservation.',
        status: 'upcoming',
        progress: 0,
      }),
    ];
  }
  const paid = (state.paymentStatus === 'paid' || state.paymentStatus === 'authorized') && !state.authorizationCanceled;
  if (paid || state.collectiveComplete) {
    return [
      item({
        title: NEXT_STEP_TEXTS.paid,
        description: 'Votre paiement a bien été reçu.',
        status: 'completed',
        progress: 100,
      }),
      item({
        title: NEXT_STEP_TEXTS.finalConfirmation,
        description: 'Notre équipe finalise la confirmation de votre réservation.',
        status: 'in_progress',
        progress: 75,
      }),
    ];
  }
  if (isPaymentExpired(state)) {
    return [
      item({
        title: NEXT_STEP_TEXTS.expired,
        description:
          'Le délai de paiement est dépassé : contactez notre équipe par e-mail pour conserver votre réservation.',
        status: 'expired',
        progress: 0,
        action: 'contact',
        actionUrl: `mailto:${parkEmail}`,
        actionLabel: 'Contacter l’équipe par e-mail',
      }),
    ];
  }
  return [
    item({
      title: NEXT_STEP_TEXTS.pay,
      description: state.canPayNow
        ? 'Réglez votre paiement en ligne pour confirmer votre réservation.'
        : 'Le paiement de cette réservation est en attente.',
      status: 'current',
      progress: state.paymentStatus === 'partial' ? 50 : 25,
      ...(state.canPayNow
        ? { action: 'pay', actionUrl: `/booking/${bookingId}#paiement`, actionLabel: 'Payer maintenant' }
        : {}),
    }),
  ];
}
