import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { paymentIntentResponse, type PaymentType } from '../../src/shared/api/payments.schema';
import type { Db } from '../../src/server/db/client';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { bookingParticipants, bookingRequests, paymentConfigs, payments } from '../../src/server/db/schema';
import { registerCustomer, type RegisteredCustomer } from './auth';
import { catalogueBySlug } from './booking-requests';
import { addParticipant, cb, createBooking, futureDay } from './customer-bookings';

/**
 * Puts a booking in the state the team's back-office leaves it in (docs/decisions.md, "Payments"): created and validated
 * by its organizer through the real customer API, then the payment config row written and the
 * booking made 'prebooked' with adminValidation 'validated', as staff's payment-config call does.
 */
export interface PaymentStateOptions {
  type: PaymentType;
  totalCents?: number;
  amountCents?: number | null;
  percentage?: number | null;
  /** Default: in 24 hours. */
  dueAt?: Date;
  startDate?: string;
  /** Participants who joined (besides the organizer); they pay shares in collective mode. */
  joined?: number;
  instructions?: string;
}

export interface PaymentState {
  bookingId: string;
  reference: string;
  organizer: RegisteredCustomer;
  organizerParticipantId: string;
  participants: Array<RegisteredCustomer & { participantId: string }>;
}

export async function prebookedBooking(
  app: FastifyInstance,
  db: Db,
  options: PaymentStateOptions,
): Promise<PaymentState> {
  const organizer = await registerCustomer(app, { firstName: 'Claire', lastName: 'Organisatrice' });
  const catalogue = await catalogueBySlug(db);
  const startDate = options.startDate ?? futureDay();
  const booking = await createBooking(app, organizer, {
    startDate,
    participants: 10,
    lines: [{ item: catalogue.get('parcours-aventure')! }, { item: catalogue.get('paintball')!, offset: 1 }],
  });
  const participants: PaymentState['participants'] = [];
  for (let index = 0; index < (options.joined ?? 0); index += 1) {
    const person = await registerCustomer(app, { firstName: `Invité${index + 1}`, lastName: 'Participant' });
    const row = await addParticipant(app, organizer.token, booking._id, {
      firstName: `Invité${index + 1}`,
      lastName: 'Participant',
      email: person.email,
    });
    // Joining goes through the invitation flow (another module): its outcome is written here.
    await db
      .update(bookingParticipants)
      .set({ invitationStatus: 'joined', hasConnected: true, joinedAt: new Date(), customerId: person.id })
      .where(eq(bookingParticipants.id, row._id));
    participants.push({ ...person, participantId: row._id });
  }
  const validated = await cb(app, 'POST', `/${booking._id}/validate`, organizer.token);
  expect(validated.statusCode, validated.body).toBe(200);
  await setPaymentConfig(db, booking._id, options);
  const [organizerRow] = await db
    .select()
    .from(bookingParticipants)
    .where(eq(bookingParticipants.bookingId, booking._id))
    .orderBy(bookingParticipants.createdAt)
    .limit(1);
  return {
    bookingId: booking._id,
    reference: booking.bookingRequestId,
    organizer,
    organizerParticipantId: organizerRow!.id,
    participants,
  };
}

/** What staff's payment config does: the config row, and the booking made an option validated by the team. */
export async function setPaymentConfig(db: Db, bookingId: string, options: PaymentStateOptions) {
  const type = options.type;
  await db
    .insert(paymentConfigs)
    .values({
      bookingId,
      type,
      totalCents: options.totalCents ?? 45_000,
      amountCents: options.amountCents ?? (type === 'deposit_card' || type === 'deposit_check' ? 15_000 : null),
      percentage: options.percentage ?? (type === 'partial_payment_card' ? 30 : null),
      dueAt: options.dueAt ?? new Date(Date.now() + 24 * 60 * 60 * 1000),
      instructions: options.instructions ?? 'Merci de régler avant la date limite.',
    })
    .onConflictDoNothing();
  await db
    .update(bookingRequests)
    .set({ status: 'prebooked', adminValidation: 'validated' })
    .where(eq(bookingRequests.id, bookingId));
}

export async function bookingRow(db: Db, id: string) {
  const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
  return row!;
}

export function paymentRows(db: Db, bookingId: string) {
  return db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.createdAt);
}

export async function participantRow(db: Db, id: string) {
  const [row] = await db.select().from(bookingParticipants).where(eq(bookingParticipants.id, id));
  return row!;
}

export const pay = (bookingId: string, path: string) => `/${bookingId}/booking-payment/${path}`;

export const TEST_CARD_OK = '4242 4242 4242 4242';

/**
 * A participant's share opened through the real API (`participant-stripe-intent`), and `card()`
 * that pays it with the test provider's card form.
 */
export async function openShare(app: FastifyInstance, bookingId: string, participantId: string, token: string) {
  const intent = await cb(app, 'POST', pay(bookingId, `participant-stripe-intent/${participantId}`), token, {});
  expect(intent.statusCode, intent.body).toBe(200);
  const data = paymentIntentResponse.parse(intent.json()).data;
  return {
    data,
    intentId: data.intentId,
    card: () =>
      cb(app, 'POST', pay(bookingId, 'test-card'), token, { intentId: data.intentId, cardNumber: TEST_CARD_OK }),
  };
}

/** A participant's share paid by card, through the real API. */
export async function payShare(app: FastifyInstance, bookingId: string, participantId: string, token: string) {
  const paid = await (await openShare(app, bookingId, participantId, token)).card();
  expect(paid.statusCode, paid.body).toBe(200);
}

/** An option whose organizer placed a 150 € deposit hold on a card, through the real API (authorized: `requires_capture`). */
export async function cardHold(app: FastifyInstance, db: Db) {
  const state = await prebookedBooking(app, db, {
    type: 'deposit_card',
    amountCents: 15_000,
    startDate: addIsoDays(tomorrowInParis(), 2),
  });
  const opened = await cb(app, 'POST', pay(state.bookingId, 'organizer-stripe-intent'), state.organizer.token, {});
  const held = await cb(app, 'POST', pay(state.bookingId, 'test-card'), state.organizer.token, {
    intentId: opened.json().data.intentId,
    cardNumber: TEST_CARD_OK,
  });
  expect(held.json().data.status).toBe('requires_capture');
  const [hold] = await paymentRows(db, state.bookingId);
  return { ...state, holdId: hold!.id };
}
