import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { LookupOptions } from '../../db/transaction';
import { joinedParticipants } from '../../db/participation';
import { bookingParticipants, customers, messageDigests, messageReads, messages } from '../../db/schema';
import { activeCustomerWhere } from '../../db/active-customer';
import { attachmentsSql } from '../uploads/uploads.service';

/** A line in the booking's chat written as the team (the chat shows it as 'Équipe'). */
export async function insertTeamMessage(db: Db, bookingId: string, content: string) {
  await db.insert(messages).values({ bookingId, authorType: 'team', authorName: 'Équipe', content });
}

export type MessageRow = typeof messages.$inferSelect;

/** Who reads: `customer:<id>` or `staff:<id>` (message_reads.reader_key). */
export type Reader =
  { key: string; kind: 'customer'; customerId: string } | { key: string; kind: 'staff'; staffId: string };

/**
 * Messages written by someone other than the reader. The team speaks as one 'Équipe': for a
 * staff member, every team message is their side's own.
 */
function byOthers(reader: Reader) {
  return reader.kind === 'staff'
    ? eq(messages.authorType, 'client')
    : sql`(${messages.authorCustomerId} is null or ${messages.authorCustomerId} <> ${reader.customerId})`;
}

/** The messages of a booking that were not deleted. */
function shownMessagesOf(bookingId: string) {
  return and(eq(messages.bookingId, bookingId), eq(messages.status, 'active'));
}

/** What a reader may see: a guest of honour kept in a surprise never sees the messages hidden from them. */
function forReader(condition: SQL | undefined, withHidden: boolean) {
  return withHidden ? condition : and(condition, eq(messages.hiddenFromGuests, false));
}

/** The lines a reader is shown: the deleted ones too when they are listed, not those hidden from them. */
function chatLines(bookingId: string, includeDeleted: boolean, withHidden: boolean) {
  return forReader(includeDeleted ? eq(messages.bookingId, bookingId) : shownMessagesOf(bookingId), withHidden);
}

/** A line's files, read in the lines' own statement instead of a second round trip. */
const attachmentsOfLine = attachmentsSql(messages.id);

const readMarkOf = (readerKey: string) =>
  and(eq(messageReads.messageId, messages.id), eq(messageReads.readerKey, readerKey));

