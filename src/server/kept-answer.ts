import type { FastifyReply, FastifyRequest } from 'fastify';
import type { $ZodType } from 'zod/v4/core';
import type { ReadCache } from './db/change-feed';
import { serializeAnswer } from './response-serializer';

/**
 * Sends a read kept in memory (docs/decisions.md, "Reads kept in memory"): the JSON kept under
 * `key` once every change committed before the call is known here (`getFresh`), otherwise `load`'s
 * data checked by `schema` as `{ success: true, data }`, kept when no change landed while it
 * loaded (the stamp is read first) and it is at most `maxLength` characters. The caller's access
 * is checked before (the route's guard) and is part of `key` when the answer depends on it.
 */
export async function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: { cache: ReadCache<string>; key: string; schema: $ZodType; maxLength?: number },
  load: () => Promise<unknown>,
): Promise<FastifyReply> {
  let body = await kept.cache.getFresh(kept.key);
  if (body === undefined) {
    const stamp = kept.cache.stamp();
    const data = await load();
    body = serializeAnswer(kept.schema, { success: true, data }, request.routeOptions);
    if (body.length <= (kept.maxLength ?? Infinity)) kept.cache.set(kept.key, body, stamp);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}
