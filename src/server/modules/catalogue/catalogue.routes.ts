import type { FastifyPluginAsync } from 'fastify';
import { catalogueListResponse } from '../../../shared/api/catalogue.schema';
import { publicCalls } from '../../../shared/api/public.contract';
import { notFound } from '../../app-error';
import { ReadCache } from '../../db/read-cache';
import { registerCall, registerDataCall } from '../../register-call';
import { findPicture } from './catalogue-pictures.public';
import { getCatalogueItem, listCatalogue } from './catalogue.service';

const CALLS = {
  activity: { list: publicCalls.activities, item: publicCalls.activity },
  service: { list: publicCalls.services, item: publicCalls.service },
} as const;

/** Four lists at most: activities and services, all or filtered on isActive. */
const LISTS_KEPT_AT_MOST = 8;

export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  // The most requested call (every wizard visit): its JSON is kept by this instance until the
  // database changes, CATALOGUE_CACHE_SECONDS at most (docs/decisions.md, performance rule 16).
  // Served after the read barrier: a staff edit answered by another instance shows here at once.
  const cache = new ReadCache<string>(app.changes, app.config.CATALOGUE_CACHE_SECONDS * 1000, LISTS_KEPT_AT_MOST);

  for (const kind of ['activity', 'service'] as const) {
    registerCall(app, CALLS[kind].list, async (request, reply) => {
      const { isActive } = request.query;
      const key = `${kind}:${isActive ?? 'all'}`;
      const cached = await cache.getFresh(key);
      if (cached !== undefined) return reply.type('application/json; charset=utf-8').send(cached);
      const stamp = cache.stamp();
      const data = await listCatalogue(app.db, kind, {
        isActive: isActive === undefined ? undefined : isActive === 'true',
      });
      // Validated against the response schema once, then served as is while it is kept.
      const body = JSON.stringify(catalogueListResponse.parse({ success: true, data }));
      cache.set(key, body, stamp);
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
