import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messageCalls } from '../../shared/api/messages.contract';

/** The calls every open booking page polls (SPEC.md §9). */
const POLLED = new Set<string>([messageCalls.list.path, messageCalls.unreadCount.path]);

/**
 * The polled reads answer `304 Not Modified` when nothing changed (docs/decisions.md, "Volume and
 * indexes"): a weak ETag of the answer's bytes, so it is never stale whatever instance wrote the
 * change; `private, no-cache` lets the browser keep the answer and ask again each time, and the
 * page's request sees the kept answer (a 304 is the browser's, not the page's).
 */
async function pollEtagPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' && POLLED.has(request.routeOptions.url ?? '')) {
      reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Authorization');
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || !POLLED.has(request.routeOptions.url ?? '')) {
      return payload;
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('ETag', etag);
    const asked = request.headers['if-none-match'];
    if (asked && asked.split(',').some((tag) => tag.trim() === etag)) {
      reply.code(304).removeHeader('Content-Type').removeHeader('Content-Length');
      return '';
    }
    return payload;
  });
}

export default fp(pollEtagPlugin, { name: 'poll-etag' });
