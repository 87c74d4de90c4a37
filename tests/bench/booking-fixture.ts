/**
 * A customer and their booking request for `npm run bench` (the booking detail call),
 * created through the API as the wizard does: the detail then reads what a real request holds.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import { centsToEuros } from '../../src/shared/money';
import type { Db } from '../../src/server/db/client';
import { bookingParticipants, catalogueItems, messages } from '../../src/server/db/schema';

async function post(app: FastifyInstance, url: string, payload: object, token?: string) {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (response.statusCode !== 201) throw new Error(`${url} : ${response.statusCode} ${response.body}`);
  return response.json<{ token?: string; customer?: { _id: string }; data?: { _id?: string; id?: string } }>();
}

/**
 * Registers a customer and creates a request with three lines; with `crowd`, 10 participants (the
 * organizer and nine invited) and 50 messages. Returns its id, detail URL and the organizer's token.
 */
export async function createBenchBooking(
  app: FastifyInstance,
  db: Db,
  { crowd }: { crowd: boolean },
): Promise<{ id: string; path: string; token: string }> {
  const session = await post(app, '/api/v1/customer-auth/register', {
    firstName: 'Camille',
    lastName: 'Durand',
    email: `bench.${Date.now()}@exemple.fr`,
    password: 'Pinede-Heron-2026',
    phone: '06 12 34 56 78',
  });
  const token = session.token!;
  const items = await db.select().from(catalogueItems).where(eq(catalogueItems.establishmentId, ESTABLISHMENT_ID));
  const startDate = addIsoDays(tomorrowInParis(), 7);
  const participants = 12;
  const lines = items
    .filter((item) => item.isActive)
    .slice(0, 3)
    .map((item, index) => ({
      name: item.name,
      ...(item.kind === 'activity' ? { catalogActivityId: item.id } : { catalogServiceId: item.id }),
      scheduledDate: addIsoDays(startDate, index === 2 ? 1 : 0),
      participants,
      pricing: { basePrice: centsToEuros(item.basePriceCents), pricingType: item.pricingType },
      category: item.category,
      followsBookingCount: true,
    }));
  const created = await post(
    app,
    '/api/v1/public-booking-requests',
    {
      customerId: session.customer!._id,
      establishment_id: ESTABLISHMENT_ID,
      bookingType: 'anniv',
      type: 'anniv',
      participants,
      startDate,
      note: 'Anniversaire de Jules',
      bookingActivities: lines,
    },
    token,
  );
  const id = created.data?._id ?? created.data?.id;
  if (!id) throw new Error('Réservation de banc d’essai : identifiant absent de la réponse');
  if (!crowd) return { id, path: `/api/v1/customer-booking-requests/${id}`, token };
  await db.insert(bookingParticipants).values(
    Array.from({ length: 9 }, (_, index) => ({
      bookingId: id,
      firstName: `Invité${index + 1}`,
      lastName: 'Martin',
      email: `invite${index + 1}.${Date.now()}@exemple.fr`,
      phone: `+3361234560${index}`,
    })),
  );
  const start = Date.now() - 50 * 3_600_000;
  await db.insert(messages).values(
    Array.from({ length: 50 }, (_, index) => ({
      bookingId: id,
      authorType: index % 2 === 0 ? ('client' as const) : ('team' as const),
      authorCustomerId: index % 2 === 0 ? session.customer!._id : null,
      authorName: index % 2 === 0 ? 'Camille Durand' : 'Équipe',
      content: `Message ${index + 1} : une question sur le programme de la journée et sa réponse.`,
      createdAt: new Date(start + index * 3_600_000),
    })),
  );
  return { id, path: `/api/v1/customer-booking-requests/${id}`, token };
}
