import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogueItemBody,
  catalogueItemParams,
  catalogueItemUpdateBody,
  catalogueKindParams,
  establishmentUpdateBody,
  establishmentUpdateResponse,
  PICTURE_MAX_BYTES,
  STAFF_MESSAGES,
  staffCatalogueItemResponse,
  staffCatalogueListResponse,
} from '../../../shared/api/staff.schema';
import { AppError } from '../../app-error';
import type { ServiceDeps } from '../../deps';
import * as catalogueAdmin from '../catalogue/catalogue-admin.service';
import type { CatalogueCache } from '../catalogue/catalogue.cache';
import { normalisePicture, storePicture } from '../catalogue/catalogue-pictures';
import { updateEstablishmentInfo } from '../establishment/establishment.service';

const KIND = { activities: 'activity', services: 'service' } as const;
const PREFIX = '/api/v1/staff/catalogue';

const pictureError = (message: string) => AppError.of('INVALID_PICTURE', message, { file: message });

/** Catalogue and establishment editing: admins only (a `staff` member gets 403). */
export const staffCatalogueRoutes: FastifyPluginAsyncZod<{
  deps: ServiceDeps;
  catalogueCache: CatalogueCache;
}> = async (app, { deps, catalogueCache }) => {
  const guard = { onRequest: app.requireAdmin };
  await app.register(multipart, {
    // One more byte than allowed, so that an oversized file is told apart from one exactly 5 MB.
    limits: { fileSize: PICTURE_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
  });

  app.get(
    `${PREFIX}/:kind`,
    { ...guard, schema: { params: catalogueKindParams, response: { 200: staffCatalogueListResponse } } },
    async (request) => ({
      success: true as const,
      data: await catalogueAdmin.listCatalogueForStaff(deps.db, KIND[request.params.kind]),
    }),
  );

  app.get(
    `${PREFIX}/:kind/:id`,
    { ...guard, schema: { params: catalogueItemParams, response: { 200: staffCatalogueItemResponse } } },
    async (request) => ({
      success: true as const,
      data: await catalogueAdmin.getCatalogueItemForStaff(deps.db, KIND[request.params.kind], request.params.id),
    }),
  );

  app.post(
    `${PREFIX}/:kind`,
    {
      ...guard,
      schema: { params: catalogueKindParams, body: catalogueItemBody, response: { 201: staffCatalogueItemResponse } },
    },
    async (request, reply) => {
      const data = await catalogueAdmin.createCatalogueItem(deps.db, KIND[request.params.kind], request.body);
      catalogueCache.clear();
      reply.status(201);
      return { success: true as const, message: STAFF_MESSAGES.catalogueCreated, data };
    },
  );

  app.put(
    `${PREFIX}/:kind/:id`,
    {
      ...guard,
      schema: {
        params: catalogueItemParams,
        body: catalogueItemUpdateBody,
        response: { 200: staffCatalogueItemResponse },
      },
    },
    async (request) => {
      const data = await catalogueAdmin.updateCatalogueItem(
        deps.db,
        KIND[request.params.kind],
        request.params.id,
        request.body,
      );
      catalogueCache.clear();
      return { success: true as const, message: STAFF_MESSAGES.catalogueUpdated, data };
    },
  );

  app.post(
    `${PREFIX}/:kind/:id/picture`,
    { ...guard, schema: { params: catalogueItemParams, response: { 200: staffCatalogueItemResponse } } },
    async (request) => {
      const kind = KIND[request.params.kind];
      await catalogueAdmin.assertCatalogueItem(deps.db, kind, request.params.id);
      if (!request.isMultipart()) throw pictureError(STAFF_MESSAGES.pictureMissing);
      const file = await request.file();
      if (!file) throw pictureError(STAFF_MESSAGES.pictureMissing);
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw pictureError(STAFF_MESSAGES.pictureTooLarge);
        throw error;
      }
      if (file.file.truncated) throw pictureError(STAFF_MESSAGES.pictureTooLarge);
      const picture = await normalisePicture(data);
      const url = await storePicture(deps.db, picture, file.filename);
      const item = await catalogueAdmin.setCatalogueImage(deps.db, kind, request.params.id, url);
      catalogueCache.clear();
      return { success: true as const, message: STAFF_MESSAGES.pictureSaved, data: item };
    },
  );

  app.put(
    '/api/v1/staff/establishment',
    { ...guard, schema: { body: establishmentUpdateBody, response: { 200: establishmentUpdateResponse } } },
    async (request) => ({
      success: true as const,
      message: STAFF_MESSAGES.establishmentSaved,
      data: await updateEstablishmentInfo(deps.db, request.body),
    }),
  );
};
