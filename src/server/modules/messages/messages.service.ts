import { createHash, randomUUID } from 'node:crypto';
import {
  markManyReadBody,
  MESSAGE_TEXTS,
  type ChatMessage,
  type ListMessagesOptions,
  type MessageAttachment,
} from '../../../shared/api/messages.schema';
import { isUuid } from '../../../shared/validation';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { inTransaction, type Tx } from '../../db/transaction';
import { queueMail, type ServiceDeps } from '../../deps';
import {
  accessBooking,
  accessFactsWith,
  keptInSurprise,
  type AccessFacts,
  type Actor,
  type SurpriseFacts,
} from '../bookings/booking-access.public';
import { teamMessagesDigestMail } from '../mail/templates.public';
import { checkAttachment, type CheckedFile, type IncomingFile } from './attachments';
import * as repo from './messages.repository';
import {
  deleteFilesOfBooking,
  deleteFilesOfMessage,
  findAttachmentFile,
  storeAttachmentFiles,
  type AttachmentInfo,
} from '../uploads/uploads.service';

/** How the team is shown to customers (SPEC.md §6). */
export const TEAM_NAME = 'Équipe';

/** A line in the booking's chat written as the team, within the caller's transaction (the sweeps' notices). */
export function postTeamMessage(db: Db, bookingId: string, content: string) {
  return repo.insertTeamMessage(db, bookingId, content);
}
/** A digest waits this long after the first unsent team line, so a reply in several lines makes one e-mail. */
export const DIGEST_GRACE_MS = 2 * 60_000;
/** At most one e-mail per booking in this interval (docs/decisions.md, "Digest e-mails"). */
export const DIGEST_INTERVAL_MS = 15 * 60_000;

const messageNotFound = () => AppError.of('NOT_FOUND', MESSAGE_TEXTS.messageNotFound);

export function readerOf(actor: Actor): repo.Reader {
  return actor.kind === 'staff'
    ? { kind: 'staff', staffId: actor.staffId, key: `staff:${actor.staffId}` }
    : { kind: 'customer', customerId: actor.customerId, key: `customer:${actor.customerId}` };
}

function isOwn(row: repo.MessageRow, actor: Actor): boolean {
  return actor.kind === 'staff' ? row.authorStaffId === actor.staffId : row.authorCustomerId === actor.customerId;
}

function toAttachment(row: AttachmentInfo): MessageAttachment {
  return {
    originalName: row.originalName,
    relativePath: row.relativePath,
    mimetype: row.mimetype as MessageAttachment['mimetype'],
    size: row.size,
  };
}

function toChatMessage(
  row: repo.MessageRow,
  attachments: AttachmentInfo[],
  actor: Actor,
  readAt: Date | null,
): ChatMessage {
  const own = isOwn(row, actor);
  const team = row.authorType === 'team';
  return {
    _id: row.id,
    bookingId: row.bookingId,
    authorType: row.authorType,
    authorId: team ? null : row.authorCustomerId,
    authorName: team ? TEAM_NAME : row.authorName,
    content: row.status === 'deleted' ? '' : row.content,
    status: row.status,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    attachments: row.status === 'deleted' ? [] : attachments.map(toAttachment),
    isOwn: own,
    // Own lines, and for the team every team line, need no reading.
    isRead: own || (actor.kind === 'staff' && team) || readAt !== null,
    hiddenFromGuests: row.hiddenFromGuests,
  };
}

/** Throws the booking's 404 unless `actor` may read and write its chat. */
export async function assertChatAccess(deps: ServiceDeps, actor: Actor, bookingId: string) {
  return accessBooking(deps.db, bookingId, actor);
}

/** The caller's access and the chat's version, as a poll reads them. */
export type ChatFacts = { access: AccessFacts; alongside: string };
/** Where a poll's facts come from: the database (the default), or a copy this instance keeps. */
export type KeepChatFacts = (key: string, load: () => Promise<ChatFacts>) => Promise<ChatFacts>;

/**
 * What a poll of the chat costs when nothing changed (docs/decisions.md, "Volume and indexes",
 * the chat polls): one statement reads the caller's access (a 404 stays a 404) and the chat's
 * version, BEFORE the answer so that a write in between only makes the next poll read again. The
 * routes keep that pair per chat and reader (`keep`), dropped by the chat's own topic (its version,
 * its booking's and participants' rows), served after the read barrier (rule 16): a revoked
 * access answers 404 at once, whichever instance revoked it. The ETag covers the version, the
 * call and its query (`what`), the reader (own lines, read marks) and whether the reader is kept
 * in a surprise.
 */
export async function chatPoll(
  deps: ServiceDeps,
  actor: Actor,
  bookingId: string,
  what: string,
  keep: KeepChatFacts = (_key, load) => load(),
) {
  const reader = readerOf(actor);
  const { access, alongside: version } = await keep(`${bookingId}|${reader.key}`, () =>
    accessFactsWith(deps.db, bookingId, actor, repo.chatVersionSql(bookingId)),
  );
  const key = `${what}|${reader.key}|${keptInSurprise(access) ? 'kept' : 'all'}`;
  const etag = `W/"c${version}-${createHash('sha1').update(key).digest('base64url').slice(0, 16)}"`;
  return { access, etag };
}

