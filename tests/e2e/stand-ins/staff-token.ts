// Prepares an embedded database for the chat journeys before its server starts (PGlite allows
// one process per folder): migrated, seeded, with a staff member's session, and a booking whose
// organizer and joined participant have sessions too (invitations are another module's journey).
// Usage: node --import tsx tests/e2e/stand-ins/staff-token.ts <pglite dir>  → prints one JSON line
import { eq } from 'drizzle-orm';
import { createBookingRequestBody } from '../../../src/shared/api/booking-request.schema';
import { addIsoDays, tomorrowInParis } from '../../../src/shared/booking-days';
import { ESTABLISHMENT_ID } from '../../../src/shared/constants';
import { openDatabase, type Db } from '../../../src/server/db/client';
import { bookingParticipants, catalogueItems, customers, sessions } from '../../../src/server/db/schema';
import { seedDatabase } from '../../../src/server/db/seed';
import { hashPassword, newSessionToken, tokenHash } from '../../../src/server/modules/auth/passwords.public';
import { createBookingRequest } from '../../../src/server/modules/bookings/bookings.service';
import { createStaffWithSession } from '../../support/staff';

const dir = process.argv[2];
if (!dir) {
  console.error('Usage : staff-token.ts <dossier PGlite>');
  process.exit(1);
}

async function customerWithSession(db: Db, firstName: string, lastName: string) {
  const email = `${firstName.toLowerCase()}.${Date.now()}@exemple.fr`;
  const [row] = await db
    .insert(customers)
    .values({
      establishmentId: ESTABLISHMENT_ID,
      email,
      firstName,
      lastName,
      passwordHash: await hashPassword('Clairiere-des-pins-2026'),
    })
    .returning();
  const token = newSessionToken();
  await db
    .insert(sessions)
    .values({ customerId: row!.id, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + 86_400_000) });
  return { id: row!.id, email, firstName, lastName, token };
}

const database = await openDatabase({ kind: 'pglite', dir });
const { db } = database;
await seedDatabase(db);
const staff = await createStaffWithSession(db, 'staff', { firstName: 'Camille', lastName: 'Roux' });
const organizer = await customerWithSession(db, 'Léa', 'Martin');
const participant = await customerWithSession(db, 'Jules', 'Bernard');
const [paintball] = await db.select().from(catalogueItems).where(eq(catalogueItems.name, 'Paintball'));
const startDate = addIsoDays(tomorrowInParis(), 12);
const deps = {
  db,
  mailer: { queue: async () => undefined },
  mailContext: async () => ({ parkName: 'Parc', parkEmail: 'contact@exemple.fr', parkPhone: '', publicUrl: '' }),
  log: { error: () => undefined } as never,
};
const booking = await createBookingRequest(
  deps,
  { sessionId: '', customerId: organizer.id, isTemporary: false },
  createBookingRequestBody.parse({
    customerId: organizer.id,
    establishment_id: ESTABLISHMENT_ID,
    bookingType: 'act',
    type: 'act',
    participants: 4,
    startDate,
    mainContact: { firstName: 'Léa', lastName: 'Martin', email: organizer.email, phone: null },
    note: '',
    bookingActivities: [
      {
        name: paintball!.name,
        catalogActivityId: paintball!.id,
        scheduledDate: startDate,
        participants: 4,
        pricing: { basePrice: paintball!.basePriceCents / 100, pricingType: paintball!.pricingType },
        category: paintball!.category,
      },
    ],
  }),
);
await db.insert(bookingParticipants).values({
  bookingId: booking._id,
  customerId: participant.id,
  firstName: participant.firstName,
  lastName: participant.lastName,
  email: participant.email,
  role: 'Participant',
  hasConnected: true,
  joinedAt: new Date(),
  invitationStatus: 'joined',
});
await database.close();
console.log(
  JSON.stringify({
    staffToken: staff.token,
    organizerToken: organizer.token,
    participantToken: participant.token,
    bookingId: booking._id,
  }),
);
