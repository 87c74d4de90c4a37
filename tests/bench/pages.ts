/**
 * Lighthouse in `npm run bench` (docs/decisions.md, "Performance"): the public pages on a phone as
 * ratios to the bare-stack reference page of the same run (score ≥ 1.1 ×, TBT ≤ the reference's),
 * and the signed-in pages against absolute floors (mobile `/dashboard` and `/booking/{id}`,
 * desktop `/admin`, ≥ 90 each).
 */
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { http2Options } from '../../src/server/tls';
import { lighthouseMedians, type LighthouseMedians, type LighthouseOptions } from './lighthouse';
import { meetsScoreRatio, ratio, row, SCORE_RATIO } from './table';

const PUBLIC_PAGES = ['/', '/reservation', '/login', '/contact'] as const;

function detailRows(path: string, product: LighthouseMedians, reference?: LighthouseMedians) {
  row([`  LCP ${path} (ms)`, product.lcpMs.toFixed(0), reference?.lcpMs.toFixed(0)]);
  row([`  CLS ${path}`, product.cls.toFixed(3), reference?.cls.toFixed(3)]);
  row(
    [
      `  accessibilité / bonnes pratiques ${path}`,
      `${product.accessibility} / ${product.bestPractices}`,
      reference && `${reference.accessibility} / ${reference.bestPractices}`,
      '',
      '≥ 95 / ≥ 95',
    ],
    product.accessibility >= 95 && product.bestPractices >= 95,
  );
}

export async function publicPagesRows(appOrigin: string, baseOut: string, tls?: { cert: Buffer; key: Buffer }) {
  // Served as the product is: over TLS and HTTP/2 when the bench measures so (run.ts).
  const bare = tls ? (Fastify(http2Options(tls)) as unknown as FastifyInstance) : Fastify();
  await bare.register(compress, { global: true });
  await bare.register(fastifyStatic, { root: baseOut });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const reference = await lighthouseMedians(
    `${tls ? 'https' : 'http'}://127.0.0.1:${(bare.server.address() as { port: number }).port}/`,
  );
  await bare.close();
  const pages: { path: string; product: LighthouseMedians }[] = [];
  for (const path of PUBLIC_PAGES) pages.push({ path, product: await lighthouseMedians(`${appOrigin}${path}`) });
  for (const { path, product } of pages) {
    row(
      [
        `Lighthouse mobile ${path}`,
        String(product.performance),
        String(reference.performance),
        ratio(product.performance, reference.performance),
        `ratio ≥ ${SCORE_RATIO.toFixed(2)}`,
      ],
      meetsScoreRatio(product.performance, reference.performance),
    );
    row(
      [
        `  TBT ${path} (ms)`,
        product.tbtMs.toFixed(0),
        reference.tbtMs.toFixed(0),
        ratio(product.tbtMs, reference.tbtMs),
        'ratio ≤ 1.00',
      ],
      product.tbtMs <= reference.tbtMs,
    );
    detailRows(path, product, reference);
  }
  return { reference, pages };
}

export async function signedInPagesRows(
  appOrigin: string,
  session: { customerToken: string; staffToken: string; bookingId: string },
) {
  const pages: [string, string, LighthouseOptions][] = [
    ['mobile', '/dashboard', { storage: { token: session.customerToken } }],
    ['mobile', `/booking/${session.bookingId}`, { storage: { token: session.customerToken } }],
    ['desktop', '/admin', { storage: { staffToken: session.staffToken }, desktop: true }],
  ];
  const measured: { path: string; product: LighthouseMedians }[] = [];
  for (const [form, path, options] of pages) {
    const product = await lighthouseMedians(`${appOrigin}${path}`, options);
    measured.push({ path, product });
    const label = path.startsWith('/booking/') ? '/booking/{id}' : path;
    row(
      [`Lighthouse ${form} ${label} (connecté)`, String(product.performance), '', '', '≥ 90'],
      product.performance >= 90,
    );
    row([`  TBT ${label} (ms)`, product.tbtMs.toFixed(0)]);
    detailRows(label, product);
  }
  return measured;
}