export async function listBookingMessages(
  deps: ServiceDeps,
  actor: Actor,
  bookingId: string,
  includeDeleted: boolean,
  page: ListMessagesOptions = {},
  checked?: SurpriseFacts,
) {
  const access = checked ?? (await accessBooking(deps.db, bookingId, actor));
  const reader = readerOf(actor);
  const withHidden = !keptInSurprise(access);
  // With a limit the page comes newest first, with one more row when older lines remain, and the
  // chat's size in the same statement.
  const { limit, cursor } = page;
  const paged =
    limit === undefined
      ? undefined
      : await repo.listMessagePage(deps.db, {
          bookingId,
          readerKey: reader.key,
          includeDeleted,
          page: { limit, cursor },
          withHidden,
        });
  const read = paged?.rows ?? (await repo.listMessages(deps.db, bookingId, reader.key, includeDeleted, withHidden));
  const older = limit !== undefined && read.length > limit;
  const rows = limit === undefined ? read : read.slice(0, limit).reverse();
  const messages = rows.map(({ message, readAt, attachments }) =>
    toChatMessage(message, attachments ?? [], actor, readAt),
  );
  const total = paged?.total ?? messages.length;
  return { messages, total, nextCursor: older ? rows[0]!.message.id : null };
}

async function authorName(deps: ServiceDeps, actor: Actor): Promise<string> {
  if (actor.kind === 'staff') return actor.name;
  const customer = await repo.findCustomerName(deps.db, actor.customerId);
  return customer ? `${customer.firstName} ${customer.lastName}`.trim() : 'Client';
}

export async function postBookingMessage(
  deps: ServiceDeps,
  actor: Actor,
  bookingId: string,
  content: string,
  files: IncomingFile[],
  hiddenFromGuests = false,
): Promise<ChatMessage> {
  // Checked (and images re-encoded) before the transaction: nothing is written if one is refused.
  const checked: CheckedFile[] = [];
  for (const file of files) checked.push(await checkAttachment(file));
  const name = await authorName(deps, actor);
  const { message, attachments } = await inTransaction(deps.db, async (tx) => {
    const access = await accessBooking(tx, bookingId, actor);
    // A guest of honour cannot hide a line from themself (docs/decisions.md, "Group shares").
    if (hiddenFromGuests && access.participation?.guestOfHonour) {
      throw AppError.of('FORBIDDEN', MESSAGE_TEXTS.guestCannotHide);
    }
    const message = await repo.insertMessage(tx, {
      hiddenFromGuests,
      bookingId,
      authorType: actor.kind === 'staff' ? 'team' : 'client',
      authorCustomerId: actor.kind === 'customer' ? actor.customerId : null,
      authorStaffId: actor.kind === 'staff' ? actor.staffId : null,
      authorName: name,
      content,
    });
    const values = checked.map((file, index) => ({
      relativePath: `attachments/${randomUUID()}.${file.extension}`,
      purpose: 'attachment' as const,
      bookingId,
      messageId: message.id,
      originalName: file.originalName,
      mimetype: file.mimetype,
      size: file.data.length,
      data: file.data,
      // One millisecond apart: attachments are listed in the order they were sent.
      createdAt: new Date(message.createdAt.getTime() + index),
    }));
    await storeAttachmentFiles(tx, values);
    if (message.authorType === 'team') await repo.markDigestPending(tx, bookingId, message.createdAt);
    const attachments = values.map(({ data: _data, ...rest }) => ({ ...rest, id: '' }));
    return { message, attachments };
  });
  return toChatMessage(message, attachments, actor, null);
}

/** The message and the booking access of `actor`, or the message's 404 (also for a booking they cannot see). */
async function messageFor(deps: ServiceDeps, actor: Actor, messageId: string) {
  if (!isUuid(messageId)) throw messageNotFound();
  const message = await repo.findMessage(deps.db, messageId);
  if (!message) throw messageNotFound();
  const access = await accessOr(deps, message.bookingId, actor, messageNotFound);
  if (message.hiddenFromGuests && keptInSurprise(access)) throw messageNotFound();
  return message;
}

/** `actor`'s access to the booking, with `notFound` in place of the booking's 404 (what is hidden stays hidden). */
async function accessOr(deps: ServiceDeps, bookingId: string, actor: Actor, notFound: () => AppError) {
  try {
    return await accessBooking(deps.db, bookingId, actor);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw notFound();
    throw error;
  }
}

export async function markMessageRead(deps: ServiceDeps, actor: Actor, messageId: string) {
  const message = await messageFor(deps, actor, messageId);
  if (!isOwn(message, actor)) await repo.markRead(deps.db, message.id, readerOf(actor).key);
  return { _id: message.id, isRead: true as const };
}

