/**
 * One server instance of the load bench (tests/bench/load.ts): the product's app in production
 * mode on DATABASE_URL, on a free port it prints as its first line. Stopped by SIGTERM.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';

const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! });
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: join(tmpdir(), 'none'),
  DATABASE_URL: process.env.DATABASE_URL,
  // Behind the park's reverse proxy on this machine: the rate limits count each client's address
  // (load-wizard.ts sends one per customer), not the bench's loopback one.
  TRUST_PROXY: '127.0.0.1',
});
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(String((app.server.address() as { port: number }).port));
process.on('SIGTERM', () => {
  void app.close().then(async () => {
    await database.close();
    process.exit(0);
  });
});
