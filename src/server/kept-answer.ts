import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { $ZodType } from 'zod/v4/core';
import type { ReadCache } from './db/read-cache';
import { COMPRESS_FROM } from './plugins/compression';
import { serializeAnswer } from './response-serializer';

/**
 * A kept answer: its JSON, and its compressed bytes once a client asked for them, made once
 * rather than at every request (a busy day's planner is about 100 KB: brotli took about 6 ms a
 * request, most of its cost once kept).
 */
export interface KeptAnswer {
  json: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** The encoding the client accepts, brotli first as the compression plugin prefers it. */
function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) return undefined;
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : undefined;
}

function compressed(answer: KeptAnswer, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    // Quality 4, above the plugin's on-the-fly quality: made once per kept answer (decisions.md, rule 9).
    return (answer.br ??= brotliCompressSync(answer.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
  }
  return (answer.gzip ??= gzipSync(answer.json));
}

/**
 * Sends a read kept in memory (docs/decisions.md, "Reads kept in memory"): the answer kept under
 * `key` once every change committed before the call is known here (`getFresh`), otherwise `load`'s
 * data checked by `schema` as `{ success: true, data }`, kept when no change landed while it
 * loaded (the stamp is read first) and it is at most `maxLength` characters. The caller's access
 * is checked before (the route's guard) and is part of `key` when the answer depends on it.
 */
export async function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: { cache: ReadCache<KeptAnswer>; key: string; schema: $ZodType; maxLength?: number },
  load: () => Promise<unknown>,
): Promise<FastifyReply> {
  // Callers that miss together share one load (`ReadCache.load`); a barrier sent since the request
  // arrived (its session's) serves this read too.
  const arrived = request.arrivedAt || undefined;
  const answer = await kept.cache.load(
    kept.key,
    async () => ({ json: serializeAnswer(kept.schema, { success: true, data: await load() }, request.routeOptions) }),
    (loaded) => loaded.json.length <= (kept.maxLength ?? Infinity),
    arrived,
  );
  return sendAnswer(request, reply, answer);
}

/** Sends a kept answer's JSON, or its compressed bytes (made once) when the client accepts them. */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const encoding = answer.json.length >= COMPRESS_FROM ? acceptedEncoding(request) : undefined;
  if (!encoding) return reply.send(answer.json);
  const vary = reply.getHeader('Vary');
  // Content-Encoding set: the compression plugin leaves these bytes as they are.
  return reply
    .header('Content-Encoding', encoding)
    .header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
    .send(compressed(answer, encoding));
}
