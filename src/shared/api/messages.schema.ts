import { z } from 'zod';
import { optionalPageLimit, PAGING_MESSAGES, successOf, successWithMessageOf, API_COMPONENTS } from './common.schema';
import { MESSAGE_MAX_LENGTH } from '../constants';
import { isBlank } from '../validation';

/** Limits of the booking chat (SPEC.md §5, §9). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_MAX_FILES = 5;
export const ATTACHMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type AttachmentMimeType = (typeof ATTACHMENT_MIME_TYPES)[number];

/** Who wrote a chat line: the customer side or the park's team. */
export const MESSAGE_AUTHOR_TYPES = ['client', 'team'] as const;
/** A deleted message keeps its row, without its content. */
export const MESSAGE_STATUSES = ['active', 'deleted'] as const;
/** What an uploaded file is for: a chat attachment or a catalogue picture. */
export const UPLOAD_PURPOSES = ['attachment', 'catalogue'] as const;

/** The French texts of the chat calls, spelled out once for the server, the renderer and the tests. */
export const MESSAGE_TEXTS = {
  guestCannotHide: 'Un invité d’honneur ne peut pas cacher un message',
  hiddenInvalid: 'Indiquez si le message est caché pour l’invité d’honneur',
  contentRequired: 'Le message ne peut pas être vide',
  contentTooLong: `Le message ne peut pas dépasser ${MESSAGE_MAX_LENGTH} caractères`,
  controlCharacters: 'Le message contient des caractères non autorisés',
  messageNotFound: 'Message non trouvé',
  onlyAuthorDeletes: 'Seul l’auteur d’un message peut le supprimer',
  alreadyDeleted: 'Ce message a déjà été supprimé',
  tooManyFiles: `Vous pouvez joindre au maximum ${ATTACHMENT_MAX_FILES} fichiers par message`,
  fileTooLarge: (name: string) => `Le fichier « ${name} » dépasse la taille maximale de 10 Mo`,
  fileType: (name: string) =>
    `Le fichier « ${name} » n’est pas accepté : seuls les images JPEG, PNG, WebP et les documents PDF le sont`,
  fileUnreadable: (name: string) => `Le fichier « ${name} » est illisible ou endommagé`,
  attachmentNotFound: 'Pièce jointe non trouvée',
  sent: 'Message envoyé',
  deleted: 'Message supprimé',
  read: 'Message marqué comme lu',
} as const;

/**
 * C0 and C1 control characters other than tab and line breaks, and the invisible bidirectional
 * overrides that can disguise a text (Unicode "Trojan Source").
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** Length as a person counts it: an emoji is one character, not two UTF-16 units. */
export function messageLength(value: string): number {
  return Array.from(value).length;
}

export const messageContent = z
  .string({ error: MESSAGE_TEXTS.contentRequired })
  .transform((value) => value.trim())
  // Blank: nothing but white space and invisible characters (zero-width space, soft hyphen…).
  .refine((value) => !isBlank(value), { message: MESSAGE_TEXTS.contentRequired, abort: true })
  .refine((value) => messageLength(value) <= MESSAGE_MAX_LENGTH, { message: MESSAGE_TEXTS.contentTooLong, abort: true })
  .refine((value) => !FORBIDDEN_CHARACTERS.test(value), { message: MESSAGE_TEXTS.controlCharacters });

/** POST /v1/messages/booking/{id} and /v1/customer-booking-requests/{id}/messages (JSON or multipart fields). */
export const postMessageBody = z.object({
  content: messageContent,
  /** Hidden from the booking's guests of honour (surprise mode): a boolean, or 'true'/'false' in a multipart form. */
  hiddenFromGuests: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: MESSAGE_TEXTS.hiddenInvalid })
    .optional()
    .transform((value) => value === true || value === 'true'),
});
export type PostMessageBody = z.infer<typeof postMessageBody>;

export const bookingMessagesParams = z.object({ id: z.string() });
export const messageParams = z.object({ id: z.string() });

/**
 * `includeDeleted=true` (or 1) also lists deleted lines, without their content; anything else does not.
 * With `limit`, the answer is the last `limit` lines (the chat opens on its last page) and
 * `cursor` (a `nextCursor`) the `limit` lines before that one; without it, every line.
 */
export const listMessagesQuery = z.object({
  includeDeleted: z
    .string()
    .optional()
    .transform((value) => value === 'true' || value === '1'),
  limit: optionalPageLimit(),
  cursor: z.guid({ error: PAGING_MESSAGES.cursor }).optional(),
});
export type ListMessagesOptions = Pick<z.output<typeof listMessagesQuery>, 'limit' | 'cursor'>;

export const messageAttachment = z.object({
  originalName: z.string(),
  /** Under /uploads/ (SPEC.md §7), e.g. 'attachments/<uuid>.jpg'. Fetched with the bearer token. */
  relativePath: z.string(),
  mimetype: z.enum(ATTACHMENT_MIME_TYPES),
  size: z.number().int(),
});
export type MessageAttachment = z.infer<typeof messageAttachment>;

/** SPEC.md §3 message, plus what the reader needs: whether it is their own and whether they read it. */
export const chatMessage = z.object({
  _id: z.string(),
  bookingId: z.string(),
  authorType: z.enum(MESSAGE_AUTHOR_TYPES),
  /** The customer's id for client messages; null for the team's (shown as 'Équipe'). */
  authorId: z.string().nullable(),
  authorName: z.string(),
  content: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  deletedAt: z.string().nullable(),
  createdAt: z.string(),
  attachments: z.array(messageAttachment),
  isOwn: z.boolean(),
  isRead: z.boolean(),
  /** Hidden from the booking's guests of honour (surprise mode): they never receive it. */
  hiddenFromGuests: z.boolean().optional(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const messageListResponse = successOf(
  z.object({
    /** Oldest first: the whole chat, or with `limit` one page of it. */
    messages: z.array(chatMessage),
    /** How many lines the chat has in all. */
    total: z.number().int(),
    /** The `cursor` of the older lines, null when there is none (always without `limit`). */
    nextCursor: z.string().nullable(),
  }),
);
export type MessageListResponse = z.infer<typeof messageListResponse>;

export const messageResponse = successWithMessageOf(chatMessage);
export type MessageResponse = z.infer<typeof messageResponse>;

/** `count` is the same number as `unreadCount`, under the shorter name some clients read. */
export const unreadCountResponse = successOf(z.object({ unreadCount: z.number().int(), count: z.number().int() }));
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;

export const markReadResponse = successWithMessageOf(z.object({ _id: z.string(), isRead: z.literal(true) }));

// Shared in the OpenAPI document (docs/decisions.md, "The API document").
API_COMPONENTS.add(chatMessage, { id: 'ChatMessage' });
