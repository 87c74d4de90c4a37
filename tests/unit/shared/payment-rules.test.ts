import { describe, expect, it } from 'vitest';
import {
  amountDueCents,
  collectiveShares,
  depositAvailableFrom,
  isPaymentExpired,
  nextSteps,
  type PaymentStepState,
} from '../../../src/shared/payment-rules';

describe('amountDueCents: amounts are the server’s (DESIGN.md §4)', () => {
  it.each([
    ['full_payment_organizer', 45_000, null, null, 45_000],
    ['collective_payment', 45_000, null, null, 45_000],
    ['partial_payment_card', 45_001, null, 30, 13_500],
    ['partial_payment_card', 10_001, null, 50, 5_001],
    ['deposit_card', 45_000, 15_000, null, 15_000],
    ['deposit_check', 45_000, 20_000, null, 20_000],
  ] as const)('%s of %i (amount %s, %s %%) is %i', (type, totalCents, amountCents, percentage, expected) => {
    expect(amountDueCents({ type, totalCents, amountCents, percentage })).toBe(expected);
  });
});

describe('collectiveShares', () => {
  it('splits equally in cents, the odd cents one each from the organizer on, adding up to the total', () => {
    const shares = collectiveShares(10_001, [
      { id: 'p1', isOrganizer: false },
      { id: 'org', isOrganizer: true },
      { id: 'p2', isOrganizer: false },
    ]);
    expect(Object.fromEntries(shares)).toEqual({ p1: 3334, org: 3334, p2: 3333 });
    expect([...shares.values()].reduce((a, b) => a + b, 0)).toBe(10_001);
  });

  it('gives nothing to split between nobody', () => {
    expect(collectiveShares(100, []).size).toBe(0);
  });
});

describe('deposit hold timing (DESIGN.md §3)', () => {
  it('opens 6 days before the first day', () => {
    expect(depositAvailableFrom('2030-06-15')).toBe('2030-06-09');
  });
});

describe('nextSteps (SPEC.md §4 guidance)', () => {
  const base: PaymentStepState = {
    status: 'prebooked',
    paymentStatus: 'unpaid',
    hasConfig: true,
    dueDate: '2030-01-02T00:00:00.000Z',
    authorizationCanceled: false,
    collectiveComplete: false,
    canPayNow: true,
    now: new Date('2030-01-01T00:00:00.000Z'),
  };
  const titles = (state: Partial<PaymentStepState>) =>
    nextSteps({ ...base, ...state }, 'b1', 'parc@exemple.fr').map((step) => step.title);

  it.each([
    [{ hasConfig: false }, ['En attente de configuration']],
    [{}, ['Paiement à effectuer']],
    [{ now: new Date('2030-01-03T00:00:00.000Z') }, ['Délai de paiement expiré']],
    [{ paymentStatus: 'paid' as const }, ['Paiement effectué', 'Confirmation finale']],
    [{ paymentStatus: 'authorized' as const, authorizationCanceled: true }, ['Paiement à effectuer']],
    [{ collectiveComplete: true }, ['Paiement effectué', 'Confirmation finale']],
    [{ status: 'confirmed' as const, paymentStatus: 'paid' as const }, ['Réservation confirmée']],
  ])('%o gives %o', (state, expected) => {
    expect(titles(state)).toEqual(expected);
  });

  it('the expired step links to the team by e-mail; the pay step to the section', () => {
    const [expired] = nextSteps({ ...base, now: new Date('2031-01-01') }, 'b1', 'parc@exemple.fr');
    expect(expired).toMatchObject({ status: 'expired', actionUrl: 'mailto:parc@exemple.fr' });
    const [pay] = nextSteps(base, 'b1', 'parc@exemple.fr');
    expect(pay).toMatchObject({ action: 'pay', actionUrl: '/booking/b1#paiement', actionLabel: 'Payer maintenant' });
  });

  it('a confirmed booking is never expired', () => {
    expect(isPaymentExpired({ status: 'confirmed', dueDate: '2000-01-01T00:00:00.000Z' })).toBe(false);
    expect(isPaymentExpired({ status: 'prebooked', dueDate: '2000-01-01T00:00:00.000Z' })).toBe(true);
    expect(isPaymentExpired({ status: 'prebooked', dueDate: null })).toBe(false);
  });
});
