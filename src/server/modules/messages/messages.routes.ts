import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messageCalls } from '../../../shared/api/messages.contract';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  MESSAGE_TEXTS,
  postMessageBody,
} from '../../../shared/api/messages.schema';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { AppError } from '../../app-error';
import { unreadableMultipart } from '../../multipart-errors';
import type { ServiceDeps } from '../../deps';
import { loadActor } from '../../plugins/auth';
import { notModified } from '../../plugins/poll-etag';
import { hitCounter } from '../../plugins/rate-limit-store';
import { registerCall, registerDataCall } from '../../register-call';
import { ReadCache } from '../../db/read-cache';
import { serializeAnswer } from '../../response-serializer';
import type { Actor } from '../bookings/booking-access.public';
import type { IncomingFile } from './attachments';
import * as chat from './messages.service';

/** Posting: at most this many messages per user and window, counted in the database for every instance. */
export const POST_LIMIT = { max: 20, windowMs: 60_000 };
/** How often this instance looks for digests to send. */

async function limitPosting(app: FastifyInstance, actor: Actor) {
  const key = `messages:post:${chat.readerOf(actor).key}`;
  const { current } = await hitCounter(app.db, key, POST_LIMIT.windowMs);
  if (current > POST_LIMIT.max) throw AppError.of('RATE_LIMITED', ERROR_MESSAGES.rateLimited);
}

/**
 * Reads a multipart post: the `content` field and up to 5 files of 10 MB (`attachments`, or
 * any file field). A file over the limit or one file too many is refused, never truncated.
 */
async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: IncomingFile[] }> {
  const fields: Record<string, string> = {};
  const files: IncomingFile[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: ATTACHMENT_MAX_BYTES,
        files: ATTACHMENT_MAX_FILES,
        fields: 10,
        fieldSize: 64 * 1024,
        parts: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const filename = part.filename ?? '';
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            const message = MESSAGE_TEXTS.fileTooLarge(filename.slice(0, 80) || 'sans nom');
            throw AppError.invalid('attachments', message);
          }
          throw error;
        }
        if (data.length > 0 || filename) files.push({ filename, data });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') {
      throw AppError.invalid('attachments', MESSAGE_TEXTS.tooManyFiles);
    }
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
      throw AppError.of('VALIDATION_ERROR', ERROR_MESSAGES.invalidData);
    }
    throw unreadableMultipart(error);
  }
  return { fields, files };
}

/** The POST of SPEC.md §7, under both of its paths. */
async function postMessage(
  app: FastifyInstance,
  deps: ServiceDeps,
  request: FastifyRequest<{ Params: { id: string } }>,
) {
  const { id } = request.params;
  const actor = await loadActor(app, request);
  await limitPosting(app, actor);
  // Strangers learn nothing and upload nothing: the access check comes before the files are read.
  await chat.assertChatAccess(deps, actor, id);
  const { fields, files } = request.isMultipart()
    ? await readMultipart(request)
    : { fields: (request.body ?? {}) as Record<string, unknown>, files: [] };
  const parsed = postMessageBody.safeParse(fields);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  const data = await chat.postBookingMessage(deps, actor, id, parsed.data.content, files, parsed.data.hiddenFromGuests);
  return { success: true as const, message: MESSAGE_TEXTS.sent, data };
}

/**
 * Customers and staff share these calls: no guard from the access, each handler asks
 * `loadActor` for either kind of session (401 without one).
 */
const EITHER_SESSION = { onRequest: [] };

/**
 * Chat pages kept per instance under their ETag, which holds the chat's version read from the
 * database at each call (docs/decisions.md, "Volume and indexes", the chat polls): a kept page is
 * only served for the version it was read at, so never stale, whichever instance wrote since.
 */
const PAGES_KEPT_AT_MOST = 500;
/** A poll's access and version, per chat and reader: as long as a session (2 minutes), one per open page. */
const FACTS_KEPT_MS = 120_000;
const FACTS_KEPT_AT_MOST = 50_000;

