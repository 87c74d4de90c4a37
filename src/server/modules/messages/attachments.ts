import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MESSAGE_TEXTS, type AttachmentMimeType } from '../../../shared/api/messages.schema';
import { AppError } from '../../app-error';
import { isActivePdf } from './active-pdf';

/** A file as received, before any check. */
export interface IncomingFile {
  filename: string;
  data: Buffer;
}

/** A file that passed the checks, re-encoded when it is an image. */
export interface CheckedFile {
  originalName: string;
  extension: string;
  mimetype: AttachmentMimeType;
  data: Buffer;
}

const EXTENSIONS: Record<AttachmentMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** Images larger than this are refused before decoding (decompression bombs). */
const MAX_PIXELS = 40_000_000;

/**
 * Markup that a browser would run if the bytes were ever sniffed as HTML or SVG: an image or a
 * PDF carrying it is a polyglot, refused even though its magic bytes are right. Tokens are long
 * enough (5+ characters) that compressed image data hardly ever matches them by chance.
 */
const MARKUP = /<(script|html|body|iframe|object|embed|style|meta|!doctype)|<svg[\s>/]|javascript:/i;

function refused(message: string) {
  return AppError.invalid('attachments', message);
}

/**
 * The name shown to readers: the last segment of whatever was sent (busboy already drops
 * paths; this holds even if that changes), without control characters or path tricks, and with
 * the extension of the detected type, whatever the sender wrote.
 */
export function cleanFileName(raw: string, extension: string): string {
  const last = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const base = last
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} _()-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s._-]+/, '')
    .slice(0, 100)
    .trim();
  return `${base || 'piece-jointe'}.${extension}`;
}

/** Short for messages: the sender's own name, cut and without control characters. */
function shown(name: string): string {
  // eslint-disable-next-line no-control-regex
  const plain = name.replace(/[\u0000-\u001F\u007F]/g, '').slice(0, 80);
  return plain || 'sans nom';
}

async function reencode(data: Buffer, mimetype: AttachmentMimeType, name: string): Promise<Buffer> {
  try {
    // `rotate()` applies the EXIF orientation before the metadata (GPS, camera) is dropped:
    // sharp writes none unless asked.
    const image = sharp(data, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    if (mimetype === 'image/jpeg') return await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    if (mimetype === 'image/png') return await image.png({ compressionLevel: 9 }).toBuffer();
    return await image.webp({ quality: 85 }).toBuffer();
  } catch {
    throw refused(MESSAGE_TEXTS.fileUnreadable(shown(name)));
  }
}

/**
 * The type the content says. file-type reads a recognised signature further and throws
 * (EndOfStreamError) when the file stops short, e.g. a PNG signature followed by a few bytes:
 * that is a damaged file, refused like an image that sharp cannot decode.
 */
async function detectType(file: IncomingFile) {
  try {
    return await fileTypeFromBuffer(file.data);
  } catch {
    throw refused(MESSAGE_TEXTS.fileUnreadable(shown(file.filename)));
  }
}

/**
 * Accepts JPEG, PNG, WebP and PDF by their content (never by name or declared type), refuses
 * polyglots and active PDFs, and re-encodes images so that only pixels are kept.
 */
export async function checkAttachment(file: IncomingFile): Promise<CheckedFile> {
  const detected = await detectType(file);
  const mimetype = detected?.mime as AttachmentMimeType | undefined;
  if (!mimetype || !(mimetype in EXTENSIONS)) throw refused(MESSAGE_TEXTS.fileType(shown(file.filename)));
  const extension = EXTENSIONS[mimetype];
  const originalName = cleanFileName(file.filename, extension);
  const text = file.data.toString('latin1');
  if (MARKUP.test(text)) throw refused(MESSAGE_TEXTS.fileType(shown(file.filename)));
  if (mimetype === 'application/pdf') {
    if (isActivePdf(file.data) || !text.includes('%%EOF')) throw refused(MESSAGE_TEXTS.fileType(shown(file.filename)));
    return { originalName, extension, mimetype, data: file.data };
  }
  return { originalName, extension, mimetype, data: await reencode(file.data, mimetype, file.filename) };
}
