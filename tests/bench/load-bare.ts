/**
 * The reference of the load bench (tests/bench/load.ts): a bare Fastify instance answering, for
 * each path it was given, the very bytes the product answered there, compressed as the product
 * sent them (304 to a request with an ETag to match, as the summer Saturday's polls), with no hook,
 * no session and no database. Run as the product's instances are (a process each, two of them), so
 * that the product's figures sit next to what this machine gives a server that does nothing. Reads
 * BENCH_BARE_ANSWERS (a JSON file of { path: BareAnswer }) and prints its port as its first line.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/** A product's answer: its bytes (base64) and their Content-Encoding, if any. */
export interface BareAnswer {
  body: string;
  encoding?: string;
}

const answers = new Map(
  Object.entries(JSON.parse(readFileSync(process.env.BENCH_BARE_ANSWERS!, 'utf8')) as Record<string, BareAnswer>).map(
    ([path, answer]) => [path, { body: Buffer.from(answer.body, 'base64'), encoding: answer.encoding }],
  ),
);
const bare = Fastify();
bare.get('/*', async (request, reply) => {
  // A poll sent with the ETag of its previous answer: nothing changed, as in the summer Saturday.
  if (request.headers['if-none-match']) return reply.code(304).send();
  const answer = answers.get(request.url);
  if (answer === undefined) return reply.code(404).send();
  reply.type('application/json; charset=utf-8');
  if (answer.encoding) reply.header('Content-Encoding', answer.encoding).header('Vary', 'Accept-Encoding');
  return reply.send(answer.body);
});
await bare.listen({ port: 0, host: '127.0.0.1' });
console.log(String((bare.server.address() as { port: number }).port));
process.on('SIGTERM', () => void bare.close().then(() => process.exit(0)));
