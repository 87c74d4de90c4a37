import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import { ESTABLISHMENT_ID } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { firstRowWhere } from '../../db/first-row';
import {
  bookingCheckOuts,
  bookingParticipants,
  bookingRequests,
  catalogueItems,
  participantCheckIns,
  participantWaivers,
  paymentConfigs,
} from '../../db/schema';

/** The on-site tables (docs/architecture.md, "Modules"): waivers, check-ins and check-outs are this module's. */

export type WaiverRow = typeof participantWaivers.$inferSelect;
export type CheckInRow = typeof participantCheckIns.$inferSelect;

export function findWaiver(db: Db, participantId: string) {
  return firstRowWhere(db, participantWaivers, eq(participantWaivers.participantId, participantId));
}

/** The first signature stays: a second one for the same person changes nothing. */
export async function insertWaiver(
  db: Db,
  values: typeof participantWaivers.$inferInsert,
): Promise<{ row: WaiverRow; created: boolean }> {
  const [row] = await db.insert(participantWaivers).values(values).onConflictDoNothing().returning();
  return row ? { row, created: true } : { row: (await findWaiver(db, values.participantId))!, created: false };
}

export function findCheckIn(db: Db, participantId: string) {
  return firstRowWhere(db, participantCheckIns, eq(participantCheckIns.participantId, participantId));
}

/**
 * The check-in's claim: one INSERT that the primary key lets through once, however many scans
 * arrive at the same time. Undefined when someone else's scan won.
 */
export async function claimCheckIn(db: Db, values: typeof participantCheckIns.$inferInsert) {
  const [row] = await db.insert(participantCheckIns).values(values).onConflictDoNothing().returning();
  return row;
}

export async function countCheckIns(db: Db, bookingId: string) {
  const rows = await db
    .select({ id: participantCheckIns.participantId })
    .from(participantCheckIns)
    .where(eq(participantCheckIns.bookingId, bookingId));
  return rows.length;
}

export function findCheckOut(db: Db, bookingId: string) {
  return firstRowWhere(db, bookingCheckOuts, eq(bookingCheckOuts.bookingId, bookingId));
}

export async function claimCheckOut(db: Db, values: typeof bookingCheckOuts.$inferInsert) {
  const [row] = await db.insert(bookingCheckOuts).values(values).onConflictDoNothing().returning();
  return row;
}

/** The bookings on site on a day (not drafts nor canceled), with their joined participants, waivers and check-ins. */
export async function listDayGroups(db: Db, day: string) {
  const bookings = await db
    .select()
    .from(bookingRequests)
    .where(
      and(
        lte(bookingRequests.startDate, day),
        gte(bookingRequests.endDate, day),
        ne(bookingRequests.status, 'draft'),
        ne(bookingRequests.status, 'canceled'),
      ),
    )
    .orderBy(asc(bookingRequests.reference));
  const ids = bookings.map((row) => row.id);
  if (ids.length === 0) return { bookings, people: [], waivers: [], checkIns: [], checkOuts: [] };
  const [people, waivers, checkIns, checkOuts] = await Promise.all([
    db
      .select()
      .from(bookingParticipants)
      .where(
        and(
          inArray(bookingParticipants.bookingId, ids),
          eq(bookingParticipants.isActive, true),
          eq(bookingParticipants.invitationStatus, 'joined'),
        ),
      )
      .orderBy(asc(bookingParticipants.lastName), asc(bookingParticipants.firstName)),
    db.select().from(participantWaivers).where(inArray(participantWaivers.bookingId, ids)),
    db.select().from(participantCheckIns).where(inArray(participantCheckIns.bookingId, ids)),
    db.select().from(bookingCheckOuts).where(inArray(bookingCheckOuts.bookingId, ids)),
  ]);
  return { bookings, people, waivers, checkIns, checkOuts };
}

/** The park's bookable activities (the kiosk's offer), by name. */
export function listActiveActivities(db: Db) {
  return db
    .select({ id: catalogueItems.id, name: catalogueItems.name })
    .from(catalogueItems)
    .where(
      and(
        eq(catalogueItems.establishmentId, ESTABLISHMENT_ID),
        eq(catalogueItems.kind, 'activity'),
        eq(catalogueItems.isActive, true),
      ),
    )
    .orderBy(asc(catalogueItems.name));
}

/** The contract file names the team generated for these bookings (a payment configuration's). */
export async function listContractFiles(db: Db, bookingIds: string[]) {
  if (bookingIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ bookingId: paymentConfigs.bookingId, file: paymentConfigs.contractFilename })
    .from(paymentConfigs)
    .where(inArray(paymentConfigs.bookingId, bookingIds));
  return new Map(rows.flatMap((row) => (row.file ? [[row.bookingId, row.file] as const] : [])));
}
