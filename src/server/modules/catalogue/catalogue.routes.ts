import type { FastifyPluginAsync } from 'fastify';
import { catalogueListResponse } from '../../../shared/api/catalogue.schema';
import { publicCalls } from '../../../shared/api/public.contract';
import { notFound } from '../../app-error';
import { registerCall, registerDataCall } from '../../register-call';
import { CatalogueCache } from './catalogue.cache';
import { findPicture } from './catalogue-pictures';
import { getCatalogueItem, listCatalogue } from './catalogue.service';

const CALLS = {
  activity: { list: publicCalls.activities, item: publicCalls.activity },
  service: { list: publicCalls.services, item: publicCalls.service },
} as const;

export const catalogueRoutes: FastifyPluginAsync<{ cache?: CatalogueCache }> = async (app, options) => {
  // The most requested call (every wizard visit): its JSON is kept for a few seconds.
  const cache = options.cache ?? new CatalogueCache(app.config.CATALOGUE_CACHE_SECONDS * 1000);

  for (const kind of ['activity', 'service'] as const) {
    registerCall(app, CALLS[kind].list, async (request, reply) => {
      const { isActive } = request.query;
      const key = `${kind}:${isActive ?? 'all'}`;
      const cached = cache.get(key);
      if (cached !== undefined) return reply.type('application/json; charset=utf-8').send(cached);
      const data = await listCatalogue(app.db, kind, {
        isActive: isActive === undefined ? undefined : isActive === 'true',
      });
      // Validated against the response schema once, then served as is until it expires.
      const body = JSON.stringify(catalogueListResponse.parse({ success: true, data }));
      cache.set(key, body);
      return reply.type('application/json; charset=utf-8').send(body);
    });

    registerDataCall(app, CALLS[kind].item, (request) => getCatalogueItem(app.db, kind, request.params.id));
  }

  // Pictures uploaded from the back-office (the seed's own pictures stay under /uploads/catalogue/).
  registerCall(app, publicCalls.cataloguePicture, async (request, reply) => {
    const picture = await findPicture(app.db, request.params.name);
    if (!picture) throw notFound('Image non trouvée');
    // Each upload gets a new name, so a stored picture never changes.
    reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('X-Content-Type-Options', 'nosniff');
    return reply.type(picture.mimetype).send(picture.data);
  });
};
