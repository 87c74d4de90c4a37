import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { staffCatalogueCalls } from '../../../shared/api/staff-catalogue.contract';
import { PICTURE_MAX_BYTES, STAFF_MESSAGES } from '../../../shared/api/staff.schema';
import { AppError } from '../../app-error';
import { unreadableMultipart } from '../../multipart-errors';
import type { ServiceDeps } from '../../deps';
import { registerDataCall } from '../../register-call';
import * as catalogueAdmin from '../catalogue/catalogue-admin.service';
import { normalisePicture, storePicture } from '../catalogue/catalogue-pictures.public';
import { getParkSettings, updateEstablishmentInfo, updateParkSettings } from '../establishment/establishment.service';

const KIND = { activities: 'activity', services: 'service' } as const;

const pictureError = (message: string) => AppError.of('INVALID_PICTURE', message, { file: message });

/** Catalogue and establishment editing: admins only (a `staff` member gets 403). */
export const staffCatalogueRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const adminOnly = { onRequest: app.requireAdmin };
  await app.register(multipart, {
    // One more byte than allowed, so that an oversized file is told apart from one exactly 5 MB.
    limits: { fileSize: PICTURE_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
  });

  registerDataCall(
    app,
    staffCatalogueCalls.list,
    (request) => catalogueAdmin.listCatalogueForStaff(deps.db, KIND[request.params.kind]),
    adminOnly,
  );

  registerDataCall(
    app,
    staffCatalogueCalls.item,
    (request) => catalogueAdmin.getCatalogueItemForStaff(deps.db, KIND[request.params.kind], request.params.id),
    adminOnly,
  );

  registerDataCall(
    app,
    staffCatalogueCalls.create,
    (request) => catalogueAdmin.createCatalogueItem(deps.db, KIND[request.params.kind], request.body),
    { message: STAFF_MESSAGES.catalogueCreated, ...adminOnly },
  );

  registerDataCall(
    app,
    staffCatalogueCalls.update,
    (request) =>
      catalogueAdmin.updateCatalogueItem(deps.db, KIND[request.params.kind], request.params.id, request.body),
    { message: STAFF_MESSAGES.catalogueUpdated, ...adminOnly },
  );

  // Multipart: the definition has no body schema, the one `file` part is read here.
  registerDataCall(
    app,
    staffCatalogueCalls.picture,
    async (request) => {
      const kind = KIND[request.params.kind];
      await catalogueAdmin.assertCatalogueItem(deps.db, kind, request.params.id);
      if (!request.isMultipart()) throw pictureError(STAFF_MESSAGES.pictureMissing);
      const file = await request.file().catch((error: unknown) => {
        throw unreadableMultipart(error);
      });
      if (!file) throw pictureError(STAFF_MESSAGES.pictureMissing);
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw pictureError(STAFF_MESSAGES.pictureTooLarge);
        throw unreadableMultipart(error);
      }
      if (file.file.truncated) throw pictureError(STAFF_MESSAGES.pictureTooLarge);
      const picture = await normalisePicture(data);
      const url = await storePicture(deps.db, picture, file.filename);
      return catalogueAdmin.setCatalogueImage(deps.db, kind, request.params.id, url);
    },
    { message: STAFF_MESSAGES.pictureSaved, ...adminOnly },
  );

  registerDataCall(
    app,
    staffCatalogueCalls.establishment,
    (request) => updateEstablishmentInfo(deps.db, request.body),
    { message: STAFF_MESSAGES.establishmentSaved, ...adminOnly },
  );

  // Every team member reads the settings (the payment form says the ceiling); admins change them.
  registerDataCall(app, staffCatalogueCalls.settings, () => getParkSettings(deps.db));
  registerDataCall(app, staffCatalogueCalls.updateSettings, (request) => updateParkSettings(deps.db, request.body), {
    message: STAFF_MESSAGES.settingsSaved,
    ...adminOnly,
  });
};
