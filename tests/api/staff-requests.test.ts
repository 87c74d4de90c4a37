import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxResponse, staffBookingDetailResponse, staffQueueResponse } from '../../src/shared/api/staff.schema';
import { addIsoDays, todayInParis } from '../../src/shared/booking-days';
import { bookingRequests } from '../../src/server/db/schema';
import { call, expectError, expectValidation, registerCustomer } from '../support/auth';
import { bookingInState, type BookingInState } from '../support/booking-states';
import { addParticipant } from '../support/customer-bookings';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let staff: TestStaff;
let draft: BookingInState;
let waiting: BookingInState;
let prebooked: BookingInState;
let canceled: BookingInState;

async function queue(query = '') {
  const res = await staffCall(t.app, 'GET', `/booking-requests${query}`, staff.token);
  expect(res.statusCode, res.body).toBe(200);
  return staffQueueResponse.strict().parse(res.json()).data;
}

const refs = (data: Awaited<ReturnType<typeof queue>>) => data.bookingRequests.map((row) => row.bookingRequestId);

beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffWithSession(t.db, 'staff');
  const zoe = await registerCustomer(t.app, { firstName: 'Zoé', lastName: 'Lacoste', email: 'zoe.lacoste@exemple.fr' });
  draft = await bookingInState(t, 'draft', { staff, organizer: zoe, startDate: addIsoDays(todayInParis(), 10) });
  waiting = await bookingInState(t, 'client-validated', { staff, startDate: addIsoDays(todayInParis(), 40) });
  prebooked = await bookingInState(t, 'prebooked', { staff, startDate: addIsoDays(todayInParis(), 5) });
  canceled = await bookingInState(t, 'prebooked', { staff, startDate: addIsoDays(todayInParis(), 2) });
  const res = await staffCall(t.app, 'POST', `/booking-requests/${canceled.id}/cancel`, staff.token, {
    reason: 'Doublon',
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('request queue', () => {
  it('lists the team’s to-do first, then live bookings by date, closed ones last, with counts per status', async () => {
    const data = await queue();
    expect(refs(data)).toEqual([waiting.reference, prebooked.reference, draft.reference, canceled.reference]);
    expect(data.bookingRequests[0]).toMatchObject({
      waitingOnTeam: true,
      clientValidation: 'validated',
      adminValidation: 'pending',
    });
    expect(data.counts).toEqual({
      all: 4,
      draft: 2,
      prebooked: 1,
      confirmed: 0,
      canceled: 1,
      completed: 0,
      waitingOnTeam: 1,
    });
    expect(data.pagination).toEqual({ page: 1, limit: 25, total: 4, pages: 1 });
    const row = data.bookingRequests.find((entry) => entry._id === prebooked.id)!;
    expect(row).toMatchObject({
      paymentType: 'full_payment_organizer',
      estimatedTotal: 250,
      organizer: { firstName: 'Léa', lastName: 'Martin' },
    });
    expect(row.dueDate).not.toBeNull();
  });

  it('filters by status, validations, event dates and type, and pages', async () => {
    expect(refs(await queue('?status=draft&sort=startDate'))).toEqual([draft.reference, waiting.reference]);
    expect(refs(await queue('?clientValidation=pending'))).toEqual([draft.reference]);
    expect(refs(await queue('?adminValidation=validated&sort=startDate'))).toEqual([
      canceled.reference,
      prebooked.reference,
    ]);
    expect(
      refs(await queue(`?from=${addIsoDays(todayInParis(), 5)}&to=${addIsoDays(todayInParis(), 10)}&sort=-startDate`)),
    ).toEqual([draft.reference, prebooked.reference]);
    expect(refs(await queue('?bookingType=company'))).toEqual([]);
    expect((await queue('?bookingType=anniv')).pagination.total).toBe(4);
    const page2 = await queue('?limit=1&page=2');
    expect(refs(page2)).toEqual([prebooked.reference]);
    expect(page2.pagination).toEqual({ page: 2, limit: 1, total: 4, pages: 4 });
    expect((await queue('?limit=2&page=9')).pagination.total).toBe(4);
  });

  it('searches by reference, organizer name or e-mail; wildcards are plain text', async () => {
    expect(refs(await queue(`?q=${encodeURIComponent(draft.reference.toLowerCase())}`))).toEqual([draft.reference]);
    expect(refs(await queue('?q=lacoste'))).toEqual([draft.reference]);
    expect(refs(await queue('?q=Zo%C3%A9%20Lac'))).toEqual([draft.reference]);
    expect(refs(await queue('?q=zoe.lacoste%40exemple'))).toEqual([draft.reference]);
    expect(refs(await queue('?q=%25'))).toEqual([]);
    expect(refs(await queue('?q=_'))).toEqual([]);
  });

  it('refuses a malformed filter with 400', async () => {
    const res = await staffCall(t.app, 'GET', '/booking-requests?from=2026-13-45', staff.token);
    expectValidation(res, 'from', 'Date invalide (format AAAA-MM-JJ)');
    expect((await staffCall(t.app, 'GET', '/booking-requests?status=perdu', staff.token)).statusCode).toBe(400);
    expect((await staffCall(t.app, 'GET', '/booking-requests?limit=500', staff.token)).statusCode).toBe(400);
  });
});

describe('request detail', () => {
  it('shows what the customer sees plus hidden notes, contacts, payment, e-mails (secrets masked) and audit', async () => {
    await t.db
      .update(bookingRequests)
      .set({ hiddenNotes: 'Type: Anniversaire | Organisé pour: Un proche' })
      .where(eq(bookingRequests.id, draft.id));
    await addParticipant(t.app, draft.organizer.token, draft.id, {
      firstName: 'Hugo',
      lastName: 'Petit',
      email: 'hugo.petit@exemple.fr',
      phone: '06 11 22 33 44',
    });
    // A forgot-password e-mail to the organizer is about the account, not this booking: not listed.
    expect(
      (await call(t.app, 'POST', 'forgot-password', { payload: { email: draft.organizer.email } })).statusCode,
    ).toBe(200);
    // The e-mail leaves after the answer (forgot-password costs the same for known and unknown addresses).
    await t.settled();

    const res = await staffCall(t.app, 'GET', `/booking-requests/${draft.id}`, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    const detail = staffBookingDetailResponse.strict().parse(res.json()).data;
    expect(detail).toMatchObject({
      bookingRequestId: draft.reference,
      hiddenNotes: 'Type: Anniversaire | Organisé pour: Un proche',
      organizer: { firstName: 'Zoé', lastName: 'Lacoste', email: 'zoe.lacoste@exemple.fr', phone: '+33612345678' },
      paymentConfig: null,
      paymentState: { status: 'unpaid', paidAmount: 0, payments: [] },
      allowedActions: {
        validate: false,
        paymentConfig: false,
        cancel: true,
        chequeReceived: false,
        complete: false,
        schedule: true,
      },
    });
    expect(detail.bookingParticipants.map((person) => [person.email, person.phone])).toContainEqual([
      'hugo.petit@exemple.fr',
      '+33611223344',
    ]);
    expect(detail.bookingActivities[0]!.timeSlots.length).toBeGreaterThan(0);
    expect(detail.emails.map((email) => [email.template, email.to, email.subject])).toEqual([
      [
        'request-received',
        'zoe.lacoste@exemple.fr',
        `Demande ${draft.reference} bien reçue – Parc Aventure des Landes`,
      ],
    ]);

    const other = staffBookingDetailResponse.parse(
      (await staffCall(t.app, 'GET', `/booking-requests/${canceled.id}`, staff.token)).json(),
    ).data;
    expect(other).toMatchObject({
      status: 'canceled',
      cancelReason: 'Doublon',
      paymentConfig: { type: 'full_payment_organizer' },
    });
    expect(other.auditTrail.map((entry) => entry.action)).toEqual(['client_validate', 'payment_config', 'cancel']);
    expect(other.emails.map((email) => email.template)).not.toContain('temporary-password');
  });

  it('lists only the e-mails about this booking: not those of the organizer’s other bookings, nor account e-mails', async () => {
    // Zoé's second request, brought to "votre devis est prêt": its e-mails go to the same address.
    const zoe = draft.organizer;
    const next = await bookingInState(t, 'prebooked', {
      staff,
      organizer: zoe,
      startDate: addIsoDays(todayInParis(), 20),
    });
    const subjectsOf = (emails: Array<{ template: string; to: string; subject: string }>) =>
      emails.map((email) => [email.template, email.to, email.subject]);
    const expected = (booking: BookingInState) => ({
      requestReceived: [
        'request-received',
        zoe.email,
        `Demande ${booking.reference} bien reçue – Parc Aventure des Landes`,
      ],
      quoteReady: ['quote-ready', zoe.email, `Votre devis est prêt – demande ${booking.reference}`],
    });

    const detailOf = async (id: string) =>
      staffBookingDetailResponse.parse((await staffCall(t.app, 'GET', `/booking-requests/${id}`, staff.token)).json())
        .data;
    const outboxOf = async (id: string) =>
      outboxResponse.strict().parse((await staffCall(t.app, 'GET', `/outbox?bookingId=${id}`, staff.token)).json())
        .data;

    // Zoé received account e-mails too (welcome, temporary password): on neither booking.
    const toZoe = outboxResponse.parse(
      (await staffCall(t.app, 'GET', `/outbox?to=${encodeURIComponent(zoe.email)}`, staff.token)).json(),
    ).data;
    expect(toZoe.emails.map((email) => email.template)).toEqual(
      expect.arrayContaining(['temporary-password', 'quote-ready', 'request-received']),
    );

    expect(subjectsOf((await detailOf(draft.id)).emails)).toEqual([expected(draft).requestReceived]);
    expect(subjectsOf((await outboxOf(draft.id)).emails)).toEqual([expected(draft).requestReceived]);
    expect((await outboxOf(draft.id)).pagination).toEqual({ page: 1, limit: 50, total: 1, pages: 1 });

    expect(subjectsOf((await detailOf(next.id)).emails)).toEqual([
      expected(next).quoteReady,
      expected(next).requestReceived,
    ]);
    expect(subjectsOf((await outboxOf(next.id)).emails)).toEqual([
      expected(next).quoteReady,
      expected(next).requestReceived,
    ]);
  });

  it('answers 404 for an unknown id', async () => {
    expectError(
      await staffCall(t.app, 'GET', '/booking-requests/4a1d2f7c-0000-4000-8000-000000000000', staff.token),
      404,
      'Réservation non trouvée',
    );
  });
});
