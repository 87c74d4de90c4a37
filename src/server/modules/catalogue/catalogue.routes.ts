import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueItemResponse, catalogueListQuery, catalogueListResponse } from '../../../shared/api/catalogue.schema';
import { uuidParam } from '../../../shared/api/common.schema';
import { notFound } from '../../app-error';
import { CatalogueCache } from './catalogue.cache';
import type { CatalogueKind } from './catalogue.repository';
import { findPicture } from './catalogue-pictures';
import { getCatalogueItem, listCatalogue } from './catalogue.service';

const PATHS: Record<CatalogueKind, string> = { activity: 'activities', service: 'services' };

export const catalogueRoutes: FastifyPluginAsyncZod<{ cache?: CatalogueCache }> = async (app, options) => {
  // The most requested call (every wizard visit): its JSON is kept for a few seconds.
  const cache = options.cache ?? new CatalogueCache(app.config.CATALOGUE_CACHE_SECONDS * 1000);

  for (const kind of ['activity', 'service'] as const) {
    app.get(
      `/api/v1/public-booking-requests/${PATHS[kind]}`,
      {
        config: { access: 'public' },
        schema: { querystring: catalogueListQuery, response: { 200: catalogueListResponse } },
      },
      async (request, reply) => {
        const { isActive } = request.query;
        const key = `${kind}:${isActive ?? 'all'}`;
        const cached = cache.get(key);
        if (cached !== undefined) return reply.type('application/json; charset=utf-8').send(cached as never);
        const data = await listCatalogue(app.db, kind, {
          isActive: isActive === undefined ? undefined : isActive === 'true',
        });
        // Validated against the response schema once, then served as is until it expires.
        const body = JSON.stringify(catalogueListResponse.parse({ success: true, data }));
        cache.set(key, body);
        return reply.type('application/json; charset=utf-8').send(body as never);
      },
    );

    app.get(
      `/api/v1/establishment/${PATHS[kind]}/:id`,
      { config: { access: 'public' }, schema: { params: uuidParam, response: { 200: catalogueItemResponse } } },
      async (request) => ({
        success: true as const,
        data: await getCatalogueItem(app.db, kind, request.params.id),
      }),
    );
  }

  // Pictures uploaded from the back-office (the seed's own pictures stay under /uploads/catalogue/).
  app.get('/uploads/catalogue-pictures/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const picture = await findPicture(app.db, name);
    if (!picture) throw notFound('Image non trouvée');
    // Each upload gets a new name, so a stored picture never changes.
    reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('X-Content-Type-Options', 'nosniff');
    return reply.type(picture.mimetype).send(picture.data);
  });
};
