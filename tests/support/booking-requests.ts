import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CreateBookingRequestBody } from '../../src/shared/api/booking-request.schema';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import { centsToEuros } from '../../src/shared/money';
import type { Db } from '../../src/server/db/client';
import { bookingItems, bookingRequests, catalogueItems, outbox } from '../../src/server/db/schema';
import { bearer, nextAddress } from './auth';

/** Helpers of the booking-request API tests (tests/api/booking-requests*.test.ts). */

export const BOOKING_REQUESTS = '/api/v1/public-booking-requests';

export type CatalogueRow = typeof catalogueItems.$inferSelect;

/** The park's catalogue rows by seed slug (active or not). */
export async function catalogueBySlug(db: Db): Promise<Map<string, CatalogueRow>> {
  const rows = await db.select().from(catalogueItems).where(eq(catalogueItems.establishmentId, ESTABLISHMENT_ID));
  return new Map(rows.map((row) => [row.slug, row]));
}

/** A seeded catalogue row by its slug; a missing one is a broken fixture, not a test result. */
export function seedItem(catalogue: Map<string, CatalogueRow>, slug: string): CatalogueRow {
  const row = catalogue.get(slug);
  if (!row) throw new Error(`seed item ${slug} missing`);
  return row;
}

export type LineBody = CreateBookingRequestBody['bookingActivities'][number];

/** A request line as the wizard sends it: the catalogue's name and price, on `scheduledDate`. */
export function lineFor(
  item: CatalogueRow,
  scheduledDate: string,
  participants: number,
  overrides: Partial<LineBody> = {},
): LineBody {
  return {
    name: item.name,
    ...(item.kind === 'activity' ? { catalogActivityId: item.id } : { catalogServiceId: item.id }),
    scheduledDate,
    participants,
    pricing: { basePrice: centsToEuros(item.basePriceCents), pricingType: item.pricingType },
    category: item.category,
    ...overrides,
  };
}

/** POST /api/v1/public-booking-requests with a session (when given), from a fresh address. */
export function postBookingRequest(
  app: FastifyInstance,
  payload: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: BOOKING_REQUESTS,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    remoteAddress: nextAddress(),
    payload: payload as Record<string, unknown>,
  });
}

export async function bookingCounts(db: Db) {
  const [[requests], [items], [mails]] = await Promise.all([
    db.select({ n: count() }).from(bookingRequests),
    db.select({ n: count() }).from(bookingItems),
    db.select({ n: count() }).from(outbox).where(eq(outbox.template, 'request-received')),
  ]);
  return { requests: requests!.n, items: items!.n, mails: mails!.n };
}

/** Runs `act`, then checks that no request, line or 'request received' e-mail was stored. */
export async function expectNothingStored<T>(db: Db, act: () => Promise<T>): Promise<T> {
  const before = await bookingCounts(db);
  const result = await act();
  expect(await bookingCounts(db)).toEqual(before);
  return result;
}

export async function storedRequest(db: Db, id: string) {
  const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
  expect(row, `booking request ${id} not stored`).toBeDefined();
  return row!;
}

export function storedItems(db: Db, bookingId: string) {
  return db.select().from(bookingItems).where(eq(bookingItems.bookingId, bookingId)).orderBy(bookingItems.sortOrder);
}