/** A booking's lines, oldest first. Without `withHidden`, the lines hidden from guests of honour are left out. */
export function listMessages(db: Db, bookingId: string, readerKey: string, includeDeleted: boolean, withHidden = true) {
  return db
    .select({ message: messages, readAt: messageReads.readAt, attachments: attachmentsOfLine })
    .from(messages)
    .leftJoin(messageReads, readMarkOf(readerKey))
    .where(chatLines(bookingId, includeDeleted, withHidden))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

/**
 * The last `limit` lines before the `cursor`'s line (keyset on messages_booking; docs/decisions.md,
 * "Volume and indexes"), newest first with one more row to tell whether older lines remain, each
 * with its files and how many lines the chat has: one statement, the count a subquery run once.
 */
/** Which page of a chat, read by whom: the reader's key finds their read marks. */
export interface MessagePageRequest {
  bookingId: string;
  readerKey: string;
  includeDeleted: boolean;
  page: { limit: number; cursor?: string };
  /** False for a guest of honour, who does not see the lines hidden from them. */
  withHidden: boolean;
}

export function messagePageQuery(
  db: Db,
  { bookingId, readerKey, includeDeleted, page, withHidden }: MessagePageRequest,
) {
  const lines = chatLines(bookingId, includeDeleted, withHidden);
  const where = [lines];
  if (page.cursor) {
    where.push(
      sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from messages m
        where m.id = ${page.cursor} and m.booking_id = ${bookingId})`,
    );
  }
  const total = sql<number>`(select count(*) from messages where ${lines})`.mapWith(Number);
  return db
    .select({ message: messages, readAt: messageReads.readAt, attachments: attachmentsOfLine, total })
    .from(messages)
    .leftJoin(messageReads, readMarkOf(readerKey))
    .where(and(...where))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit + 1);
}

/** `messagePageQuery`'s lines and the chat's size (counted apart only when the page is empty). */
export async function listMessagePage(db: Db, request: MessagePageRequest) {
  const rows = await messagePageQuery(db, request);
  const { bookingId, includeDeleted, withHidden } = request;
  return { rows, total: rows[0]?.total ?? (await countMessages(db, bookingId, includeDeleted, withHidden)) };
}

/**
 * The booking's chat version, bumped by triggers with every write to its messages or read marks
 * (migration chat-versions; docs/decisions.md, "Volume and indexes"): 0 for a chat never written.
 * A scalar subquery: read in the statement of the caller's access (`chatPoll`), one round trip.
 */
export function chatVersionSql(bookingId: string): SQL<string> {
  return sql`coalesce((select cv.version from chat_versions cv where cv.booking_id = ${bookingId}), 0)::text`.mapWith(
    String,
  );
}

/** How many lines the chat has (the deleted ones too when they are listed). */
export async function countMessages(
  db: Db,
  bookingId: string,
  includeDeleted: boolean,
  withHidden = true,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(chatLines(bookingId, includeDeleted, withHidden));
  return Number(row?.n ?? 0);
}

export async function insertMessage(db: Db, values: typeof messages.$inferInsert) {
  const rows = await db.insert(messages).values(values).returning();
  return rows[0]!;
}

export async function findMessage<D extends Db>(db: D, id: string, options?: LookupOptions<D>) {
  const query = db.select().from(messages).where(eq(messages.id, id));
  const rows = options?.forUpdate ? await query.for('update') : await query;
  return rows[0];
}

export async function markDeleted(db: Db, id: string) {
  const rows = await db
    .update(messages)
    .set({ status: 'deleted', content: '', deletedAt: new Date() })
    .where(and(eq(messages.id, id), eq(messages.status, 'active')))
    .returning();
  return rows[0];
}

/** Idempotent: a second read keeps the first time. */
export async function markRead(db: Db, messageId: string, readerKey: string) {
  await db.insert(messageReads).values({ messageId, readerKey }).onConflictDoNothing();
}

/**
 * Marks as read, in one statement, those of `messageIds` that `reader` is shown in the booking's chat
 * and did not write; returns how many it marked now (a second call marks none).
 */
export async function markReadInBooking(
  db: Db,
  bookingId: string,
  reader: Reader,
  messageIds: string[],
  withHidden: boolean,
): Promise<number> {
  const rows = await db
    .insert(messageReads)
    .select(
      db
        // Every column of message_reads, in its order (what drizzle's insert … select requires).
        .select({
          messageId: messages.id,
          readerKey: sql<string>`${reader.key}::text`.as('reader_key'),
          readAt: sql<Date>`now()`.as('read_at'),
        })
        .from(messages)
        .where(
          and(forReader(shownMessagesOf(bookingId), withHidden), byOthers(reader), inArray(messages.id, messageIds)),
        ),
    )
    .onConflictDoNothing()
    .returning({ messageId: messageReads.messageId });
  return rows.length;
}

export async function countUnread(db: Db, bookingId: string, reader: Reader, withHidden = true): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .leftJoin(messageReads, and(eq(messageReads.messageId, messages.id), eq(messageReads.readerKey, reader.key)))
    .where(and(forReader(shownMessagesOf(bookingId), withHidden), byOthers(reader), isNull(messageReads.messageId)));
  return Number(row?.n ?? 0);
}

export { findCustomerContact as findCustomerName } from '../../db/customer-contact';

/** The organizer and the participants who joined, with a live account: who the digest e-mails (guests of honour flagged). */
export async function digestRecipients(db: Db, bookingId: string, organizerId: string) {
  const joined = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      guestOfHonour: bookingParticipants.guestOfHonour,
    })
    .from(bookingParticipants)
    .innerJoin(customers, eq(customers.id, bookingParticipants.customerId))
    .where(
      activeCustomerWhere(
        eq(bookingParticipants.bookingId, bookingId),
        joinedParticipants(),
        ne(customers.id, organizerId),
      ),
    );
  const organizer = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      guestOfHonour: sql<boolean>`false`,
    })
    .from(customers)
    .where(activeCustomerWhere(eq(customers.id, organizerId)));
  return [...organizer, ...joined];
}

/** Team messages of a booking written in [since, upTo], still shown (hidden from guests or not), oldest first. */
export async function teamMessagesBetween(db: Db, bookingId: string, since: Date, upTo: Date) {
  return db
    .select({
      id: messages.id,
      content: messages.content,
      createdAt: messages.createdAt,
      hiddenFromGuests: messages.hiddenFromGuests,
    })
    .from(messages)
    .where(
      and(
        shownMessagesOf(bookingId),
        eq(messages.authorType, 'team'),
        sql`${messages.createdAt} >= ${since.toISOString()}::timestamptz`,
        sql`${messages.createdAt} <= ${upTo.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(messages.createdAt));
}

/** Reader keys that read each of `messageIds`. */
export async function readsOf(db: Db, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({ messageId: messageReads.messageId, readerKey: messageReads.readerKey })
    .from(messageReads)
    .where(inArray(messageReads.messageId, messageIds));
}

/** A team message is waiting for the digest: the pending mark is set once, kept until sent. */
export async function markDigestPending(db: Db, bookingId: string, at: Date) {
  await db.execute(sql`
    insert into message_digests (booking_id, pending_since) values (${bookingId}, ${at.toISOString()}::timestamptz)
    on conflict (booking_id) do update set pending_since = coalesce(message_digests.pending_since, excluded.pending_since)`);
}

/**
 * Claims the digests due at `now` in one statement (several server instances may sweep at
 * once; `skip locked` gives each booking to one of them): pending for at least `graceMs` and
 * last sent at least `intervalMs` ago. Returns each booking with the time of its first unsent
 * team line (a line written after the claim sets a new pending mark for the next digest).
 */
export async function claimDueDigests(db: Db, now: Date, graceMs: number, intervalMs: number) {
  const pendingBefore = new Date(now.getTime() - graceMs);
  const sentBefore = new Date(now.getTime() - intervalMs);
  const result = await db.execute(sql`
    with due as (
      select booking_id, pending_since from message_digests
      where pending_since is not null and pending_since <= ${pendingBefore.toISOString()}::timestamptz
        and (last_sent_at is null or last_sent_at <= ${sentBefore.toISOString()}::timestamptz)
      for update skip locked
    )
    update message_digests d set last_sent_at = ${now.toISOString()}::timestamptz, pending_since = null
    from due where d.booking_id = due.booking_id
    returning d.booking_id as "bookingId", due.pending_since as "since"`);
  return rowsOf<{ bookingId: string; since: string | Date }>(result).map((row) => ({
    bookingId: row.bookingId,
    since: new Date(row.since),
  }));
}

/** Data retention: the booking's chat deleted (read marks go with their message; its files are deleted first). */
export async function deleteMessagesOfBooking(db: Db, bookingId: string) {
  await db.delete(messages).where(eq(messages.bookingId, bookingId));
  await db.delete(messageDigests).where(eq(messageDigests.bookingId, bookingId));
}
