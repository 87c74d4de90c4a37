import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { PICTURE_MAX_BYTES, PICTURE_MIME_TYPES, STAFF_MESSAGES } from '../../../shared/api/staff.schema';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { findPictureFile, storePictureFile } from '../uploads/uploads.service';

/** Catalogue pictures live in the `uploads` table (every instance serves them) under this path. */
export const PICTURES_PATH = 'catalogue-pictures';
const MAX_SIDE = 1600;

const invalidPicture = (message: string) => AppError.of('INVALID_PICTURE', message, { file: message });

/**
 * The type the content says. file-type reads a recognised signature further and throws
 * (EndOfStreamError) when the file stops short, e.g. a PNG signature followed by a few bytes:
 * that is a damaged picture, refused like one that sharp cannot decode.
 */
async function detectType(data: Buffer) {
  try {
    return await fileTypeFromBuffer(data);
  } catch {
    throw invalidPicture(STAFF_MESSAGES.pictureUnreadable);
  }
}

/**
 * Checks a picture by its content (never by its name or declared type): JPEG, PNG or WebP only,
 * at most 5 MB; then re-encodes it as WebP (at most 1600 px a side), which drops whatever else the
 * file carried (metadata, trailing data, a script disguised as a picture).
 */
export async function normalisePicture(data: Buffer): Promise<Buffer> {
  if (data.length === 0) throw invalidPicture(STAFF_MESSAGES.pictureMissing);
  if (data.length > PICTURE_MAX_BYTES) throw invalidPicture(STAFF_MESSAGES.pictureTooLarge);
  const detected = await detectType(data);
  if (!detected || !(PICTURE_MIME_TYPES as readonly string[]).includes(detected.mime)) {
    throw invalidPicture(STAFF_MESSAGES.pictureType);
  }
  try {
    return await sharp(data, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw invalidPicture(STAFF_MESSAGES.pictureUnreadable);
  }
}

/** Stores a re-encoded picture; answers its public URL. */
export async function storePicture(db: Db, picture: Buffer, originalName: string): Promise<string> {
  const relativePath = `${PICTURES_PATH}/${randomUUID()}.webp`;
  await storePictureFile(db, {
    relativePath,
    originalName: originalName.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 200) || 'image',
    mimetype: 'image/webp',
    size: picture.length,
    data: picture,
  });
  return `/uploads/${relativePath}`;
}

export async function findPicture(db: Db, name: string) {
  if (!/^[0-9a-f-]{36}\.webp$/.test(name)) return undefined;
  return findPictureFile(db, `${PICTURES_PATH}/${name}`);
}
