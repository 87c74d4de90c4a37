import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messageCalls } from '../../shared/api/messages.contract';

/** The calls every open booking page polls (SPEC.md §9). */
const POLLED = new Set<string>([messageCalls.list.path, messageCalls.unreadCount.path]);

/**
 * Sets `etag` on the answer and tells whether the caller already holds it: then the handler
 * answers `304 Not Modified` without reading the answer (docs/decisions.md, "Volume and indexes",
 * the chat polls). `etag` must change whenever the answer may: the chat's version, the caller and
 * the query.
 */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('ETag', etag);
  const asked = request.headers['if-none-match'];
  if (!asked || !asked.split(',').some((tag) => tag.trim() === etag)) return false;
  reply.code(304);
  return true;
}

/**
 * The polled reads answer `304 Not Modified` when nothing changed (docs/decisions.md, "Volume and
 * indexes"): the handler sets a weak ETag from the chat's version (`notModified`), never stale
 * whatever instance wrote the change; an answer without one gets a weak ETag of its bytes.
 * `private, no-cache` lets the browser keep the answer and ask again each time, and the page's
 * request sees the kept answer (a 304 is the browser's, not the page's).
 */
async function pollEtagPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' && POLLED.has(request.routeOptions.url ?? '')) {
      reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Authorization');
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || !POLLED.has(request.routeOptions.url ?? '')) return payload;
    const hashable = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (reply.statusCode === 200 && !reply.hasHeader('ETag') && hashable) {
      notModified(request, reply, `W/"${createHash('sha1').update(payload).digest('base64url')}"`);
    }
    if (reply.statusCode !== 304) return payload;
    reply.removeHeader('Content-Type').removeHeader('Content-Length');
    return '';
  });
}

export default fp(pollEtagPlugin, { name: 'poll-etag' });
