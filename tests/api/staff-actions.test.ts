import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionResponse, cancelResponse } from '../../src/shared/api/staff.schema';
import { addIsoDays, todayInParis } from '../../src/shared/booking-days';
import { auditLog, bookingRequests, outbox, paymentConfigs, payments } from '../../src/server/db/schema';
import { expectError, expectValidation } from '../support/auth';
import { bookingInState, paymentConfigFor } from '../support/booking-states';
import { expectUnchanged, getDetail, lastModifiedOf } from '../support/customer-bookings';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let staff: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffWithSession(t.db, 'staff', { firstName: 'Camille', lastName: 'Dupuy' });
});
afterAll(async () => {
  await t.close();
});

const act = (id: string, action: string, payload?: unknown, method: 'POST' | 'PUT' = 'POST') =>
  staffCall(t.app, method, `/booking-requests/${id}/${action}`, staff.token, payload);

/** The team's entries (the organizer's own validation is in the trail too). */
async function auditOf(id: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.bookingId, id), eq(auditLog.actorType, 'staff')))
    .orderBy(auditLog.createdAt);
}

describe('validate', () => {
  it('is refused before the client validated, then validates once with an audit entry', async () => {
    const draft = await bookingInState(t, 'draft', { staff });
    await expectUnchanged(t.db, draft.id, async () =>
      expectError(
        await act(draft.id, 'validate'),
        409,
        'Le client doit d’abord valider sa demande',
        'CLIENT_NOT_VALIDATED',
      ),
    );
    const booking = await bookingInState(t, 'client-validated', { staff });
    const res = await act(booking.id, 'validate');
    expect(res.statusCode, res.body).toBe(200);
    const body = actionResponse.parse(res.json());
    expect(body.message).toBe('Demande validée par l’équipe');
    expect(body.data).toMatchObject({ adminValidation: 'validated', status: 'draft' });
    const [entry] = await auditOf(booking.id);
    expect(entry).toMatchObject({
      actorType: 'staff',
      actorId: staff.id,
      actorName: 'Camille Dupuy',
      action: 'validate',
      before: { status: 'draft', adminValidation: 'pending', clientValidation: 'validated', paymentStatus: 'unpaid' },
      after: { status: 'draft', adminValidation: 'validated', clientValidation: 'validated', paymentStatus: 'unpaid' },
    });
    expect(body.data.auditTrail.map((row) => [row.actorType, row.action, row.actorName])).toEqual([
      ['customer', 'client_validate', 'Léa Martin'],
      ['staff', 'validate', 'Camille Dupuy'],
    ]);
    expectError(await act(booking.id, 'validate'), 409, 'La demande est déjà validée par l’équipe');
    expect(await auditOf(booking.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectError(await act('4a1d2f7c-0000-4000-8000-000000000000', 'validate'), 404, 'Réservation non trouvée');
    expectError(await act('pas-un-id', 'validate'), 404, 'Réservation non trouvée');
  });
});

describe('payment config', () => {
  it('makes the booking prebooked, defaults the total and due date, and e-mails "votre devis est prêt"', async () => {
    const booking = await bookingInState(t, 'client-validated', { staff, participants: 12 });
    expect((await getDetail(t.app, booking.organizer.token, booking.id)).permissions.canPay).toBe(false);
    const before = Date.now();
    const res = await act(booking.id, 'payment-config', { type: 'partial_payment_card', percentage: 30 }, 'PUT');
    expect(res.statusCode, res.body).toBe(200);
    const body = actionResponse.parse(res.json());
    expect(body.message).toBe('Configuration du paiement enregistrée : le devis a été envoyé au client');
    expect(body.data).toMatchObject({ status: 'prebooked', adminValidation: 'validated' });
    // parcours-aventure 25 € × 12 participants = 300 €, 30 % now.
    expect(body.data.paymentConfig).toMatchObject({
      type: 'partial_payment_card',
      totalAmount: 300,
      percentage: 30,
      amountDue: 90,
      amount: null,
    });
    const due = new Date(body.data.paymentConfig!.dueDate).getTime();
    expect(due - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(due - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, booking.organizer.email), eq(outbox.template, 'quote-ready')));
    expect(mail!.subject).toBe(`Votre devis est prêt – demande ${booking.reference}`);
    expect(mail!.text).toContain('votre devis est prêt');
    expect(mail!.text).toContain(`/booking/${booking.id}`);
    expect(body.data.emails.map((email) => email.template)).toContain('quote-ready');
    // The organizer's booking page now has its Paiement section.
    const seen = await getDetail(t.app, booking.organizer.token, booking.id);
    expect(seen).toMatchObject({ status: 'prebooked', adminValidation: 'validated', permissions: { canPay: true } });

    const entries = await auditOf(booking.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'payment_config',
      before: { status: 'draft', adminValidation: 'pending', paymentConfig: null },
      after: {
        status: 'prebooked',
        adminValidation: 'validated',
        paymentConfig: { type: 'partial_payment_card', totalCents: 30000, percentage: 30 },
      },
    });
  });

  it('accepts a card deposit above the quote total, up to the park’s ceiling of 1 000 €', async () => {
    const booking = await bookingInState(t, 'client-validated', { staff });
    const res = await act(
      booking.id,
      'payment-config',
      { ...paymentConfigFor('deposit_card'), totalAmount: 20, amount: 1000 },
      'PUT',
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(paymentConfigs).where(eq(paymentConfigs.bookingId, booking.id));
    expect(row).toMatchObject({ type: 'deposit_card', totalCents: 2000, amountCents: 100000 });
  });

  it('refuses each broken rule with its French message and writes nothing', async () => {
    const draft = await bookingInState(t, 'draft', { staff });
    await expectUnchanged(t.db, draft.id, async () =>
      expectError(
        await act(draft.id, 'payment-config', paymentConfigFor('full_payment_organizer'), 'PUT'),
        409,
        'Le client doit d’abord valider sa demande avant la configuration du paiement',
      ),
    );
    const booking = await bookingInState(t, 'client-validated', { staff });
    const cases: Array<[unknown, string, string]> = [
      [{ type: 'virement' }, 'type', 'Veuillez choisir un mode de paiement'],
      [{ type: 'deposit_check' }, 'amount', 'Le montant de la caution est requis'],
      [
        { type: 'deposit_check', totalAmount: 200, amount: 250 },
        'amount',
        'Le montant de la caution ne peut pas dépasser le total',
      ],
      [
        { type: 'deposit_card', totalAmount: 20, amount: 1000.01 },
        'amount',
        'Le montant de la caution par carte ne peut pas dépasser 1 000 €',
      ],
      [{ type: 'partial_payment_card' }, 'percentage', 'Le pourcentage doit être compris entre 1 et 100'],
      [
        { type: 'partial_payment_card', percentage: 120 },
        'percentage',
        'Le pourcentage doit être compris entre 1 et 100',
      ],
      [{ type: 'full_payment_organizer', totalAmount: -5 }, 'totalAmount', 'Le montant total doit être supérieur à 0'],
      [
        { type: 'full_payment_organizer', totalAmount: 1e15 },
        'totalAmount',
        'Le montant ne peut pas dépasser 1 000 000 €',
      ],
      [{ type: 'deposit_card', amount: 1e9 }, 'amount', 'Le montant ne peut pas dépasser 1 000 000 €'],
      [
        { type: 'full_payment_organizer', dueDate: '2020-01-01T10:00:00Z' },
        'dueDate',
        'La date d’échéance doit être dans le futur',
      ],
      [{ type: 'full_payment_organizer', dueDate: 'demain' }, 'dueDate', 'La date d’échéance doit être dans le futur'],
      [
        { type: 'full_payment_organizer', dueDate: '2099-01-01T10:00:00+01:00' },
        'dueDate',
        'La date d’échéance ne peut pas être après le premier jour de l’événement',
      ],
    ];
    for (const [payload, field, message] of cases) {
      await expectUnchanged(t.db, booking.id, async () =>
        expectValidation(await act(booking.id, 'payment-config', payload, 'PUT'), field, message),
      );
    }
    expect(await t.db.select().from(paymentConfigs).where(eq(paymentConfigs.bookingId, booking.id))).toHaveLength(0);
    expect(await auditOf(booking.id)).toHaveLength(0);
  });

  it("a card deposit's due date is never before its hold can be placed (6 days before the first day)", async () => {
    const startDate = addIsoDays(todayInParis(), 30);
    const holdFrom = addIsoDays(startDate, -6);
    const holdFromText = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${holdFrom}T00:00:00Z`),
    );
    const booking = await bookingInState(t, 'client-validated', { staff, startDate });
    await expectUnchanged(t.db, booking.id, async () =>
      expectValidation(
        await act(
          booking.id,
          'payment-config',
          { type: 'deposit_card', amount: 100, dueDate: new Date(Date.now() + 24 * 3600_000).toISOString() },
          'PUT',
        ),
        'dueDate',
        `Pour une caution par carte, la date d’échéance ne peut pas précéder le ${holdFromText}, premier jour où l’empreinte peut être prise`,
      ),
    );
    // Without one, the option lasts until the end of the day after the hold can be placed (Paris).
    const res = await act(booking.id, 'payment-config', { type: 'deposit_card', amount: 100 }, 'PUT');
    expect(res.statusCode, res.body).toBe(200);
    const { paymentConfig } = actionResponse.parse(res.json()).data;
    expect(paymentConfig!.dueDate).toBe(new Date(`${addIsoDays(holdFrom, 1)}T21:59:00.000Z`).toISOString());
  });

  it('may change while nothing is paid, but not once the booking is confirmed', async () => {
    const booking = await bookingInState(t, 'prebooked', { staff, paymentType: 'full_payment_organizer' });
    const due = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const res = await act(
      booking.id,
      'payment-config',
      { type: 'deposit_check', totalAmount: 400, amount: 150, dueDate: due, instructions: 'Chèque à l’ordre du parc' },
      'PUT',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(actionResponse.parse(res.json()).data.paymentConfig).toMatchObject({
      type: 'deposit_check',
      totalAmount: 400,
      amount: 150,
      amountDue: 150,
      instructions: 'Chèque à l’ordre du parc',
    });
    const confirmed = await bookingInState(t, 'confirmed', { staff });
    expectError(
      await act(confirmed.id, 'payment-config', paymentConfigFor('full_payment_organizer'), 'PUT'),
      409,
      'Le paiement ne peut plus être configuré pour cette réservation',
    );
  });
});

describe('cheque received', () => {
  it('confirms a deposit_check booking with a manual cheque payment, once', async () => {
    const booking = await bookingInState(t, 'prebooked', { staff, paymentType: 'deposit_check' });
    const res = await act(booking.id, 'cheque-received');
    expect(res.statusCode, res.body).toBe(200);
    const body = actionResponse.parse(res.json());
    expect(body.message).toBe('Chèque de caution enregistré : la réservation est confirmée');
    expect(body.data).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    const rows = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(rows).toMatchObject([{ kind: 'cheque', provider: 'manual', status: 'completed', amountCents: 10000 }]);
    expect((await auditOf(booking.id)).at(-1)).toMatchObject({
      action: 'cheque_received',
      before: { status: 'prebooked' },
      after: { status: 'confirmed', paymentStatus: 'paid' },
    });
    expectError(
      await act(booking.id, 'cheque-received'),
      409,
      'Seule une réservation pré-réservée peut être confirmée',
    );
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(1);
  });

  it('is refused for another payment type', async () => {
    const booking = await bookingInState(t, 'prebooked', { staff, paymentType: 'deposit_card' });
    await expectUnchanged(t.db, booking.id, async () =>
      expectError(
        await act(booking.id, 'cheque-received'),
        409,
        'Cette réservation n’est pas réglée par chèque de caution',
      ),
    );
  });
});

describe('cancel', () => {
  it('requires a reason, cancels with the refund quote of the terms, e-mails the organizer, and only once', async () => {
    const booking = await bookingInState(t, 'prebooked', { staff, startDate: addIsoDays(todayInParis(), 30) });
    expectValidation(await act(booking.id, 'cancel', { reason: '   ' }), 'reason', 'Le motif d’annulation est requis');
    expectValidation(await act(booking.id, 'cancel', {}), 'reason', 'Le motif d’annulation est requis');
    // 200 € paid by card, 30 days ahead: 80 % = 160 €, minus the 10 € fee.
    await t.db.insert(payments).values({
      bookingId: booking.id,
      kind: 'full',
      amountCents: 20000,
      status: 'completed',
      provider: 'test',
      idempotencyKey: `test-paid-${booking.id}`,
    });
    const res = await act(booking.id, 'cancel', { reason: 'Météo : tempête annoncée' });
    expect(res.statusCode, res.body).toBe(200);
    const body = cancelResponse.parse(res.json());
    expect(body.message).toBe('Réservation annulée');
    expect(body.data.refundQuote).toEqual({
      daysBefore: 30,
      rate: 80,
      paidAmount: 200,
      grossAmount: 160,
      feeAmount: 10,
      refundAmount: 150,
    });
    expect(body.data.booking).toMatchObject({ status: 'canceled', cancelReason: 'Météo : tempête annoncée' });
    const [row] = await t.db.select().from(bookingRequests).where(eq(bookingRequests.id, booking.id));
    expect(row!.canceledAt).not.toBeNull();
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, booking.organizer.email), eq(outbox.template, 'booking-canceled')));
    expect(mail!.text).toContain('Motif : Météo : tempête annoncée');
    expect(mail!.text).toContain('150,00 €');
    expect((await auditOf(booking.id)).at(-1)).toMatchObject({
      action: 'cancel',
      before: { status: 'prebooked' },
      after: { status: 'canceled', reason: 'Météo : tempête annoncée' },
    });
    expectError(await act(booking.id, 'cancel', { reason: 'encore' }), 409, 'Cette réservation est déjà annulée');
  });

  it('refunds nothing under a week and everything when the park cancels', async () => {
    const soon = await bookingInState(t, 'confirmed', { staff, startDate: addIsoDays(todayInParis(), 3) });
    const res = await act(soon.id, 'cancel', { reason: 'Demande du client' });
    expect(cancelResponse.parse(res.json()).data.refundQuote).toMatchObject({ rate: 0, refundAmount: 0 });
    const park = await bookingInState(t, 'prebooked', { staff, startDate: addIsoDays(todayInParis(), 3) });
    await t.db.insert(payments).values({
      bookingId: park.id,
      kind: 'full',
      amountCents: 9000,
      status: 'completed',
      provider: 'test',
      idempotencyKey: `test-paid-${park.id}`,
    });
    const full = await act(park.id, 'cancel', { reason: 'Parc fermé (inondation)', parkCancels: true });
    expect(cancelResponse.parse(full.json()).data.refundQuote).toMatchObject({
      rate: 100,
      refundAmount: 90,
      feeAmount: 0,
    });
  });
});

describe('complete', () => {
  it('only completes a confirmed booking whose event has begun', async () => {
    const prebooked = await bookingInState(t, 'prebooked', { staff });
    expectError(await act(prebooked.id, 'complete'), 409, 'Seule une réservation confirmée peut être terminée');
    const future = await bookingInState(t, 'confirmed', { staff });
    expectError(
      await act(future.id, 'complete'),
      409,
      'La réservation ne peut être terminée qu’à partir de son premier jour',
    );
    // The event took place: its dates are moved to the past directly (no call may book the past).
    await t.db
      .update(bookingRequests)
      .set({ startDate: addIsoDays(todayInParis(), -2), endDate: addIsoDays(todayInParis(), -2) })
      .where(eq(bookingRequests.id, future.id));
    const res = await act(future.id, 'complete');
    expect(res.statusCode, res.body).toBe(200);
    expect(actionResponse.parse(res.json())).toMatchObject({
      message: 'Réservation terminée',
      data: { status: 'completed' },
    });
    expect((await auditOf(future.id)).at(-1)).toMatchObject({
      action: 'complete',
      before: { status: 'confirmed' },
      after: { status: 'completed' },
    });
  });
});

describe('schedule edit on the customer’s behalf', () => {
  it('edits a validated (customer-locked) request with the same rules, audited', async () => {
    const booking = await bookingInState(t, 'prebooked', { staff, participants: 10 });
    const lastModified = await lastModifiedOf(t.db, booking.id);
    const res = await act(booking.id, 'schedule', { participants: 14, lastModified }, 'PUT');
    expect(res.statusCode, res.body).toBe(200);
    expect(actionResponse.parse(res.json())).toMatchObject({
      message: 'Programme mis à jour',
      data: { participants: 14 },
    });
    expect((await auditOf(booking.id)).at(-1)).toMatchObject({
      action: 'schedule',
      before: { participants: 10 },
      after: { participants: 14 },
    });
    expectError(
      await act(booking.id, 'schedule', { participants: 15, lastModified }, 'PUT'),
      409,
      'Conflit de données : la réservation a été modifiée entre-temps, veuillez recharger la page',
    );
    expectValidation(
      await act(
        booking.id,
        'schedule',
        { participants: 0, lastModified: await lastModifiedOf(t.db, booking.id) },
        'PUT',
      ),
      'participants',
      "Le nombre de participants doit être d'au moins 1",
    );
    // The team's edit still names the version it was made against (the customer's PUT need not).
    for (const lastModified of [undefined, '', 'hier']) {
      expectValidation(
        await act(booking.id, 'schedule', { participants: 12, lastModified }, 'PUT'),
        'lastModified',
        'La date de dernière modification est requise',
      );
    }
  });
});

describe('concurrent actions', () => {
  it('two cheque-received at once: one confirms, the other is refused, one payment row', async () => {
    const booking = await bookingInState(t, 'prebooked', { staff, paymentType: 'deposit_check' });
    const [a, b] = await Promise.all([act(booking.id, 'cheque-received'), act(booking.id, 'cheque-received')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(1);
  });
});
