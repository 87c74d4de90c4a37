import { z } from 'zod';
import { CATALOGUE_CATEGORIES, PRICING_TYPES, WEEKDAYS } from '../labels';
import { ESTABLISHMENT_ID } from '../constants';
import { successOf } from './common.schema';

export const timeSlot = z.object({
  _id: z.string(),
  day: z.enum(WEEKDAYS),
  startTime: z.string().regex(/^\d{2}:\d{2}$/),
  endTime: z.string().regex(/^\d{2}:\d{2}$/),
  isActive: z.boolean(),
  capacity: z.number().int().positive().nullable(),
});
export type TimeSlot = z.infer<typeof timeSlot>;

export const catalogueImage = z.object({ url: z.string(), isDefault: z.boolean() });

export const catalogueItem = z.object({
  _id: z.string(),
  kind: z.enum(['activity', 'service']),
  name: z.string(),
  category: z.enum(CATALOGUE_CATEGORIES),
  description: z.string(),
  images: z.array(catalogueImage),
  image: z.string().nullable(),
  pricing: z.object({ basePrice: z.number(), pricingType: z.enum(PRICING_TYPES) }),
  availability: z.object({ duration: z.number().int().nullable() }),
  timeSlots: z.array(timeSlot),
  isActive: z.boolean(),
  establishment_id: z.string(),
});
export type CatalogueItem = z.infer<typeof catalogueItem>;

export const catalogueListQuery = z.object({
  establishment_id: z.string().default(ESTABLISHMENT_ID),
  isActive: z.enum(['true', 'false']).optional(),
});
export type CatalogueListQuery = z.infer<typeof catalogueListQuery>;

export const catalogueListResponse = successOf(z.array(catalogueItem));
export type CatalogueListResponse = z.infer<typeof catalogueListResponse>;

export const catalogueItemResponse = successOf(catalogueItem);
export type CatalogueItemResponse = z.infer<typeof catalogueItemResponse>;
