// The booking's audit trail is complete (README.md: "Every action on a booking is written to its
// audit trail"): each change, whoever makes it (the organizer, a participant joining, the team, the
// sweeps, a card payment the provider reports), writes one entry in the transaction that makes it,
// with who, the action and only the fields it changed, before → after; the team reads them in the
// staff detail (GET /api/v1/staff/booking-requests/{id}, auditTrail). Concurrent calls that make one
// change write one entry.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingParticipants,
  bookingRequests,
  customers,
  paymentConfigs,
  testProviderIntents,
} from '../../src/server/db/schema';
import { releaseFinishedDepositHolds } from '../../src/server/modules/payments/payments-staff.service';
import { paymentIntentResponse } from '../../src/shared/api/payments.schema';
import { staffBookingDetailResponse, type AuditEntry } from '../../src/shared/api/staff.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { expectError, registerCustomer, type RegisteredCustomer } from '../support/auth';
import { bookingInState } from '../support/booking-states';
import { catalogueBySlug, type CatalogueRow, seedItem } from '../support/booking-requests';
import {
  addParticipant,
  cb,
  createBooking,
  editLine,
  futureDay,
  lastModifiedOf,
  personalInviteToken,
  putOk,
} from '../support/customer-bookings';
import { createLink, join, joinOk } from '../support/invitations';
import { pay, paymentRows } from '../support/payment-states';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { sweepDeps } from '../support/sweep-deps';
import { createTestApp, type TestApp } from '../support/test-app';

const CARD_OK = '4242 4242 4242 4242';
const EXPIRED = 'Délai de paiement expiré';
const SYSTEM = 'Système (tâche automatique)';
const JOIN_PASSWORD = 'Aventure-Landes-2026!';

let t: TestApp;
let s: TestApp;
let stripe: StripeStandIn;
let staff: TestStaff;
let catalogue: Map<string, CatalogueRow>;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  [t, s] = await Promise.all([createTestApp(), createTestApp({ env: stripe.env })]);
  staff = await createStaffWithSession(t.db, 'staff', { firstName: 'Camille', lastName: 'Dupuy' });
  catalogue = await catalogueBySlug(t.db);
});

afterAll(async () => {
  await t?.close();
  await s?.close();
  await stripe?.close();
});

const item = (slug: string): CatalogueRow => seedItem(catalogue, slug);

