import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingRequests } from '../../src/server/db/schema';
import { messageListResponse, messageResponse, unreadCountResponse } from '../../src/shared/api/messages.schema';
import { bearer, expectError, nextAddress } from '../support/auth';
import { cb, getDetail, putBooking, putOk } from '../support/customer-bookings';
import { MESSAGES, msgCall } from '../support/messages';
import { prebookedBooking, type PaymentState } from '../support/payment-states';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** A birthday of the organizer and 3 friends, the third one the guest of honour, in surprise mode. */
async function surpriseParty(): Promise<PaymentState & { guest: PaymentState['participants'][number] }> {
  const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 40_000, joined: 3 });
  const guest = state.participants[2]!;
  const marked = await cb(
    t.app,
    'PUT',
    `/${state.bookingId}/participants/${guest.participantId}`,
    state.organizer.token,
    {
      guestOfHonour: true,
    },
  );
  expect(marked.statusCode, marked.body).toBe(200);
  const detail = await putOk(t.app, state.organizer.token, state.bookingId, { surprise: true });
  expect(detail).toMatchObject({ surprise: true, programmeHidden: false });
  return { ...state, guest };
}

async function post(token: string, bookingId: string, body: Record<string, unknown>) {
  return msgCall(t.app, 'POST', `${MESSAGES}/booking/${bookingId}`, token, body);
}

async function messagesOf(token: string, bookingId: string) {
  const res = await msgCall(t.app, 'GET', `${MESSAGES}/booking/${bookingId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return messageListResponse.strict().parse(res.json()).data.messages;
}

describe('surprise mode (docs/decisions.md, "Group shares")', () => {
  it('hides the programme, prices and schedule from the guest of honour only, server-side', async () => {
    const state = await surpriseParty();
    const organizerView = await getDetail(t.app, state.organizer.token, state.bookingId);
    expect(organizerView.bookingActivities.map((line) => line.name)).toEqual(['Parcours aventure', 'Paintball']);
    const friendView = await getDetail(t.app, state.participants[0]!.token, state.bookingId);
    expect(friendView).toMatchObject({ surprise: true, programmeHidden: false });
    expect(friendView.bookingActivities).toHaveLength(2);

    const res = await cb(t.app, 'GET', `/${state.bookingId}`, state.guest.token);
    expect(res.statusCode, res.body).toBe(200);
    for (const word of ['Parcours', 'Paintball', 'basePrice', 'scheduledTime', 'timeSlots']) {
      expect(res.body).not.toContain(word);
    }
    const guestView = await getDetail(t.app, state.guest.token, state.bookingId);
    expect(guestView).toMatchObject({
      surprise: true,
      programmeHidden: true,
      startDate: organizerView.startDate,
      endDate: organizerView.endDate,
      bookingActivities: [],
      bookingServices: [],
      activities: [],
      estimatedTotal: 0,
      payment: { config: null, totalAmount: null, collective: null },
    });

    // Surprise off: the guest sees the programme again.
    await putOk(t.app, state.organizer.token, state.bookingId, { surprise: false });
    const after = await getDetail(t.app, state.guest.token, state.bookingId);
    expect(after).toMatchObject({ surprise: false, programmeHidden: false });
    expect(after.bookingActivities).toHaveLength(2);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.bookingId, state.bookingId));
    expect(audit.filter((row) => row.action === 'surprise').map((row) => row.after)).toEqual([
      { surprise: true },
      { surprise: false },
    ]);
  });

  it('is the organizer’s, for stag, hen and birthday events only', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 10_000, joined: 1 });
    expectError(
      await putBooking(t.app, state.participants[0]!.token, state.bookingId, { surprise: true }),
      403,
      'Seul l’organisateur peut activer le mode surprise',
    );
    expectError(
      await putBooking(t.app, state.organizer.token, state.bookingId, { surprise: 'oui' }),
      400,
      'Indiquez si la réservation est une surprise',
    );
    await t.db.update(bookingRequests).set({ bookingType: 'company' }).where(eq(bookingRequests.id, state.bookingId));
    expectError(
      await putBooking(t.app, state.organizer.token, state.bookingId, { surprise: true }),
      400,
      'Le mode surprise est réservé aux enterrements de vie de garçon/fille et aux anniversaires',
    );
    await t.db
      .update(bookingRequests)
      .set({ bookingType: 'evg-evjf', status: 'canceled' })
      .where(eq(bookingRequests.id, state.bookingId));
    expectError(
      await putBooking(t.app, state.organizer.token, state.bookingId, { surprise: true }),
      409,
      'Le mode surprise ne peut plus changer : la réservation est annulée ou terminée',
    );
    const [row] = await t.db.select().from(bookingRequests).where(eq(bookingRequests.id, state.bookingId));
    expect(row!.surprise).toBe(false);
  });

  it('keeps the messages marked hidden and the contract from the guest of honour', async () => {
    const state = await surpriseParty();
    const hidden = await post(state.organizer.token, state.bookingId, {
      content: 'Rendez-vous 9 h pour le paintball',
      hiddenFromGuests: true,
    });
    expect(hidden.statusCode, hidden.body).toBe(201);
    const hiddenId = messageResponse.strict().parse(hidden.json()).data._id;
    const open = await post(state.organizer.token, state.bookingId, { content: 'Pensez à vos baskets !' });
    expect(open.statusCode, open.body).toBe(201);

    const friendLines = await messagesOf(state.participants[0]!.token, state.bookingId);
    expect(friendLines.map((line) => [line.content, line.hiddenFromGuests])).toEqual([
      ['Rendez-vous 9 h pour le paintball', true],
      ['Pensez à vos baskets !', false],
    ]);
    const guestLines = await messagesOf(state.guest.token, state.bookingId);
    expect(guestLines.map((line) => line.content)).toEqual(['Pensez à vos baskets !']);
    const unread = await msgCall(
      t.app,
      'GET',
      `${MESSAGES}/booking/${state.bookingId}/unread-count`,
      state.guest.token,
    );
    expect(unreadCountResponse.strict().parse(unread.json()).data.unreadCount).toBe(1);
    expectError(
      await msgCall(t.app, 'PUT', `${MESSAGES}/${hiddenId}/read`, state.guest.token),
      404,
      'Message non trouvé',
    );
    expectError(
      await post(state.guest.token, state.bookingId, { content: 'Je devine !', hiddenFromGuests: 'true' }),
      403,
      'Un invité d’honneur ne peut pas cacher un message',
    );

    const contract = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/contracts/contrat-${state.reference}.pdf`,
        headers: bearer(token),
        remoteAddress: nextAddress(),
      });
    expect((await contract(state.participants[0]!.token)).statusCode).toBe(200);
    expectError(await contract(state.guest.token), 404, 'Contrat non disponible');
  });
});
