import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogueItemResponse,
  catalogueListQuery,
  catalogueListResponse,
} from '../../../shared/api/catalogue.schema';
import { uuidParam } from '../../../shared/api/common.schema';
import type { CatalogueKind } from './catalogue.repository';
import { getCatalogueItem, listCatalogue } from './catalogue.service';

const PATHS: Record<CatalogueKind, string> = { activity: 'activities', service: 'services' };

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['activity', 'service'] as const) {
    app.get(
      `/api/v1/public-booking-requests/${PATHS[kind]}`,
      { schema: { querystring: catalogueListQuery, response: { 200: catalogueListResponse } } },
      async (request) => {
        const { isActive } = request.query;
        const data = await listCatalogue(app.db, kind, {
          isActive: isActive === undefined ? undefined : isActive === 'true',
        });
        return { success: true as const, data };
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
