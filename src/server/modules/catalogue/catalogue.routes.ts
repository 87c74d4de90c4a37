import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueItemResponse, catalogueListQuery, catalogueListResponse } from '../../../shared/api/catalogue.schema';
import { uuidParam } from '../../../shared/api/common.schema';
import type { CatalogueKind } from './catalogue.repository';
import { getCatalogueItem, listCatalogue } from './catalogue.service';

const PATHS: Record<CatalogueKind, string> = { activity: 'activities', service: 'services' };

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // The most requested call (every wizard visit): its JSON is kept for a few seconds.
  const ttlMs = app.config.CATALOGUE_CACHE_SECONDS * 1000;
  const cache = new Map<string, { body: string; expiresAt: number }>();

  for (const kind of ['activity', 'service'] as const) {
    app.get(
      `/api/v1/public-booking-requests/${PATHS[kind]}`,
      { schema: { querystring: catalogueListQuery, response: { 200: catalogueListResponse } } },
      async (request, reply) => {
        const { isActive } = request.query;
        const key = `${kind}:${isActive ?? 'all'}`;
        const cached = cache.get(key);
        if (cached && cached.expiresAt > Date.now())
          return reply.type('application/json; charset=utf-8').send(cached.body as never);
        const data = await listCatalogue(app.db, kind, {
          isActive: isActive === undefined ? undefined : isActive === 'true',
        });
        // Validated against the response schema once, then served as is until it expires.
        const body = JSON.stringify(catalogueListResponse.parse({ success: true, data }));
        if (ttlMs > 0) cache.set(key, { body, expiresAt: Date.now() + ttlMs });
        return reply.type('application/json; charset=utf-8').send(body as never);
      },
    );

    app.get(
      `/api/v1/establishment/${PATHS[kind]}/:id`,
      { schema: { params: uuidParam, response: { 200: catalogueItemResponse } } },
      async (request) => ({
        success: true as const,
        data: await getCatalogueItem(app.db, kind, request.params.id),
      }),
    );
  }
};
