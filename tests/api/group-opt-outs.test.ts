import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bookingItems,
  bookingRequests,
  participantOptOuts,
  paymentConfigs,
} from '../../src/server/db/schema';
import { optOutsResponse, optOutsUpdateResponse } from '../../src/shared/api/opt-outs.schema';
import { collectiveStatusResponse, paymentIntentResponse } from '../../src/shared/api/payments.schema';
import { expectError, registerCustomer } from '../support/auth';
import { cb } from '../support/customer-bookings';
import { pay, prebookedBooking, type PaymentState } from '../support/payment-states';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const CARD_OK = '4242 4242 4242 4242';
const optionalPath = (bookingId: string, lineId: string) => `/${bookingId}/activities/${lineId}/optional`;
const optOutPath = (bookingId: string, participantId: string, lineId: string) =>
  `/${bookingId}/participants/${participantId}/opt-outs/${lineId}`;

async function view(bookingId: string, token: string) {
  const res = await cb(t.app, 'GET', `/${bookingId}/opt-outs`, token);
  expect(res.statusCode, res.body).toBe(200);
  return optOutsResponse.strict().parse(res.json()).data;
}

async function shares(bookingId: string, token: string) {
  const res = await cb(t.app, 'GET', pay(bookingId, 'collective-status'), token);
  expect(res.statusCode, res.body).toBe(200);
  const data = collectiveStatusResponse.strict().parse(res.json()).data;
  return {
    total: data.totalAmount,
    byId: new Map(data.participants.map((person) => [person.id, person.paymentAmount])),
  };
}