export const messageRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const keptPages = new Map<string, string>();
  // Per chat and reader: its access and version, dropped by the chat's own topic only, which its
  // version, its booking's row and its participants' rows send (rule 16): not by every booking
  // written elsewhere. Read by the polls, which write nothing.
  const keptFacts = new ReadCache<chat.ChatFacts>(app.changes, FACTS_KEPT_MS, FACTS_KEPT_AT_MOST, {
    topicOf: (key) => `chat:${key.slice(0, key.indexOf('|'))}`,
    topicOnly: true,
  });
  const pollFacts =
    (request: FastifyRequest): chat.KeepChatFacts =>
    (key, load) =>
      keptFacts.load(key, load, undefined, request.arrivedAt);
  // Encapsulated here: only the chat's post accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: ATTACHMENT_MAX_FILES } });

  // JSON or multipart: the definitions have no body schema; a JSON body is checked in the
  // handler, with a multipart one, by the same schema (postMessageBody).
  const postOptions = { ...EITHER_SESSION, schema: { body: z.unknown().optional() } };
  registerCall(app, messageCalls.post, (request) => postMessage(app, deps, request), postOptions);
  registerCall(app, messageCalls.postUnderBooking, (request) => postMessage(app, deps, request), postOptions);

  registerCall(
    app,
    messageCalls.list,
    async (request, reply) => {
      const actor = await loadActor(app, request);
      const { includeDeleted, limit, cursor } = request.query;
      const what = `list|${includeDeleted}|${limit ?? ''}|${cursor ?? ''}`;
      const { access, etag } = await chat.chatPoll(deps, actor, request.params.id, what, pollFacts(request));
      reply.type('application/json; charset=utf-8');
      // Nothing changed: the 304 reads neither the lines nor their count (poll-etag.ts drops the body).
      if (notModified(request, reply, etag)) return reply.send('');
      // The same version, reader and query: the same bytes, whoever asks without the ETag.
      const key = `${request.params.id}|${etag}`;
      let body = keptPages.get(key);
      if (body === undefined) {
        const data = await chat.listBookingMessages(
          deps,
          actor,
          request.params.id,
          includeDeleted,
          { limit, cursor },
          access,
        );
        body = serializeAnswer(messageCalls.list.response, { success: true, data }, request.routeOptions);
        if (keptPages.size >= PAGES_KEPT_AT_MOST) keptPages.clear();
        keptPages.set(key, body);
      }
      return reply.send(body);
    },
    EITHER_SESSION,
  );

  registerDataCall(
    app,
    messageCalls.unreadCount,
    async (request, reply) => {
      const actor = await loadActor(app, request);
      const { access, etag } = await chat.chatPoll(deps, actor, request.params.id, 'unread', pollFacts(request));
      if (notModified(request, reply, etag)) return { unreadCount: 0, count: 0 };
      const count = await chat.unreadCount(deps, actor, request.params.id, access);
      return { unreadCount: count, count };
    },
    EITHER_SESSION,
  );

  registerDataCall(
    app,
    messageCalls.markRead,
    async (request) => chat.markMessageRead(deps, await loadActor(app, request), request.params.id),
    { message: MESSAGE_TEXTS.read, ...EITHER_SESSION },
  );

  registerDataCall(
    app,
    messageCalls.markManyRead,
    async (request) => chat.markMessagesRead(deps, await loadActor(app, request), request.params.id, request.body),
    // The body is checked in the service, after the session (401) and the booking's access (404).
    { message: MESSAGE_TEXTS.readMany, ...EITHER_SESSION, schema: { body: z.unknown().optional() } },
  );

  registerDataCall(
    app,
    messageCalls.remove,
    async (request) => chat.deleteMessage(deps, await loadActor(app, request), request.params.id),
    { message: MESSAGE_TEXTS.deleted, ...EITHER_SESSION },
  );

  /**
   * Attachments are private to the booking: the caller sends the bearer token like any call
   * (the renderer fetches the bytes and shows a blob: URL; a token never goes into a URL).
   * Served as inert files: a sandboxing CSP, nosniff, and a download disposition for PDFs.
   */
  registerCall(
    app,
    messageCalls.attachment,
    async (request, reply) => {
      const actor = await loadActor(app, request);
      const upload = await chat.readAttachment(deps, actor, `attachments/${request.params.name}`);
      const disposition = upload.mimetype === 'application/pdf' ? 'attachment' : 'inline';
      const asciiName = upload.originalName.replace(/[^\x20-\x7E]|["\\]/g, '_');
      return reply
        .header('Content-Type', upload.mimetype)
        .header('Content-Length', String(upload.data.length))
        .header(
          'Content-Disposition',
          `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(upload.originalName)}`,
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(upload.data);
    },
    EITHER_SESSION,
  );
};
