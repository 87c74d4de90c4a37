import type { Db } from '../../db/client';
import * as repo from './uploads.repository';
import type { NewUploadRow, UploadRow } from './uploads.repository';

/**
 * Stored files (the `uploads` table, in the database so every instance serves them): the
 * catalogue's pictures and the chat's attachments. This module owns the table; catalogue and
 * messages store, read and delete their files through these functions (docs/architecture.md,
 * "Modules").
 */

export type { AttachmentInfo, UploadInfo, UploadRow } from './uploads.repository';
export { attachmentsSql } from './uploads.repository';

/** A catalogue picture, already re-encoded; its `relativePath` is its public address under /uploads/. */
export async function storePictureFile(db: Db, file: Omit<NewUploadRow, 'purpose' | 'bookingId' | 'messageId'>) {
  await repo.insertUploads(db, [{ ...file, purpose: 'catalogue' }]);
}

/** A message's attachments, in the message's own transaction. */
export function storeAttachmentFiles(
  db: Db,
  files: (Omit<NewUploadRow, 'purpose' | 'messageId' | 'bookingId'> & { bookingId: string; messageId: string })[],
) {
  return repo.insertUploads(
    db,
    files.map((file) => ({ ...file, purpose: 'attachment' as const })),
  );
}

/** A catalogue picture's bytes and type, or undefined. */
export async function findPictureFile(db: Db, relativePath: string) {
  const row = await repo.findUpload(db, 'catalogue', relativePath);
  return row ? { data: row.data, mimetype: row.mimetype } : undefined;
}

/** An attachment with its bytes (its booking decides who may read it), or undefined. */
export function findAttachmentFile(db: Db, relativePath: string): Promise<UploadRow | undefined> {
  return repo.findUpload(db, 'attachment', relativePath);
}

/** A deleted message's files go with its content. */
export function deleteFilesOfMessage(db: Db, messageId: string): Promise<void> {
  return repo.deleteUploadsOfMessage(db, messageId);
}

/** Data retention: every file of the booking. */
export function deleteFilesOfBooking(db: Db, bookingId: string): Promise<void> {
  return repo.deleteUploadsOfBooking(db, bookingId);
}
