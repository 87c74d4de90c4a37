// A real server for the payment journeys, in the spec's own process: the built web bundle, the API
// with the test payment provider, and an in-memory database. Its first admin is created in that
// database before the journeys start (as `npm run staff:create` would): the payment config is set
// by that admin in the back-office screen, in the browser (tests/e2e/payments.spec.ts). A journey
// that depends on the hour gives it a clock (`clockFrom`): docs/decisions.md, "Tests".
import { randomInt } from 'node:crypto';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { Clock } from '../../../src/server/modules/jobs/jobs.service';
import { loadConfig } from '../../../src/server/config';
import { openDatabase, type Database } from '../../../src/server/db/client';
import { bookingParticipants, catalogueItems } from '../../../src/server/db/schema';
import { seedDatabase } from '../../../src/server/db/seed';
import { createStaffAccount } from '../../../src/server/modules/staff/staff-auth.service';
import { ESTABLISHMENT_ID } from '../../../src/shared/constants';

export interface Person {
  token: string;
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  participantId?: string;
}

export interface PaymentServer {
  origin: string;
  app: FastifyInstance;
  database: Database;
  /** The admin's session token, logged in through the staff login call. */
  staffToken: string;
  close(): Promise<void>;
}

export const PAYMENT_ADMIN = { email: 'nina.moreau@parc-aventure.fr', password: 'Caisse-des-Landes-2026' };

/** A clock that reads `start` now and moves forward with real time, as the server's own would. */
export function clockFrom(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

export async function startPaymentServer(options: { clock?: Clock } = {}): Promise<PaymentServer> {
  const database = await openDatabase({ kind: 'pglite' });
  await seedDatabase(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: resolve('dist-web'),
    TRUST_PROXY: 'true',
    PORT: '0',
  });
  await createStaffAccount(database.db, { ...PAYMENT_ADMIN, firstName: 'Nina', lastName: 'Moreau', role: 'admin' });
  const app = await buildApp({ config, database, ...(options.clock ? { clock: options.clock } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await call(app, 'POST', '/api/v1/staff/auth/login', undefined, PAYMENT_ADMIN);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    app,
    database,
    staffToken: login.data.token as string,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const res = await app.inject({
    method,
    url,
    remoteAddress: address(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return res.json() as { data: Record<string, unknown>; token?: string; customer?: { _id: string } };
}

export async function register(server: PaymentServer, firstName: string, lastName: string): Promise<Person> {
  const email = `${firstName.toLowerCase()}.${Date.now()}.${randomInt(1e6)}@exemple.fr`;
  const body = await call(server.app, 'POST', '/api/v1/customer-auth/register', undefined, {
    firstName,
    lastName,
    email,
    password: 'Clairiere-des-pins-2026',
    phone: '06 12 34 56 78',
  });
  return { token: body.token!, id: body.customer!._id, firstName, lastName, email };
}

export interface PreparedBooking {
  id: string;
  reference: string;
  organizer: Person;
  participants: Person[];
}

/**
 * A request created and validated by its organizer through the API, with `joined` participants who
 * joined: what the team finds in its queue, waiting for its payment config.
 */
export async function requestedBooking(
  server: PaymentServer,
  options: { startDate: string; joined?: number },
): Promise<PreparedBooking> {
  const { app } = server;
  const db = server.database.db;
  const organizer = await register(server, 'Claire', 'Organisatrice');
  const [paintball] = await db.select().from(catalogueItems).where(eq(catalogueItems.slug, 'paintball'));
  const created = await call(app, 'POST', '/api/v1/public-booking-requests', organizer.token, {
    customerId: organizer.id,
    establishment_id: ESTABLISHMENT_ID,
    bookingType: 'anniv',
    type: 'anniv',
    participants: 6,
    startDate: options.startDate,
    note: '',
    bookingActivities: [
      {
        name: paintball!.name,
        catalogActivityId: paintball!.id,
        scheduledDate: options.startDate,
        participants: 6,
        pricing: { basePrice: paintball!.basePriceCents / 100, pricingType: paintball!.pricingType },
        category: paintball!.category,
      },
    ],
  });
  const id = created.data._id as string;
  const participants: Person[] = [];
  for (let index = 0; index < (options.joined ?? 0); index += 1) {
    const person = await register(server, ['Jules', 'Inès', 'Hugo'][index] ?? `Invité${index}`, 'Participant');
    const added = await call(app, 'POST', `/api/v1/customer-booking-requests/${id}/participants`, organizer.token, {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
    });
    const participantId = added.data._id as string;
    // Joining is the invitations' journey (tests/e2e/invitations.spec.ts): its outcome is written here.
    await db
      .update(bookingParticipants)
      .set({ invitationStatus: 'joined', hasConnected: true, joinedAt: new Date(), customerId: person.id })
      .where(eq(bookingParticipants.id, participantId));
    participants.push({ ...person, participantId });
  }
  await call(app, 'POST', `/api/v1/customer-booking-requests/${id}/validate`, organizer.token);
  return { id, reference: created.data.bookingRequestId as string, organizer, participants };
}
