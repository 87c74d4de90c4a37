import { z } from 'zod';
import { defineCall } from './contract';
import {
  ATTACHMENT_MAX_FILES,
  ATTACHMENT_MIME_TYPES,
  bookingMessagesParams,
  listMessagesQuery,
  markManyReadBody,
  markManyReadResponse,
  markReadResponse,
  messageListResponse,
  messageParams,
  messageResponse,
  postMessageBody,
  unreadCountResponse,
} from './messages.schema';

/**
 * The booking chat (SPEC.md §7 "Messages"). Customers and staff share these calls: the
 * server accepts either kind of session and answers as the caller's side (a customer sees only
 * their own bookings' chats, 404 otherwise), so the declared access is 'customer' (what the probe
 * checks) while the renderer calls them through the customer's or the staff's client.
 */
const POST = {
  method: 'POST',
  access: 'customer',
  params: bookingMessagesParams,
  // JSON `{ content }` or multipart (`content` + up to 5 files): no body schema, the handler
  // reads either and checks `content` with postMessageBody.
  requestContent: {
    'application/json': postMessageBody,
    'multipart/form-data': postMessageBody.extend({
      attachments: z.array(z.file()).max(ATTACHMENT_MAX_FILES).optional(),
    }),
  },
  response: messageResponse,
  status: 201,
  errors: ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
  summary: 'Nouveau message, avec ou sans pièces jointes (JSON ou multipart)',
} as const;

export const messageCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/v1/messages/booking/:id',
    access: 'customer',
    params: bookingMessagesParams,
    query: listMessagesQuery,
    response: messageListResponse,
    summary: "Messages d'une demande",
  }),
  post: defineCall({ ...POST, path: '/api/v1/messages/booking/:id' }),
  /** The same post under the path SPEC.md §7 also names. */
  postUnderBooking: defineCall({ ...POST, path: '/api/v1/customer-booking-requests/:id/messages' }),
  unreadCount: defineCall({
    method: 'GET',
    path: '/api/v1/messages/booking/:id/unread-count',
    access: 'customer',
    params: bookingMessagesParams,
    response: unreadCountResponse,
    summary: 'Nombre de messages non lus',
  }),
  markRead: defineCall({
    method: 'PUT',
    path: '/api/v1/messages/:id/read',
    access: 'customer',
    params: messageParams,
    response: markReadResponse,
    summary: 'Message marqué comme lu',
  }),
  /** What an open chat uses: a page's unread lines in one call (the per-line call stays, SPEC.md §7). */
  markManyRead: defineCall({
    method: 'PUT',
    path: '/api/v1/messages/booking/:id/read',
    access: 'customer',
    params: bookingMessagesParams,
    body: markManyReadBody,
    response: markManyReadResponse,
    summary: "Messages d'une demande marqués comme lus, en un appel",
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/v1/messages/:id',
    access: 'customer',
    params: messageParams,
    response: messageResponse,
    summary: 'Message supprimé (par son auteur)',
  }),
  /** The bytes of an attachment, with the bearer token (never in the URL); no JSON answer. */
  attachment: defineCall({
    method: 'GET',
    path: '/uploads/attachments/:name',
    access: 'customer',
    params: z.object({ name: z.string().max(200) }),
    binaryResponse: ATTACHMENT_MIME_TYPES,
    summary: "Pièce jointe d'un message",
  }),
} as const;