/** A collective booking of 4 payers, 450 € (10 × (25 € parcours + 20 € paintball)), paintball optional. */
async function withOptionalPaintball(): Promise<PaymentState & { paintball: string; parcours: string }> {
  const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 45_000, joined: 3 });
  const lines = (await view(state.bookingId, state.organizer.token)).lines;
  const paintball = lines.find((line) => line.name === 'Paintball')!;
  const parcours = lines.find((line) => line.name === 'Parcours aventure')!;
  expect(paintball).toMatchObject({ perPersonPrice: 20, eligible: true, optional: false, optedOut: [] });
  const res = await cb(t.app, 'PUT', optionalPath(state.bookingId, paintball.lineId), state.organizer.token, {
    optional: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = optOutsUpdateResponse.strict().parse(res.json());
  expect(body.message).toBe('Activité mise à jour');
  expect(body.data.lines.find((line) => line.lineId === paintball.lineId)!.optional).toBe(true);
  return { ...state, paintball: paintball.lineId, parcours: parcours.lineId };
}

describe('optional per-person activities (docs/decisions.md, "Group shares")', () => {
  it('a participant who opts out pays 20 € less; the others’ shares do not move; Σ = total taken', async () => {
    const state = await withOptionalPaintball();
    const before = await shares(state.bookingId, state.organizer.token);
    expect(before.total).toBe(450);
    expect([...before.byId.values()]).toEqual([112.5, 112.5, 112.5, 112.5]);

    const [first, second] = state.participants;
    const res = await cb(
      t.app,
      'PUT',
      optOutPath(state.bookingId, first!.participantId, state.paintball),
      first!.token,
      {
        optedOut: true,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = optOutsUpdateResponse.strict().parse(res.json());
    expect(body.message).toBe('Vous ne participez pas à cette activité : votre part est mise à jour');
    expect(body.data.me).toBe(first!.participantId);
    expect(body.data.lines.find((line) => line.lineId === state.paintball)!.optedOut).toEqual([first!.participantId]);

    // The organizer opts a second participant out for them.
    const forOther = await cb(
      t.app,
      'PUT',
      optOutPath(state.bookingId, second!.participantId, state.paintball),
      state.organizer.token,
      { optedOut: true },
    );
    expect(forOther.statusCode, forOther.body).toBe(200);

    const after = await shares(state.bookingId, second!.token);
    expect(after.byId.get(first!.participantId)).toBe(92.5);
    expect(after.byId.get(second!.participantId)).toBe(92.5);
    expect(after.byId.get(state.organizerParticipantId)).toBe(112.5);
    expect(after.total).toBe(410);
    expect([...after.byId.values()].reduce((a, b) => a! + b!, 0)).toBe(410);
    // The booking detail's collective part says the same as the collective status.
    const detail = await cb(t.app, 'GET', `/${state.bookingId}`, first!.token);
    expect(detail.statusCode, detail.body).toBe(200);
    const collective = (
      detail.json() as {
        data: {
          payment: { collective: { totalAmount: number; participants: { id: string; paymentAmount: number }[] } };
        };
      }
    ).data.payment.collective;
    expect(collective.totalAmount).toBe(410);
    expect(new Map(collective.participants.map((person) => [person.id, person.paymentAmount]))).toEqual(after.byId);

    // The participant pays exactly the lowered share.
    const intent = await cb(
      t.app,
      'POST',
      pay(state.bookingId, `participant-stripe-intent/${first!.participantId}`),
      first!.token,
      {},
    );
    expect(intent.statusCode, intent.body).toBe(200);
    const { intentId, amount } = paymentIntentResponse.parse(intent.json()).data as {
      intentId: string;
      amount: number;
    };
    expect(amount).toBe(92.5);
    const card = await cb(t.app, 'POST', pay(state.bookingId, 'test-card'), first!.token, {
      intentId,
      cardNumber: CARD_OK,
    });
    expect(card.statusCode, card.body).toBe(200);

    // Paid: the choice is fixed.
    expectError(
      await cb(t.app, 'PUT', optOutPath(state.bookingId, first!.participantId, state.paintball), first!.token, {
        optedOut: false,
      }),
      409,
      'Cette part est déjà réglée : le choix des activités ne peut plus changer. Contactez notre équipe si besoin.',
      'ALREADY_PAID',
    );
    // Back in: the second participant's share is whole again.
    const back = await cb(
      t.app,
      'PUT',
      optOutPath(state.bookingId, second!.participantId, state.paintball),
      second!.token,
      {
        optedOut: false,
      },
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().message).toBe('Vous participez à cette activité : votre part est mise à jour');
    const last = await shares(state.bookingId, state.organizer.token);
    expect(last.byId.get(second!.participantId)).toBe(112.5);
    expect(last.total).toBe(430);

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.bookingId, state.bookingId));
    expect(entries.filter((row) => row.action === 'opt_out')).toHaveLength(3);
    expect(entries.filter((row) => row.action === 'optional_line')).toHaveLength(1);
  });

  it('access: a participant may not mark a line (403) nor choose for another (404); a stranger gets 404', async () => {
    const state = await withOptionalPaintball();
    const [first, second] = state.participants;
    expectError(
      await cb(t.app, 'PUT', optionalPath(state.bookingId, state.parcours), first!.token, { optional: true }),
      403,
      'Seul l’organisateur peut rendre une activité facultative',
      'FORBIDDEN',
    );
    expectError(
      await cb(t.app, 'PUT', optOutPath(state.bookingId, second!.participantId, state.paintball), first!.token, {
        optedOut: true,
      }),
      404,
      'Participant non trouvé',
    );
    const stranger = await registerCustomer(t.app, { firstName: 'Inconnu', lastName: 'Dehors' });
    for (const [path, body] of [
      [optionalPath(state.bookingId, state.parcours), { optional: true }],
      [optOutPath(state.bookingId, first!.participantId, state.paintball), { optedOut: true }],
    ] as const) {
      expectError(await cb(t.app, 'PUT', path, stranger.token, body), 404, 'Réservation non trouvée', 'NOT_FOUND');
    }
    expectError(await cb(t.app, 'GET', `/${state.bookingId}/opt-outs`, stranger.token), 404, 'Réservation non trouvée');
    const missing = await cb(t.app, 'PUT', optionalPath(state.bookingId, state.parcours), state.organizer.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Indiquez si l’activité est facultative');
    expect(
      await t.db.select().from(participantOptOuts).where(eq(participantOptOuts.bookingId, state.bookingId)),
    ).toEqual([]);
  });

  it('refusals: a line not optional, a flat-priced line, un-marking with opt-outs, after the deadline, once confirmed', async () => {
    const state = await withOptionalPaintball();
    const [first] = state.participants;
    expectError(
      await cb(t.app, 'PUT', optOutPath(state.bookingId, first!.participantId, state.parcours), first!.token, {
        optedOut: true,
      }),
      409,
      'Cette activité n’est pas facultative : tout le groupe y participe',
      'OPT_OUT_REFUSED',
    );
    await t.db.update(bookingItems).set({ pricingType: 'flat' }).where(eq(bookingItems.id, state.parcours));
    expectError(
      await cb(t.app, 'PUT', optionalPath(state.bookingId, state.parcours), state.organizer.token, { optional: true }),
      409,
      'Seule une activité facturée par personne peut être facultative',
    );
    expectError(
      await cb(
        t.app,
        'PUT',
        optionalPath(state.bookingId, '8d1c1a8e-2f43-4a58-9a55-000000000000'),
        state.organizer.token,
        {
          optional: true,
        },
      ),
      404,
      'Activité non trouvée',
    );
    await cb(t.app, 'PUT', optOutPath(state.bookingId, first!.participantId, state.paintball), first!.token, {
      optedOut: true,
    });
    expectError(
      await cb(t.app, 'PUT', optionalPath(state.bookingId, state.paintball), state.organizer.token, {
        optional: false,
      }),
      409,
      'Des participants ont déjà choisi de ne pas participer : cette activité reste facultative',
    );

    const closed =
      'Les activités facultatives ne peuvent plus changer : le délai de paiement est passé ou la réservation est confirmée, annulée ou terminée';
    await t.db
      .update(paymentConfigs)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentConfigs.bookingId, state.bookingId));
    expectError(
      await cb(t.app, 'PUT', optOutPath(state.bookingId, first!.participantId, state.paintball), first!.token, {
        optedOut: false,
      }),
      409,
      closed,
      'OPT_OUTS_CLOSED',
    );
    expect((await view(state.bookingId, first!.token)).open).toBe(false);
    await t.db.update(bookingRequests).set({ status: 'canceled' }).where(eq(bookingRequests.id, state.bookingId));
    expectError(
      await cb(t.app, 'PUT', optionalPath(state.bookingId, state.paintball), state.organizer.token, {
        optional: false,
      }),
      409,
      closed,
    );
    const rows = await t.db.select().from(participantOptOuts).where(eq(participantOptOuts.bookingId, state.bookingId));
    expect(rows).toHaveLength(1);
  });

  it('20 toggles at once keep one consistent state: the opt-outs, the shares and Σ agree', async () => {
    const state = await withOptionalPaintball();
    const people = [
      { participantId: state.organizerParticipantId, token: state.organizer.token },
      ...state.participants,
    ];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => {
        const person = people[index % people.length]!;
        return cb(t.app, 'PUT', optOutPath(state.bookingId, person.participantId, state.paintball), person.token, {
          optedOut: index % 3 !== 0,
        });
      }),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const rows = await t.db.select().from(participantOptOuts).where(eq(participantOptOuts.bookingId, state.bookingId));
    const out = new Set(rows.map((row) => row.participantId));
    expect(out.size).toBe(rows.length);
    const after = await shares(state.bookingId, state.organizer.token);
    for (const person of people) {
      expect(after.byId.get(person.participantId)).toBe(out.has(person.participantId) ? 92.5 : 112.5);
    }
    expect(after.total).toBe(450 - 20 * out.size);
    const v = await view(state.bookingId, state.organizer.token);
    expect(new Set(v.lines.find((line) => line.lineId === state.paintball)!.optedOut)).toEqual(out);
  });
});
