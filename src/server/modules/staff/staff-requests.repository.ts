import { and, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

export type OutboxRow = typeof outbox.$inferSelect;

export interface OutboxFilter {
  /** The recipient's address, any case. */
  to?: string;
  /** The reference of the booking the e-mails are about. */
  reference?: string;
}

/**
 * An e-mail is about a booking when its subject names the booking's reference: every booking
 * template puts it there (docs/decisions.md, "E-mails about a booking"). The address is
 * no link (one organizer has several bookings and account e-mails), nor is the body (a chat
 * excerpt may quote another reference). The reference must stand alone: GRP-2026-00044 is not
 * found in GRP-2026-000441.
 */
function subjectNames(reference: string) {
  const escaped = reference.replace(/[.*+?^${}()|[\]\\]/g, (char) => `\\${char}`);
  return sql`${outbox.subject} ~ ${`(^|[^0-9A-Za-z])${escaped}($|[^0-9A-Za-z])`}`;
}

function outboxWhere(filter: OutboxFilter) {
  return and(
    filter.to ? sql`lower(${outbox.to}) = ${filter.to.toLowerCase()}` : undefined,
    filter.reference ? subjectNames(filter.reference) : undefined,
  );
}

/** The e-mails about one booking, newest first (the staff detail). */
export function listOutboxAbout(db: Db, reference: string, limit = 100): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(outboxWhere({ reference }))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}

/** One page of the outbox, newest first, each row with the total of the filter (none past the end). */
export async function listOutboxPage(db: Db, filter: OutboxFilter & { page: number; limit: number }) {
  return db
    .select({ mail: outbox, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(outbox)
    .where(outboxWhere(filter))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
}

/** The total of a page beyond its last row (an empty page still needs it). */
export async function countOutbox(db: Db, filter: OutboxFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(outbox)
    .where(outboxWhere(filter));
  return row?.n ?? 0;
}
