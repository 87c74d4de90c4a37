import { z } from 'zod';
import { optionalPageLimit, PAGING_MESSAGES, successOf, successWithMessageOf, API_COMPONENTS } from './common.schema';
import { MESSAGE_MAX_LENGTH } from '../constants';
import { isBlank } from '../validation';
import { ATTACHMENT_MIME_TYPES, CHAT_READ_MAX, MESSAGE_TEXTS, messageLength } from '../chat-texts';

// The limits and texts live in the zod-free chat-texts.ts (docs/decisions.md, performance rule 24).
export * from '../chat-texts';

/** Who wrote a chat line: the customer side or the park's team. */
export const MESSAGE_AUTHOR_TYPES = ['client', 'team'] as const;
/** A deleted message keeps its row, without its content. */
export const MESSAGE_STATUSES = ['active', 'deleted'] as const;
/** What an uploaded file is for: a chat attachment or a catalogue picture. */
export const UPLOAD_PURPOSES = ['attachment', 'catalogue'] as const;

/**
 * C0 and C1 control characters other than tab and line breaks, and the invisible bidirectional
 * overrides that can disguise a text (Unicode "Trojan Source").
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

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

/** The lines a reader has on screen, marked as read in one call rather than one call each. */
export const markManyReadBody = z.object({
  messageIds: z
    .array(z.guid({ error: MESSAGE_TEXTS.readIdsInvalid }), { error: MESSAGE_TEXTS.readIdsInvalid })
    .min(1, { error: MESSAGE_TEXTS.readIdsInvalid })
    .max(CHAT_READ_MAX, { error: MESSAGE_TEXTS.readIdsInvalid }),
});
/** `read`: how many of them this call marked (the others were read already, their own, or not shown). */
export const markManyReadResponse = successWithMessageOf(z.object({ bookingId: z.string(), read: z.number().int() }));

// Shared in the OpenAPI document (docs/decisions.md, "The API document").
API_COMPONENTS.add(chatMessage, { id: 'ChatMessage' });
