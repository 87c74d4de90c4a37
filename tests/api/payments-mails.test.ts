// The payment e-mails (docs/decisions.md, "Payment e-mails"): "payment received" to the payer, "booking confirmed" to the
// organizer (for a collective payment, when the last share confirms it), each written once per
// effect in the outbox, in the transaction that applied it, whatever the replays.
import { and, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/server/db/schema';
import { applyProviderEvent } from '../../src/server/modules/payments/payment-effects';
import { outboxMailer } from '../../src/server/modules/mail/mailer.public';
import { paymentIntentResponse } from '../../src/shared/api/payments.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { cb } from '../support/customer-bookings';
import { pay, prebookedBooking } from '../support/payment-states';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const SIGNATURE = 'L’équipe Parc Aventure des Landes\n\n05 58 78 12 34 · contact@parc-aventure-landes.fr';

async function payCard(token: string, bookingId: string, intentPath = 'organizer-stripe-intent') {
  const opened = await cb(t.app, 'POST', pay(bookingId, intentPath), token, {});
  expect(opened.statusCode, opened.body).toBe(200);
  const intent = paymentIntentResponse.parse(opened.json()).data;
  const paid = await cb(t.app, 'POST', pay(bookingId, 'test-card'), token, {
    intentId: intent.intentId,
    cardNumber: '4242 4242 4242 4242',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  // The client's confirmation after the provider's event: the same state again, no new effect.
  const confirmed = await cb(t.app, 'POST', pay(bookingId, 'stripe-confirm'), token, { intentId: intent.intentId });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return intent.intentId;
}

/** The outbox rows about one booking (its link is in every payment mail). */
async function mailsOf(bookingId: string) {
  return t.db
    .select()
    .from(outbox)
    .where(and(like(outbox.text, `%/booking/${bookingId}%`)))
    .orderBy(outbox.createdAt);
}

const paymentMails = (rows: Awaited<ReturnType<typeof mailsOf>>) =>
  rows.filter((row) => ['payment-received', 'deposit-authorized', 'booking-confirmed'].includes(row.template));

describe('payment e-mails', () => {
  it('full payment: a receipt to the payer and the confirmation to the organizer, once each', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'full_payment_organizer',
      totalCents: 45_000,
      startDate: '2027-06-12',
    });
    const intentId = await payCard(state.organizer.token, state.bookingId);
    const link = `Voir ma réservation : http://127.0.0.1:8787/booking/${state.bookingId}`;
    const rows = paymentMails(await mailsOf(state.bookingId));
    expect(rows.map((row) => [row.template, row.to])).toEqual([
      ['payment-received', state.organizer.email],
      ['booking-confirmed', state.organizer.email],
    ]);
    const [receipt, confirmation] = rows;
    expect(receipt!.subject).toBe(`Paiement reçu – réservation ${state.reference}`);
    expect(receipt!.text).toBe(
      [
        'Bonjour Claire,',
        `Nous avons bien reçu votre paiement de 450,00 € par carte pour la réservation ${state.reference}. Merci !`,
        'Cet e-mail vaut reçu ; l’historique de vos paiements est dans votre espace client, onglet Paiements.',
        link,
        '',
        SIGNATURE,
      ].join('\n\n'),
    );
    expect(confirmation!.subject).toBe(`Réservation ${state.reference} confirmée – Parc Aventure des Landes`);
    expect(confirmation!.text).toBe(
      [
        'Bonjour Claire,',
        `Votre paiement est bien reçu : votre réservation ${state.reference} est confirmée.`,
        'Nous vous attendons le samedi 12 juin 2027. Le contrat de réservation est à télécharger depuis votre réservation.',
        'Le pass personnel de Claire Organisatrice est joint à cet e-mail : à présenter à l’accueil, imprimé ou sur téléphone, avec la décharge signée.',
        'Pour toute question, contactez-nous au 05 58 78 12 34 ou à contact@parc-aventure-landes.fr.',
        link,
        '',
        SIGNATURE,
      ].join('\n\n'),
    );

    // Webhook replays and a late, reordered copy of the same state: no new e-mail.
    const intent = await t.app.paymentProvider.retrieveIntent(intentId);
    const deps = {
      db: t.db,
      log: t.app.log,
      mailer: outboxMailer(),
      mailContext: async () => ({ parkName: 'x', parkEmail: 'x', parkPhone: 'x', publicUrl: 'http://x' }),
    };
    const event = { id: `evt_replay_${state.bookingId}`, type: 'payment_intent.succeeded', intent };
    expect(await applyProviderEvent(deps, event)).toBe(true);
    expect(await applyProviderEvent(deps, event)).toBe(false);
    await Promise.all([
      applyProviderEvent(deps, { ...event, id: `${event.id}_b` }),
      applyProviderEvent(deps, { ...event, id: `${event.id}_c` }),
    ]);
    expect(paymentMails(await mailsOf(state.bookingId))).toHaveLength(2);
    expect(
      t.mails.filter(
        (mail) => mail.text.includes(`/booking/${state.bookingId}`) && mail.template === 'payment-received',
      ),
    ).toHaveLength(1);
  });

  it('partial payment: the receipt names the part paid and the balance due on arrival', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'partial_payment_card',
      totalCents: 60_000,
      percentage: 30,
      startDate: '2027-06-12',
    });
    await payCard(state.organizer.token, state.bookingId);
    const [receipt] = paymentMails(await mailsOf(state.bookingId));
    expect(receipt!.template).toBe('payment-received');
    expect(receipt!.text).toContain(
      `Nous avons bien reçu votre acompte de 180,00 € par carte pour la réservation ${state.reference}. Merci !\n\nLe solde de 420,00 € sera à régler le jour de votre arrivée.`,
    );
  });

  it('card deposit: the hold authorized is told to the payer, and the booking confirmed to the organizer', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'deposit_card',
      totalCents: 30_000,
      amountCents: 15_000,
      startDate: addIsoDays(tomorrowInParis(), 2),
    });
    await payCard(state.organizer.token, state.bookingId);
    const rows = paymentMails(await mailsOf(state.bookingId));
    expect(rows.map((row) => row.template)).toEqual(['deposit-authorized', 'booking-confirmed']);
    expect(rows[0]!.subject).toBe(`Caution autorisée – réservation ${state.reference}`);
    expect(rows[0]!.text).toContain(
      `Votre caution de 150,00 € est autorisée sur votre carte pour la réservation ${state.reference}.\n\nAucun montant n’est débité : l’empreinte est libérée après votre venue, sauf dommage constaté.`,
    );
  });

  it('collective payment: each payer gets a receipt; the organizer is told when the last share confirms', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'collective_payment',
      totalCents: 30_001,
      joined: 2,
      startDate: '2027-06-12',
    });
    const [first, second] = state.participants;
    await payCard(first!.token, state.bookingId, `participant-stripe-intent/${first!.participantId}`);
    await payCard(second!.token, state.bookingId, `participant-stripe-intent/${second!.participantId}`);
    let rows = paymentMails(await mailsOf(state.bookingId));
    expect(rows.map((row) => [row.template, row.to])).toEqual([
      ['payment-received', first!.email],
      ['payment-received', second!.email],
    ]);
    expect(rows[0]!.text).toContain(
      `Nous avons bien reçu votre part de 100,00 € par carte pour la réservation ${state.reference}. Merci !`,
    );

    await payCard(state.organizer.token, state.bookingId);
    rows = paymentMails(await mailsOf(state.bookingId));
    // Written in one transaction, they share their creation instant: in the order of the template names.
    const last = rows.slice(2).sort((a, b) => b.template.localeCompare(a.template));
    expect(last.map((row) => [row.template, row.to])).toEqual([
      ['payment-received', state.organizer.email],
      ['booking-confirmed', state.organizer.email],
    ]);
    expect(last[0]!.text).toContain('votre part de 100,01 €');
    expect(last[1]!.text).toContain(
      `Tous les participants ont payé leur part (3 / 3) : votre réservation ${state.reference} est confirmée.`,
    );
  });

  it('a declined card sends nothing', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', startDate: '2027-06-12' });
    const opened = await cb(t.app, 'POST', pay(state.bookingId, 'organizer-stripe-intent'), state.organizer.token, {});
    const declined = await cb(t.app, 'POST', pay(state.bookingId, 'test-card'), state.organizer.token, {
      intentId: opened.json().data.intentId,
      cardNumber: '4000 0000 0000 0002',
    });
    expect(declined.statusCode).toBe(402);
    expect(paymentMails(await mailsOf(state.bookingId))).toEqual([]);
  });
});
