import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { firstRowWhere } from '../../db/first-row';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;
export type UploadPurpose = UploadRow['purpose'];
/** A row without its bytes: what a listing needs. */
export type UploadInfo = Omit<UploadRow, 'data'>;

/** What a chat line shows of each file it carries. */
export type AttachmentInfo = Pick<UploadInfo, 'originalName' | 'relativePath' | 'mimetype' | 'size'>;

/**
 * The attachments of the message whose id is `messageId` (a column of the caller's statement), in
 * the order they were sent, as a JSON list (null for none): a subquery on uploads_message, so that
 * the chat reads its lines and their files in one statement.
 */
export function attachmentsSql(messageId: AnyColumn): SQL<AttachmentInfo[] | null> {
  return sql<AttachmentInfo[] | null>`(select json_agg(json_build_object(
      'originalName', u.original_name, 'relativePath', u.relative_path, 'mimetype', u.mimetype, 'size', u.size)
      order by u.created_at, u.relative_path)
    from ${uploads} u where u.message_id = ${messageId} and u.purpose = 'attachment')`;
}

export async function insertUploads(db: Db, values: NewUploadRow[]) {
  if (values.length === 0) return [];
  return db.insert(uploads).values(values).returning({ id: uploads.id });
}

export function findUpload(db: Db, purpose: UploadPurpose, relativePath: string) {
  return firstRowWhere(db, uploads, and(eq(uploads.relativePath, relativePath), eq(uploads.purpose, purpose)));
}

export async function deleteUploadsOfMessage(db: Db, messageId: string) {
  await db.delete(uploads).where(eq(uploads.messageId, messageId));
}

export async function deleteUploadsOfBooking(db: Db, bookingId: string) {
  await db.delete(uploads).where(eq(uploads.bookingId, bookingId));
}
