import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import compressionPlugin, {
  COMPRESS_FROM,
  COMPRESS_IN_ONE_CALL_UP_TO,
  ON_THE_FLY_BROTLI_QUALITY,
} from '../../../src/server/plugins/compression';

/** A booking's chat page as JSON, `lines` messages long (about 190 bytes a line). */
const chatPage = (lines: number) => ({
  success: true,
  data: Array.from({ length: lines }, (_, i) => ({
    _id: `0b6f0c1a-1234-4567-89ab-${String(i).padStart(12, '0')}`,
    content: `Bonjour Héloïse, nous serons ${i} de plus samedi : reste-t-il de la place au paintball ?`,
    createdAt: new Date(Date.UTC(2026, 6, 1, 10, i % 60)).toISOString(),
  })),
});

describe('the API answers compressed on the fly (docs/decisions.md, performance rule 9)', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(compressionPlugin);
    app.get('/page/:lines', async (request) => chatPage(Number((request.params as { lines: string }).lines)));
    await app.ready();
  });
  afterAll(() => app.close());

  it('compresses an answer of a few tens of KB in one call, at brotli quality 3, with its length known', async () => {
    const res = await app.inject({ url: '/page/150', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    const json = JSON.stringify(chatPage(150));
    expect(json.length).toBeGreaterThan(20_000);
    expect(json.length).toBeLessThan(COMPRESS_IN_ONE_CALL_UP_TO);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    // The one-call path knows the compressed size; a zlib stream's answer goes out chunked, without one.
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(ON_THE_FLY_BROTLI_QUALITY).toBe(3);
    expect(res.rawPayload).toEqual(
      brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_QUALITY } }),
    );
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(json);
  });

  it('streams a bigger answer, gzip to a client without brotli, and leaves an answer under 1 KB as it is', async () => {
    const big = await app.inject({ url: '/page/600', headers: { 'accept-encoding': 'br' } });
    expect(JSON.stringify(chatPage(600)).length).toBeGreaterThan(COMPRESS_IN_ONE_CALL_UP_TO);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(big.rawPayload).toString()).toBe(JSON.stringify(chatPage(600)));

    const gzip = await app.inject({ url: '/page/150', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(JSON.stringify(chatPage(150)));

    const small = await app.inject({ url: '/page/2', headers: { 'accept-encoding': 'br' } });
    expect(JSON.stringify(chatPage(2)).length).toBeLessThan(COMPRESS_FROM);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual(chatPage(2));
  });
});
