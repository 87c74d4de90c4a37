import { inflateSync } from 'node:zlib';

/** PDF features that run code or carry other files (Adobe PDF reference, actions and embedded files). */
const ACTIVE_NAME = /\/(JavaScript|JS|Launch|EmbeddedFile|RichMedia)(?![A-Za-z0-9])/;

/** A name may spell any of its characters as #xx (PDF 1.7 §7.3.5): /Java#53cript is /JavaScript. */
const decodeNames = (text: string) =>
  text.replace(/#([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** What one object stream may expand to, and all of them together: a bomb is refused, not expanded. */
const STREAM_MAX_BYTES = 8 * 1024 * 1024;
const TOTAL_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Whether a PDF carries JavaScript, launch actions, embedded files or rich media: looked for in
 * the file as it is, and in its object streams (PDF 1.5+), which hold dictionaries compressed,
 * with names decoded. Content, font and image streams are not expanded: they hold no actions. An
 * object stream that cannot be expanded within the limits, or uses another filter than Flate,
 * makes the file refused: what cannot be read is not let through (docs/decisions.md, "Chat attachments").
 */
export function isActivePdf(data: Buffer): boolean {
  const text = data.toString('latin1');
  if (ACTIVE_NAME.test(decodeNames(text))) return true;
  let total = 0;
  for (const match of text.matchAll(/\bstream\r?\n/g)) {
    const dictionaryStart = Math.max(text.lastIndexOf(' obj', match.index), text.lastIndexOf('endstream', match.index));
    const dictionary = decodeNames(text.slice(Math.max(0, dictionaryStart), match.index));
    if (!/\/Type\s*\/ObjStm\b/.test(dictionary)) continue;
    if (!/\/(FlateDecode|Fl)\b/.test(dictionary)) return true;
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) return true;
    let expanded: Buffer;
    try {
      expanded = inflateSync(data.subarray(start, end), { maxOutputLength: STREAM_MAX_BYTES });
    } catch {
      return true;
    }
    total += expanded.length;
    if (total > TOTAL_MAX_BYTES) return true;
    if (ACTIVE_NAME.test(decodeNames(expanded.toString('latin1')))) return true;
  }
  return false;
}
