import { z } from 'zod';
import { CATALOGUE_CATEGORIES, CATALOGUE_KINDS, PRICING_TYPES, WEEKDAYS } from '../labels';
import { ESTABLISHMENT_ID } from '../constants';
import { successOf, text, API_COMPONENTS } from './common.schema';

export const timeSlot = z.object({
  _id: text(),
  day: z.enum(WEEKDAYS),
  startTime: text().regex(/^\d{2}:\d{2}$/),
  endTime: text().regex(/^\d{2}:\d{2}$/),
  isActive: z.boolean(),
  capacity: z.number().int().positive().nullable(),
});
export type TimeSlot = z.infer<typeof timeSlot>;

export const catalogueImage = z.object({ url: text(), isDefault: z.boolean() });

export const catalogueItem = z.object({
  _id: text(),
  kind: z.enum(CATALOGUE_KINDS),
  name: text(),
  category: z.enum(CATALOGUE_CATEGORIES),
  description: text(),
  images: z.array(catalogueImage),
  image: text().nullable(),
  pricing: z.object({ basePrice: z.number(), pricingType: z.enum(PRICING_TYPES) }),
  availability: z.object({ duration: z.number().int().nullable() }),
  isActive: z.boolean(),
  /** One of the home page's featured activities (SPEC.md §2), set by the park. */
  isFeatured: z.boolean(),
  establishment_id: text(),
});
/** An item as the public lists show it: no time slots (they were 80 % of the list; docs/decisions.md, performance rule 10). */
export type CatalogueItem = z.infer<typeof catalogueItem>;

/** One item with its weekly time slots (GET /v1/establishment/activities/{id}). */
export const catalogueItemDetail = catalogueItem.extend({ timeSlots: z.array(timeSlot) });
export type CatalogueItemDetail = z.infer<typeof catalogueItemDetail>;

export const catalogueListQuery = z.object({
  establishment_id: text().default(ESTABLISHMENT_ID),
  isActive: z.enum(['true', 'false']).optional(),
});
export type CatalogueListQuery = z.infer<typeof catalogueListQuery>;

export const catalogueListResponse = successOf(z.array(catalogueItem));
export type CatalogueListResponse = z.infer<typeof catalogueListResponse>;

export const catalogueItemResponse = successOf(catalogueItemDetail);
export type CatalogueItemResponse = z.infer<typeof catalogueItemResponse>;

// Shared in the OpenAPI document (docs/decisions.md, "The API document").
API_COMPONENTS.add(timeSlot, { id: 'TimeSlot' });
API_COMPONENTS.add(catalogueItem, { id: 'CatalogueItem' });
