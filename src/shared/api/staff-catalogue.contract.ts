import { z } from 'zod';
import { defineCall } from './contract';
import { PICTURE_MIME_TYPES } from './staff-catalogue.schema';
import {
  catalogueItemBody,
  catalogueItemParams,
  catalogueItemUpdateBody,
  catalogueKindParams,
  establishmentUpdateBody,
  establishmentUpdateResponse,
  parkSettingsBody,
  parkSettingsResponse,
  parkSettingsUpdateResponse,
  staffCatalogueItemResponse,
  staffCatalogueListResponse,
} from './staff.schema';

/**
 * Catalogue and establishment editing from the back-office: admins only (the server
 * registers them with `requireAdmin`; a `staff` member gets 403). `:kind` is 'activities' or
 * 'services'.
 */
const ITEMS = '/api/v1/staff/catalogue/:kind';

export const staffCatalogueCalls = {
  list: defineCall({
    method: 'GET',
    path: ITEMS,
    access: 'staff',
    params: catalogueKindParams,
    response: staffCatalogueListResponse,
    summary: 'Activités ou prestations, actives ou non (administrateurs)',
  }),
  item: defineCall({
    method: 'GET',
    path: `${ITEMS}/:id`,
    access: 'staff',
    params: catalogueItemParams,
    response: staffCatalogueItemResponse,
    summary: 'Une activité ou prestation avec ses créneaux (administrateurs)',
  }),
  create: defineCall({
    method: 'POST',
    path: ITEMS,
    access: 'staff',
    params: catalogueKindParams,
    body: catalogueItemBody,
    response: staffCatalogueItemResponse,
    status: 201,
    summary: 'Nouvelle activité ou prestation (administrateurs)',
  }),
  update: defineCall({
    method: 'PUT',
    path: `${ITEMS}/:id`,
    access: 'staff',
    params: catalogueItemParams,
    body: catalogueItemUpdateBody,
    response: staffCatalogueItemResponse,
    summary: 'Activité ou prestation modifiée (administrateurs)',
  }),
  /** Multipart (one `file` field, 5 Mo at most): no body schema, the handler reads the parts. */
  picture: defineCall({
    method: 'POST',
    path: `${ITEMS}/:id/picture`,
    access: 'staff',
    params: catalogueItemParams,
    requestContent: { 'multipart/form-data': z.object({ file: z.file().mime([...PICTURE_MIME_TYPES]) }) },
    response: staffCatalogueItemResponse,
    errors: ['INVALID_PICTURE', 'PAYLOAD_TOO_LARGE'],
    summary: "Photo d'une activité ou prestation, envoyée en multipart (administrateurs)",
  }),
  establishment: defineCall({
    method: 'PUT',
    path: '/api/v1/staff/establishment',
    access: 'staff',
    body: establishmentUpdateBody,
    response: establishmentUpdateResponse,
    summary: 'Coordonnées du parc modifiées (administrateurs)',
  }),
  settings: defineCall({
    method: 'GET',
    path: '/api/v1/staff/settings',
    access: 'staff',
    response: parkSettingsResponse,
    summary: 'Réglages du parc : plafond de la caution par carte (toute l’équipe)',
  }),
  updateSettings: defineCall({
    method: 'PUT',
    path: '/api/v1/staff/settings',
    access: 'staff',
    body: parkSettingsBody,
    response: parkSettingsUpdateResponse,
    summary: 'Réglages du parc modifiés (administrateurs)',
  }),
} as const;
