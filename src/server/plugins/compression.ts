import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers under this size go out as they are: compressing them saves less than their headers. */
export const COMPRESS_FROM = 1024;

/**
 * Answers up to this size are compressed in one call on the event loop rather than through a
 * zlib stream on libuv's thread pool: a stream's set-up costs more than compressing a few tens of
 * KB, and on two cores shared by two instances the pool has no spare core to overlap it with.
 */
export const COMPRESS_IN_ONE_CALL_UP_TO = 64 * 1024;

/**
 * Brotli's quality for answers compressed at each request: quality 3 costs far less CPU than 4 for
 * answers a little bigger (docs/performance-log.md, "compressed in one call"). Answers made once
 * and kept (kept-answer.ts) keep quality 4.
 */
export const ON_THE_FLY_BROTLI_QUALITY = 3;

/**
 * API answers over 1 KB go out compressed when the client accepts it (docs/decisions.md, performance
 * rule 9); the web bundle is not compressed here but at build time (dist-web/*.br, *.gz, served as
 * they are).
 */
async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM,
    syncThreshold: COMPRESS_IN_ONE_CALL_UP_TO,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_QUALITY } },
    encodings: ['br', 'gzip'],
  });
}

export default fp(compressionPlugin, { name: 'compression' });
