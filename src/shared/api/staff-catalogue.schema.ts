import { z } from 'zod';
import { CATALOGUE_CATEGORIES, PRICING_TYPES, WEEKDAYS } from '../labels';
import { PHONE_PATTERN } from '../validation';
import { catalogueItemDetail } from './catalogue.schema';
import { establishmentInfo } from './establishment.schema';
import { STAFF_MESSAGES, tooLong, flag, euros, emailField } from './staff-common.schema';

/** The catalogue and the establishment, edited by an admin. */

// ─── Catalogue (admin) ─────────────────────────────────────────────────────────────────────

const hhmm = z
  .string({ error: STAFF_MESSAGES.timeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, STAFF_MESSAGES.timeInvalid);

export const timeSlotInput = z
  .object({
    day: z.enum(WEEKDAYS, { error: 'Jour de la semaine inconnu' }),
    startTime: hhmm,
    endTime: hhmm,
    isActive: flag().default(true),
    capacity: z
      .number({ error: STAFF_MESSAGES.capacityInvalid })
      .int(STAFF_MESSAGES.capacityInvalid)
      .min(1, STAFF_MESSAGES.capacityInvalid)
      .max(10_000, STAFF_MESSAGES.capacityInvalid)
      .nullish()
      .transform((value) => value ?? null),
  })
  .refine((slot) => slot.endTime > slot.startTime, { message: STAFF_MESSAGES.slotOrder, path: ['endTime'] });
export type TimeSlotInput = z.input<typeof timeSlotInput>;

const timeSlotsField = z
  .array(timeSlotInput)
  .max(200, 'Trop de créneaux (200 au plus)')
  .refine(
    (slots) => new Set(slots.map((slot) => `${slot.day} ${slot.startTime}`)).size === slots.length,
    STAFF_MESSAGES.slotDuplicate,
  );

/** POST /api/v1/staff/catalogue/{activities|services} */
export const catalogueItemBody = z.object({
  name: z
    .string({ error: STAFF_MESSAGES.nameRequired })
    .trim()
    .min(1, STAFF_MESSAGES.nameRequired)
    .max(200, tooLong(200)),
  category: z.enum(CATALOGUE_CATEGORIES, { error: STAFF_MESSAGES.categoryInvalid }),
  description: z.string({ error: 'Description invalide' }).trim().max(5000, tooLong(5000)).default(''),
  pricing: z.object(
    {
      basePrice: euros(STAFF_MESSAGES.priceInvalid),
      pricingType: z.enum(PRICING_TYPES, { error: 'Type de tarif inconnu' }),
    },
    { error: STAFF_MESSAGES.priceInvalid },
  ),
  duration: z
    .number({ error: STAFF_MESSAGES.durationInvalid })
    .int(STAFF_MESSAGES.durationInvalid)
    .min(1, STAFF_MESSAGES.durationInvalid)
    .max(24 * 60 * 14, STAFF_MESSAGES.durationInvalid)
    .nullish()
    .transform((value) => value ?? null),
  isActive: flag().default(true),
  isFeatured: flag().default(false),
  timeSlots: timeSlotsField.default([]),
});
export type CatalogueItemBody = z.input<typeof catalogueItemBody>;

/** PUT /api/v1/staff/catalogue/{activities|services}/{id}: any subset; timeSlots replaces the whole list. */
export const catalogueItemUpdateBody = z.object({
  name: catalogueItemBody.shape.name.optional(),
  category: catalogueItemBody.shape.category.optional(),
  description: z.string({ error: 'Description invalide' }).trim().max(5000, tooLong(5000)).optional(),
  pricing: catalogueItemBody.shape.pricing.optional(),
  duration: z
    .number({ error: STAFF_MESSAGES.durationInvalid })
    .int(STAFF_MESSAGES.durationInvalid)
    .min(1, STAFF_MESSAGES.durationInvalid)
    .max(24 * 60 * 14, STAFF_MESSAGES.durationInvalid)
    .nullable()
    .optional(),
  isActive: flag().optional(),
  isFeatured: flag().optional(),
  timeSlots: timeSlotsField.optional(),
});
export type CatalogueItemUpdateBody = z.input<typeof catalogueItemUpdateBody>;

export const staffCatalogueItem = catalogueItemDetail.extend({ isFeatured: z.boolean(), updatedAt: z.string() });
export type StaffCatalogueItem = z.infer<typeof staffCatalogueItem>;

/** GET /api/v1/staff/catalogue/{activities|services}: active and inactive. */
export const staffCatalogueListResponse = z.object({ success: z.literal(true), data: z.array(staffCatalogueItem) });
export type StaffCatalogueListResponse = z.infer<typeof staffCatalogueListResponse>;

export const staffCatalogueItemResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: staffCatalogueItem,
});
export type StaffCatalogueItemResponse = z.infer<typeof staffCatalogueItemResponse>;

/**
 * POST /api/v1/staff/catalogue/{activities|services}/{id}/picture: multipart/form-data, one file field
 * `file` (JPEG, PNG or WebP, at most 5 MB); it becomes the item's picture. Answers the updated item.
 */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// ─── Establishment (admin) ─────────────────────────────────────────────────────────────────

/** PUT /api/v1/staff/establishment: answers the public establishment info. */
export const establishmentUpdateBody = z.object({
  name: z
    .string({ error: STAFF_MESSAGES.nameRequired })
    .trim()
    .min(1, STAFF_MESSAGES.nameRequired)
    .max(200, tooLong(200)),
  description: z.string({ error: 'Description invalide' }).trim().max(2000, tooLong(2000)).default(''),
  address: z.object(
    {
      street: z
        .string({ error: 'L’adresse est requise' })
        .trim()
        .min(1, 'L’adresse est requise')
        .max(200, tooLong(200)),
      zipCode: z
        .string({ error: 'Le code postal est requis' })
        .trim()
        .min(1, 'Le code postal est requis')
        .max(20, tooLong(20)),
      city: z.string({ error: 'La ville est requise' }).trim().min(1, 'La ville est requise').max(100, tooLong(100)),
      country: z.string({ error: 'Le pays est requis' }).trim().min(1, 'Le pays est requis').max(100, tooLong(100)),
    },
    { error: 'L’adresse est requise' },
  ),
  phone: z
    .string({ error: STAFF_MESSAGES.phoneInvalid })
    .trim()
    .min(1, STAFF_MESSAGES.phoneInvalid)
    .max(30, STAFF_MESSAGES.phoneInvalid)
    .regex(PHONE_PATTERN, STAFF_MESSAGES.phoneInvalid),
  email: emailField,
  website: z
    .string({ error: 'Adresse du site invalide (https://…)' })
    .trim()
    .max(300, tooLong(300))
    .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'Adresse du site invalide (https://…)'),
});
export type EstablishmentUpdateBody = z.input<typeof establishmentUpdateBody>;

export const establishmentUpdateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: establishmentInfo,
});
