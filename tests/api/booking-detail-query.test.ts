import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingParticipants, bookingRequests, paymentConfigs } from '../../src/server/db/schema';
import { findBookingParts } from '../../src/server/modules/bookings/booking-detail.repository';
import {
  findBooking,
  findCatalogueRows,
  findCustomerSummary,
  listBookingItems,
  listSlotsOf,
} from '../../src/server/modules/bookings/bookings.repository';
import { listParticipants } from '../../src/server/modules/bookings/participants.repository';
import { prebookedBooking } from '../support/payment-states';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The booking detail reads a booking in one query (docs/decisions.md, "One query per detail"; booking-detail.repository.ts): each
 * part must be exactly what the separate selects return (same rows, order, types: Date, jsonb,
 * dates as strings), on PGlite and on PostgreSQL.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function separateReads(bookingId: string) {
  const booking = (await findBooking(t.db, bookingId))!;
  const items = await listBookingItems(t.db, bookingId);
  const itemIds = [...new Set(items.map((item) => item.catalogueItemId))];
  const [paymentConfig] = await t.db.select().from(paymentConfigs).where(eq(paymentConfigs.bookingId, bookingId));
  return {
    booking,
    items,
    catalogue: await findCatalogueRows(t.db, itemIds),
    slots: await listSlotsOf(t.db, itemIds),
    participants: await listParticipants(t.db, bookingId),
    organizer: await findCustomerSummary(t.db, booking.customerId),
    paymentConfig,
  };
}

const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

describe('the booking detail in one query', () => {
  it('loads exactly what the separate selects load, with a payment config, participants and a canceled one', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', joined: 2 });
    // A participant who left: not in the active list, by either path.
    await t.db
      .update(bookingParticipants)
      .set({ isActive: false })
      .where(eq(bookingParticipants.id, state.participants[1]!.participantId));
    await t.db
      .update(bookingRequests)
      .set({ eventData: { theme: 'Pirates', gâteau: 'oui' }, note: 'Une note « spéciale »' })
      .where(eq(bookingRequests.id, state.bookingId));

    const parts = (await findBookingParts(t.db, state.bookingId))!;
    const expected = await separateReads(state.bookingId);

    expect(parts.booking).toEqual(expected.booking);
    expect(parts.booking.createdAt).toBeInstanceOf(Date);
    expect(parts.booking.eventData).toEqual({ theme: 'Pirates', gâteau: 'oui' });
    expect(typeof parts.booking.startDate).toBe('string');
    expect(parts.items).toEqual(expected.items);
    expect(byId(parts.catalogue)).toEqual(byId(expected.catalogue));
    // Slots come ordered by start time; ties (same time, other days) have no order by either path.
    expect(byId(parts.slots)).toEqual(byId(expected.slots));
    expect(parts.slots.map((slot) => slot.startTime)).toEqual(expected.slots.map((slot) => slot.startTime));
    expect(parts.participants).toEqual(expected.participants);
    expect(parts.participants).toHaveLength(2);
    expect(parts.organizer).toEqual(expected.organizer);
    expect(parts.paymentConfig).toEqual(expected.paymentConfig);
    expect(parts.paymentConfig?.dueAt).toBeInstanceOf(Date);
  });

  it('answers no payment config where there is none, and nothing for an unknown id', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer' });
    await t.db.delete(paymentConfigs).where(eq(paymentConfigs.bookingId, state.bookingId));
    const parts = (await findBookingParts(t.db, state.bookingId))!;
    expect(parts.paymentConfig).toBeUndefined();
    expect(parts.participants.length).toBeGreaterThan(0);
    expect(await findBookingParts(t.db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
