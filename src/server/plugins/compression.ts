import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * API answers over 1 KB go out compressed when the client accepts it (docs/decisions.md, performance rule 9). Brotli at
 * quality 4 (the plugin's default) costs about as much CPU as gzip for a smaller answer; the web
 * bundle is not compressed here but at build time (dist-web/*.br, *.gz, served as they are).
 */
async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}

export default fp(compressionPlugin, { name: 'compression' });
