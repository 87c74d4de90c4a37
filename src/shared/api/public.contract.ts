import { z } from 'zod';
import { bookingTypesResponse } from './booking-types.schema';
import { catalogueItemResponse, catalogueListQuery, catalogueListResponse } from './catalogue.schema';
import { uuidParam } from './common.schema';
import { defineCall } from './contract';
import { establishmentInfoResponse, stripeConfigResponse } from './establishment.schema';

/** The park's public calls (SPEC.md §7 "Establishment" and "Public booking requests"). */
export const publicCalls = {
  establishmentInfo: defineCall({
    method: 'GET',
    path: '/api/v1/establishment/info',
    access: 'public',
    response: establishmentInfoResponse,
    summary: 'Coordonnées, horaires et mentions du parc',
  }),
  establishmentStripeConfig: defineCall({
    method: 'GET',
    path: '/api/v1/establishment/stripe-config',
    access: 'public',
    response: stripeConfigResponse,
    summary: 'Mode de paiement (stripe ou test) et clé publique',
  }),
  bookingTypes: defineCall({
    method: 'GET',
    path: '/api/v1/public-booking-requests/booking-types',
    access: 'public',
    response: bookingTypesResponse,
    summary: "Types d'événements et leurs options",
  }),
  activities: defineCall({
    method: 'GET',
    path: '/api/v1/public-booking-requests/activities',
    access: 'public',
    query: catalogueListQuery,
    response: catalogueListResponse,
    summary: 'Activités du catalogue (sans créneaux)',
  }),
  services: defineCall({
    method: 'GET',
    path: '/api/v1/public-booking-requests/services',
    access: 'public',
    query: catalogueListQuery,
    response: catalogueListResponse,
    summary: 'Prestations du catalogue (sans créneaux)',
  }),
  activity: defineCall({
    method: 'GET',
    path: '/api/v1/establishment/activities/:id',
    access: 'public',
    params: uuidParam,
    response: catalogueItemResponse,
    summary: 'Une activité avec ses créneaux',
  }),
  service: defineCall({
    method: 'GET',
    path: '/api/v1/establishment/services/:id',
    access: 'public',
    params: uuidParam,
    response: catalogueItemResponse,
    summary: 'Une prestation avec ses créneaux',
  }),
  cataloguePicture: defineCall({
    method: 'GET',
    path: '/uploads/catalogue-pictures/:name',
    access: 'public',
    params: z.object({ name: z.string() }),
    // Every stored picture is re-encoded as WebP (catalogue-pictures.public.ts).
    binaryResponse: ['image/webp'],
    summary: "Photo d'une activité ou prestation envoyée depuis le back-office",
  }),
} as const;