/**
 * The unread lines a reader has on screen, in one call: those not shown to them are left as they are.
 * The body (`markManyReadBody`) is checked once the caller may see the booking.
 */
export async function markMessagesRead(deps: ServiceDeps, actor: Actor, bookingId: string, body: unknown) {
  const access = await accessBooking(deps.db, bookingId, actor);
  const parsed = markManyReadBody.safeParse(body);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  const ids = [...new Set(parsed.data.messageIds)];
  const read = await repo.markReadInBooking(deps.db, bookingId, readerOf(actor), ids, !keptInSurprise(access));
  return { bookingId, read };
}

export async function unreadCount(
  deps: ServiceDeps,
  actor: Actor,
  bookingId: string,
  checked?: SurpriseFacts,
): Promise<number> {
  const access = checked ?? (await accessBooking(deps.db, bookingId, actor));
  return repo.countUnread(deps.db, bookingId, readerOf(actor), !keptInSurprise(access));
}

/** Only the author deletes: the line stays (status 'deleted'), its content and files go. */
export async function deleteMessage(deps: ServiceDeps, actor: Actor, messageId: string): Promise<ChatMessage> {
  await messageFor(deps, actor, messageId);
  return inTransaction(deps.db, async (tx) => {
    const message = await repo.findMessage(tx, messageId, { forUpdate: true });
    if (!message) throw messageNotFound();
    if (!isOwn(message, actor)) throw AppError.of('FORBIDDEN', MESSAGE_TEXTS.onlyAuthorDeletes);
    if (message.status === 'deleted') throw AppError.of('ALREADY_DELETED', MESSAGE_TEXTS.alreadyDeleted);
    const deleted = await repo.markDeleted(tx, messageId);
    if (!deleted) throw AppError.of('ALREADY_DELETED', MESSAGE_TEXTS.alreadyDeleted);
    // The files go with the content: a deleted message keeps only its line.
    await deleteFilesOfMessage(tx, messageId);
    return toChatMessage(deleted, [], actor, null);
  });
}

/** An attachment's bytes, for those who may read its booking's chat (404 for anyone else). */
export async function readAttachment(deps: ServiceDeps, actor: Actor, relativePath: string) {
  const notFound = () => AppError.of('NOT_FOUND', MESSAGE_TEXTS.attachmentNotFound);
  const upload = await findAttachmentFile(deps.db, relativePath);
  if (!upload?.bookingId) throw notFound();
  const access = await accessOr(deps, upload.bookingId, actor, notFound);
  if (keptInSurprise(access) && upload.messageId) {
    if ((await repo.findMessage(deps.db, upload.messageId))?.hiddenFromGuests) throw notFound();
  }
  return upload;
}

/**
 * Sends the due "new team message" digests: one e-mail per recipient and booking, listing the
 * team's lines not yet in a digest that this recipient has not read yet. Safe to run on
 * several instances at once (the claim is atomic). Returns how many e-mails left.
 */
export async function sendDueDigests(deps: ServiceDeps, now = new Date()): Promise<number> {
  // The claim and the mails it gives commit together (docs/decisions.md, "E-mail").
  return inTransaction(deps.db, (tx) => digestsWithin(deps, tx, now));
}

async function digestsWithin(deps: ServiceDeps, tx: Tx, now: Date): Promise<number> {
  const due = await repo.claimDueDigests(tx, now, DIGEST_GRACE_MS, DIGEST_INTERVAL_MS);
  let sent = 0;
  for (const { bookingId, since } of due) {
    const booking = await tx.query.bookingRequests.findFirst({
      where: (table, { eq }) => eq(table.id, bookingId),
    });
    if (!booking) continue;
    const lines = await repo.teamMessagesBetween(tx, bookingId, since, now);
    if (lines.length === 0) continue;
    const reads = await repo.readsOf(
      tx,
      lines.map((line) => line.id),
    );
    for (const recipient of await repo.digestRecipients(tx, bookingId, booking.customerId)) {
      const key = `customer:${recipient.id}`;
      // A guest of honour kept in the surprise is never told of a line hidden from them (docs/decisions.md, "Group shares").
      const kept = keptInSurprise({ booking, participation: { guestOfHonour: recipient.guestOfHonour } });
      const unread = lines.filter(
        (line) =>
          !(kept && line.hiddenFromGuests) &&
          !reads.some((read) => read.messageId === line.id && read.readerKey === key),
      );
      if (unread.length === 0) continue;
      await queueMail(deps, tx, (context) =>
        teamMessagesDigestMail(context, recipient.email, {
          firstName: recipient.firstName,
          reference: booking.reference,
          bookingId,
          messages: unread,
        }),
      );
      sent += 1;
    }
  }
  return sent;
}

/** Data retention (docs/decisions.md, "Data retention"): the booking's messages and attachments deleted. */
export async function deleteChatOfBooking(db: Db, bookingId: string) {
  await deleteFilesOfBooking(db, bookingId);
  await repo.deleteMessagesOfBooking(db, bookingId);
}