/** The trail as the team reads it, each entry reduced to who, what and before → after. */
async function trailOf(app: TestApp, bookingId: string, token = staff.token) {
  const res = await staffCall(app.app, 'GET', `/booking-requests/${bookingId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return staffBookingDetailResponse.parse(res.json()).data.auditTrail.map(pick);
}

function pick({ action, actorType, actorId, actorName, before, after }: AuditEntry) {
  return { action, actorType, actorId, actorName, before, after };
}

/** Who: a customer by account id and name. */
const customer = (person: { id: string }, name: string) => ({
  actorType: 'customer' as const,
  actorId: person.id,
  actorName: name,
});
const system = { actorType: 'system' as const, actorId: null, actorName: SYSTEM };

async function openIntent(app: TestApp, token: string, bookingId: string) {
  const res = await cb(app.app, 'POST', pay(bookingId, 'organizer-stripe-intent'), token, {});
  expect(res.statusCode, res.body).toBe(200);
  return paymentIntentResponse.parse(res.json()).data;
}

function testCard(token: string, bookingId: string, intentId: string) {
  return cb(t.app, 'POST', pay(bookingId, 'test-card'), token, { intentId, cardNumber: CARD_OK });
}

function confirm(app: TestApp, token: string, bookingId: string, intentId: string) {
  return cb(app.app, 'POST', pay(bookingId, 'stripe-confirm'), token, { intentId });
}

async function customerIdOf(email: string) {
  const [row] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
  return row!.id;
}

describe('the trail of one booking, from the wizard to its payment', () => {
  let organizer: RegisteredCustomer;
  let jules: RegisteredCustomer;

  beforeAll(async () => {
    [organizer, jules] = await Promise.all([
      registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' }),
      registerCustomer(t.app, { firstName: 'Jules', lastName: 'Bernard' }),
    ]);
  });

  it('writes one entry per change, by its author, with the changed fields only', async () => {
    const day = futureDay();
    const nextDay = futureDay(1);
    const parcours = item('parcours-aventure');
    const tir = item('tir-a-l-arc');
    const gouter = item('gouter-anniversaire');
    const { _id: id } = await createBooking(t.app, organizer, {
      startDate: day,
      participants: 12,
      lines: [{ item: parcours }],
    });
    const put = async (body: Parameters<typeof putOk>[3]) =>
      putOk(t.app, organizer.token, id, { ...body, lastModified: await lastModifiedOf(t.db, id) });

    // The organizer's edits: the count (the line follows it), the date, lines added, a slot moved, a line removed.
    await put({ participants: 14 });
    await put({ startDate: nextDay });
    await put({
      bookingActivities: [
        editLine(parcours, nextDay, 14),
        editLine(tir, nextDay, 14, { startTime: '10:30', endTime: '11:30' }),
      ],
      bookingServices: [editLine(gouter, addIsoDays(nextDay, 1), 14)],
    });
    await put({
      bookingActivities: [
        editLine(parcours, nextDay, 14),
        editLine(tir, nextDay, 14, { startTime: '12:00', endTime: '13:00' }),
      ],
      bookingServices: [],
    });
    // An edit that changes nothing writes nothing.
    await put({ participants: 14 });

    // Links: one created and kept, one created then revoked.
    const kept = await createLink(t.app, organizer.token, id, { maxUses: 3 });
    const revoked = await createLink(t.app, organizer.token, id, {});
    const revoke = await cb(t.app, 'DELETE', `/${id}/invite-links/${revoked._id}`, organizer.token);
    expect(revoke.statusCode, revoke.body).toBe(200);

    // Participants: Jules invited by e-mail then joining with his personal link; Zoé joining with the
    // shared link (a new account), then removed by the organizer.
    const invited = await addParticipant(t.app, organizer.token, id, {
      firstName: 'Jules',
      lastName: 'Bernard',
      email: jules.email,
    });
    await joinOk(t.app, await personalInviteToken(t.db, invited._id), {}, jules.token);
    const zoeEmail = `zoe.petit.${Date.now()}@exemple.fr`;
    await joinOk(t.app, kept.token, {
      firstName: 'Zoé',
      lastName: 'Petit',
      email: zoeEmail,
      phone: '06 11 22 33 44',
      password: JOIN_PASSWORD,
      confirmPassword: JOIN_PASSWORD,
    });
    const zoe = { id: await customerIdOf(zoeEmail) };
    const [zoeRow] = await t.db.select().from(bookingParticipants).where(eq(bookingParticipants.customerId, zoe.id));
    const removed = await cb(t.app, 'DELETE', `/${id}/participants/${zoeRow!.id}`, organizer.token);
    expect(removed.statusCode, removed.body).toBe(200);

    // The organizer validates, the team sets the payment, the organizer pays by card.
    expect((await cb(t.app, 'POST', `/${id}/validate`, organizer.token)).statusCode).toBe(200);
    const configured = await staffCall(t.app, 'PUT', `/booking-requests/${id}/payment-config`, staff.token, {
      type: 'full_payment_organizer',
      totalAmount: 450,
    });
    expect(configured.statusCode, configured.body).toBe(200);
    const intent = await openIntent(t, organizer.token, id);
    const [pending] = await paymentRows(t.db, id);
    expect((await testCard(organizer.token, id, intent.intentId)).statusCode).toBe(200);
    // The customer's confirmation after the test form's event: already applied, nothing more.
    expect((await confirm(t, organizer.token, id, intent.intentId)).statusCode).toBe(200);

    const lea = customer(organizer, 'Léa Martin');
    const lines = (...texts: string[]) => texts;
    const payment = { paymentId: pending!.id, kind: 'full', amountCents: 45_000 };
    const trail = await trailOf(t, id);
    expect(trail.slice(0, 14)).toEqual([
      {
        ...lea,
        action: 'client_edit',
        before: { participants: 12, lines: lines(`${day} Parcours aventure ×12`) },
        after: { participants: 14, lines: lines(`${day} Parcours aventure ×14`) },
      },
      {
        ...lea,
        action: 'client_edit',
        before: { startDate: day, endDate: day, lines: lines(`${day} Parcours aventure ×14`) },
        after: { startDate: nextDay, endDate: nextDay, lines: lines(`${nextDay} Parcours aventure ×14`) },
      },
      {
        ...lea,
        action: 'client_edit',
        before: { endDate: nextDay, lines: lines(`${nextDay} Parcours aventure ×14`) },
        after: {
          endDate: addIsoDays(nextDay, 1),
          lines: lines(
            `${nextDay} Parcours aventure ×14`,
            `${nextDay} 10:30 Tir à l’arc ×14`,
            `${addIsoDays(nextDay, 1)} Goûter d’anniversaire ×14`,
          ),
        },
      },
      {
        ...lea,
        action: 'client_edit',
        before: {
          endDate: addIsoDays(nextDay, 1),
          lines: lines(
            `${nextDay} Parcours aventure ×14`,
            `${nextDay} 10:30 Tir à l’arc ×14`,
            `${addIsoDays(nextDay, 1)} Goûter d’anniversaire ×14`,
          ),
        },
        after: {
          endDate: nextDay,
          lines: lines(`${nextDay} Parcours aventure ×14`, `${nextDay} 12:00 Tir à l’arc ×14`),
        },
      },
      {
        ...lea,
        action: 'invite_link_created',
        before: null,
        after: { inviteLinkId: kept._id, maxUses: 3, expiresAt: null },
      },
      {
        ...lea,
        action: 'invite_link_created',
        before: null,
        after: { inviteLinkId: revoked._id, maxUses: null, expiresAt: null },
      },
      {
        ...lea,
        action: 'invite_link_revoked',
        before: { inviteLinkId: revoked._id, linkStatus: 'active' },
        after: { inviteLinkId: revoked._id, linkStatus: 'revoked' },
      },
      {
        ...lea,
        action: 'participant_invited',
        before: null,
        after: { participantId: invited._id, participant: 'Jules Bernard', participantStatus: 'invited' },
      },
      {
        ...customer(jules, 'Jules Bernard'),
        action: 'participant_joined',
        before: { participantId: invited._id, participantStatus: 'invited' },
        after: { participantId: invited._id, participant: 'Jules Bernard', participantStatus: 'joined' },
      },
      {
        ...customer(zoe, 'Zoé Petit'),
        action: 'participant_joined',
        before: null,
        after: { participantId: zoeRow!.id, participant: 'Zoé Petit', participantStatus: 'joined' },
      },
      {
        ...lea,
        action: 'participant_removed',
        before: { participantId: zoeRow!.id, participant: 'Zoé Petit', participantStatus: 'joined' },
        after: { participantId: zoeRow!.id, participantStatus: 'removed' },
      },
      {
        ...lea,
        action: 'client_validate',
        before: { clientValidation: 'pending' },
        after: { clientValidation: 'validated' },
      },
      {
        actorType: 'staff',
        actorId: staff.id,
        actorName: 'Camille Dupuy',
        action: 'payment_config',
        before: expect.objectContaining({ status: 'draft', paymentConfig: null }),
        after: expect.objectContaining({ status: 'prebooked' }),
      },
      {
        ...lea,
        action: 'payment_received',
        before: { payments: [{ ...payment, status: 'pending' }], paymentStatus: 'unpaid' },
        after: { payments: [{ ...payment, status: 'completed' }], paymentStatus: 'paid' },
      },
    ]);
    expect(trail.slice(14)).toEqual([
      { ...lea, action: 'payment_confirmed', before: { status: 'prebooked' }, after: { status: 'confirmed' } },
    ]);
    // No token, no e-mail, no card data anywhere in the trail.
    const written = JSON.stringify(trail);
    for (const secret of [kept.token, revoked.token, jules.email, zoeEmail, organizer.email, CARD_OK]) {
      expect(written).not.toContain(secret);
    }
  });

  it('a participant re-invited after their removal comes back from "removed"', async () => {
    const booking = await bookingInState(t, 'draft', { organizer, staff });
    const invited = await addParticipant(t.app, organizer.token, booking.id, {
      firstName: 'Jules',
      lastName: 'Bernard',
      email: jules.email,
    });
    expect((await cb(t.app, 'DELETE', `/${booking.id}/participants/${invited._id}`, organizer.token)).statusCode).toBe(
      200,
    );
    await addParticipant(t.app, organizer.token, booking.id, {
      firstName: 'Jules',
      lastName: 'Bernard',
      email: jules.email,
    });
    const lea = customer(organizer, 'Léa Martin');
    expect(await trailOf(t, booking.id)).toEqual([
      {
        ...lea,
        action: 'participant_invited',
        before: null,
        after: { participantId: invited._id, participant: 'Jules Bernard', participantStatus: 'invited' },
      },
      {
        ...lea,
        action: 'participant_removed',
        before: { participantId: invited._id, participant: 'Jules Bernard', participantStatus: 'invited' },
        after: { participantId: invited._id, participantStatus: 'removed' },
      },
      {
        ...lea,
        action: 'participant_invited',
        before: { participantId: invited._id, participantStatus: 'removed' },
        after: { participantId: invited._id, participant: 'Jules Bernard', participantStatus: 'invited' },
      },
    ]);
  });
});

describe('card holds and refused payments', () => {
  /** A booking on a card deposit (the hold can be placed: the stay starts in two days), its hold placed. */
  async function heldDeposit() {
    const booking = await bookingInState(t, 'prebooked', {
      staff,
      paymentType: 'deposit_card',
      startDate: addIsoDays(tomorrowInParis(), 1),
    });
    const intent = await openIntent(t, booking.organizer.token, booking.id);
    const [hold] = await paymentRows(t.db, booking.id);
    expect((await testCard(booking.organizer.token, booking.id, intent.intentId)).json().data.status).toBe(
      'requires_capture',
    );
    const lea = customer(booking.organizer, 'Léa Martin');
    const deposit = { paymentId: hold!.id, kind: 'deposit', amountCents: 10_000 };
    return { booking, deposit, lea };
  }

  const teamEntries = ['client_validate', 'payment_config'];

  it('a hold authorized confirms the booking; the sweep releasing it after the stay is the system’s', async () => {
    const { booking, deposit, lea } = await heldDeposit();
    await t.db
      .update(bookingRequests)
      .set({ startDate: addIsoDays(tomorrowInParis(), -5), endDate: addIsoDays(tomorrowInParis(), -4) })
      .where(eq(bookingRequests.id, booking.id));
    const sweep = { ...sweepDeps(t.db), provider: t.app.paymentProvider };
    expect(await releaseFinishedDepositHolds(sweep)).toBe(1);
    expect(await releaseFinishedDepositHolds(sweep)).toBe(0);
    const trail = await trailOf(t, booking.id);
    expect(trail.map((entry) => entry.action).slice(0, 2)).toEqual(teamEntries);
    expect(trail.slice(2)).toEqual([
      {
        ...lea,
        action: 'deposit_authorized',
        before: { payments: [{ ...deposit, status: 'pending' }], paymentStatus: 'unpaid' },
        after: { payments: [{ ...deposit, status: 'authorized' }], paymentStatus: 'authorized' },
      },
      { ...lea, action: 'payment_confirmed', before: { status: 'prebooked' }, after: { status: 'confirmed' } },
      {
        ...system,
        action: 'hold_released',
        before: { payments: [{ ...deposit, status: 'authorized' }], paymentStatus: 'authorized' },
        after: { payments: [{ ...deposit, status: 'canceled' }], paymentStatus: 'unpaid' },
      },
    ]);
  });

  it('the team’s capture of a hold is their one entry, not a second one from the provider’s state', async () => {
    const { booking } = await heldDeposit();
    const res = await staffCall(t.app, 'POST', `/booking-requests/${booking.id}/deposit-capture`, staff.token, {
      amount: 40,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await trailOf(t, booking.id)).map((entry) => [entry.action, entry.actorType])).toEqual([
      ['client_validate', 'customer'],
      ['payment_config', 'staff'],
      ['deposit_authorized', 'customer'],
      ['payment_confirmed', 'customer'],
      ['deposit_capture', 'staff'],
    ]);
  });

  it('money arriving past the due date is refused and given back, each written by the system', async () => {
    const booking = await bookingInState(t, 'prebooked', { staff });
    const intent = await openIntent(t, booking.organizer.token, booking.id);
    await t.db
      .update(paymentConfigs)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentConfigs.bookingId, booking.id));
    // The provider's card step went through anyway (the race it can lose).
    const [stored] = await t.db.select().from(testProviderIntents).where(eq(testProviderIntents.id, intent.intentId));
    await t.db
      .update(testProviderIntents)
      .set({ status: 'succeeded', amountReceivedCents: stored!.amountCents })
      .where(eq(testProviderIntents.id, intent.intentId));
    expectError(
      await confirm(t, booking.organizer.token, booking.id, intent.intentId),
      409,
      EXPIRED,
      'PAYMENT_EXPIRED',
    );
    expectError(
      await confirm(t, booking.organizer.token, booking.id, intent.intentId),
      409,
      EXPIRED,
      'PAYMENT_EXPIRED',
    );
    const [paid] = await paymentRows(t.db, booking.id);
    const full = { paymentId: paid!.id, kind: 'full', amountCents: 25_000 };
    const trail = await trailOf(t, booking.id);
    expect(trail.slice(2)).toEqual([
      {
        ...system,
        action: 'payment_refused',
        before: { payments: [{ ...full, status: 'pending' }] },
        after: { payments: [{ ...full, status: 'refunded' }], reason: EXPIRED },
      },
      {
        ...system,
        action: 'late_refund',
        before: { paymentId: paid!.id, refundedCents: 0 },
        after: { paymentId: paid!.id, refundedCents: 25_000 },
      },
    ]);
  });
});

describe('concurrent calls making one change write one entry', () => {
  it('10 joins of one person at once: one participant, one entry; 10 people on a 3-use link: 3 entries', async () => {
    const organizer = await registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' });
    const booking = await bookingInState(t, 'draft', { organizer, staff, participants: 20 });
    const link = await createLink(t.app, organizer.token, booking.id, { maxUses: 3 });
    const jules = await registerCustomer(t.app, { firstName: 'Jules', lastName: 'Bernard' });
    const same = await Promise.all(Array.from({ length: 10 }, () => join(t.app, link.token, {}, jules.token)));
    expect(same.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    const people = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        registerCustomer(t.app, { firstName: `Invité${index}`, lastName: 'Test' }),
      ),
    );
    const many = await Promise.all(people.map((person) => join(t.app, link.token, {}, person.token)));
    // Jules took one of the three uses.
    expect(many.filter((res) => res.statusCode === 200)).toHaveLength(2);
    const joined = (await trailOf(t, booking.id)).filter((entry) => entry.action === 'participant_joined');
    const rows = await t.db.select().from(bookingParticipants).where(eq(bookingParticipants.bookingId, booking.id));
    expect(rows.filter((row) => row.role === 'Participant' && row.invitationStatus === 'joined')).toHaveLength(3);
    expect(joined).toHaveLength(3);
    expect(new Set(joined.map((entry) => entry.after!.participantId)).size).toBe(3);
    expect(joined.filter((entry) => entry.actorId === jules.id)).toHaveLength(1);

    // Ten removals of one participant at once: one removal, one entry.
    const row = joined[0]!.after!.participantId as string;
    const removals = await Promise.all(
      Array.from({ length: 10 }, () => cb(t.app, 'DELETE', `/${booking.id}/participants/${row}`, organizer.token)),
    );
    expect(removals.filter((res) => res.statusCode === 200)).toHaveLength(1);
    // Ten revocations of one link at once: one entry (the first link is used up, no longer active).
    const other = await createLink(t.app, organizer.token, booking.id, {});
    const revocations = await Promise.all(
      Array.from({ length: 10 }, () =>
        cb(t.app, 'DELETE', `/${booking.id}/invite-links/${other._id}`, organizer.token),
      ),
    );
    expect(revocations.filter((res) => res.statusCode === 200)).toHaveLength(1);
    const trail = await trailOf(t, booking.id);
    expect(trail.filter((entry) => entry.action === 'participant_removed')).toHaveLength(1);
    expect(trail.filter((entry) => entry.action === 'invite_link_revoked')).toHaveLength(1);
  });

  it('10 confirmations and the webhook (twice) of one Stripe payment: one payment entry, one confirmation', async () => {
    const staffS = await createStaffWithSession(s.db, 'staff', { firstName: 'Camille', lastName: 'Dupuy' });
    const booking = await bookingInState(s, 'prebooked', { staff: staffS });
    const intent = await openIntent(s, booking.organizer.token, booking.id);
    const paid = stripe.confirm(intent.intentId);
    const event = stripe.webhook('payment_intent.succeeded', paid);
    const webhook = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/v1/payments/stripe/webhook',
        payload: event.payload,
        headers: event.headers,
      });
    const results = await Promise.all([
      webhook(),
      ...Array.from({ length: 10 }, () => confirm(s, booking.organizer.token, booking.id, intent.intentId)),
      webhook(),
    ]);
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const [row] = await paymentRows(s.db, booking.id);
    const payment = { paymentId: row!.id, kind: 'full', amountCents: 25_000 };
    const lea = customer(booking.organizer, 'Léa Martin');
    const trail = await trailOf(s, booking.id, staffS.token);
    expect(trail.map((entry) => entry.action)).toEqual([
      'client_validate',
      'payment_config',
      'payment_received',
      'payment_confirmed',
    ]);
    expect(trail.slice(2)).toEqual([
      {
        ...lea,
        action: 'payment_received',
        before: { payments: [{ ...payment, status: 'pending' }], paymentStatus: 'unpaid' },
        after: { payments: [{ ...payment, status: 'completed' }], paymentStatus: 'paid' },
      },
      { ...lea, action: 'payment_confirmed', before: { status: 'prebooked' }, after: { status: 'confirmed' } },
    ]);
  });
});
