import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { firstRowWhere } from '../../db/first-row';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;
export type UploadPurpose = UploadRow['purpose'];
/** A row without its bytes: what a listing needs. */
export type UploadInfo = Omit<UploadRow, 'data'>;

export async function insertUploads(db: Db, values: NewUploadRow[]) {
  if (values.length === 0) return [];
  return db.insert(uploads).values(values).returning({ id: uploads.id });
}

export function findUpload(db: Db, purpose: UploadPurpose, relativePath: string) {
  return firstRowWhere(db, uploads, and(eq(uploads.relativePath, relativePath), eq(uploads.purpose, purpose)));
}

export async function listUploadsOfMessages(db: Db, messageIds: string[]): Promise<UploadInfo[]> {
  if (messageIds.length === 0) return [];
  return db
    .select({
      id: uploads.id,
      relativePath: uploads.relativePath,
      purpose: uploads.purpose,
      bookingId: uploads.bookingId,
      messageId: uploads.messageId,
      originalName: uploads.originalName,
      mimetype: uploads.mimetype,
      size: uploads.size,
      createdAt: uploads.createdAt,
    })
    .from(uploads)
    .where(and(inArray(uploads.messageId, messageIds), eq(uploads.purpose, 'attachment')))
    .orderBy(asc(uploads.createdAt), asc(uploads.relativePath));
}

export async function deleteUploadsOfMessage(db: Db, messageId: string) {
  await db.delete(uploads).where(eq(uploads.messageId, messageId));
}

export async function deleteUploadsOfBooking(db: Db, bookingId: string) {
  await db.delete(uploads).where(eq(uploads.bookingId, bookingId));
}
