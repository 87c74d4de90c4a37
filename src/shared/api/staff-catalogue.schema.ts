import { z } from 'zod';
import { requiredString, successOf, successWithMessageOf } from './common.schema';
import { CATALOGUE_CATEGORIES, PRICING_TYPES, WEEKDAYS } from '../labels';
import { normalisePhone } from '../phone';
import { PHONE_PATTERN } from '../validation';
import { catalogueItemDetail } from './catalogue.schema';
import { establishmentInfo } from './establishment.schema';
import { STAFF_MESSAGES, tooLong, flag, euros, emailField, wholeFrom1 } from './staff-common.schema';

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
    capacity: wholeFrom1(10_000, STAFF_MESSAGES.capacityInvalid)
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

const nameField = requiredString(STAFF_MESSAGES.nameRequired, 200, tooLong(200));
const descriptionField = (max: number) => z.string({ error: 'Description invalide' }).trim().max(max, tooLong(max));
/** Up to two weeks, in minutes. */
const durationField = wholeFrom1(24 * 60 * 14, STAFF_MESSAGES.durationInvalid);

/** POST /api/v1/staff/catalogue/{activities|services} */
export const catalogueItemBody = z.object({
  name: nameField,
  category: z.enum(CATALOGUE_CATEGORIES, { error: STAFF_MESSAGES.categoryInvalid }),
  description: descriptionField(5000).default(''),
  pricing: z.object(
    {
      basePrice: euros(STAFF_MESSAGES.priceInvalid),
      pricingType: z.enum(PRICING_TYPES, { error: 'Type de tarif inconnu' }),
    },
    { error: STAFF_MESSAGES.priceInvalid },
  ),
  duration: durationField.nullish().transform((value) => value ?? null),
  isActive: flag().default(true),
  isFeatured: flag().default(false),
  timeSlots: timeSlotsField.default([]),
});
export type CatalogueItemBody = z.input<typeof catalogueItemBody>;

/** PUT /api/v1/staff/catalogue/{activities|services}/{id}: any subset; timeSlots replaces the whole list. */
export const catalogueItemUpdateBody = z.object({
  name: catalogueItemBody.shape.name.optional(),
  category: catalogueItemBody.shape.category.optional(),
  description: descriptionField(5000).optional(),
  pricing: catalogueItemBody.shape.pricing.optional(),
  duration: durationField.nullable().optional(),
  isActive: flag().optional(),
  isFeatured: flag().optional(),
  timeSlots: timeSlotsField.optional(),
});
export type CatalogueItemUpdateBody = z.input<typeof catalogueItemUpdateBody>;

export const staffCatalogueItem = catalogueItemDetail.extend({ isFeatured: z.boolean(), updatedAt: z.string() });
export type StaffCatalogueItem = z.infer<typeof staffCatalogueItem>;

/** GET /api/v1/staff/catalogue/{activities|services}: active and inactive. */
export const staffCatalogueListResponse = successOf(z.array(staffCatalogueItem));
export type StaffCatalogueListResponse = z.infer<typeof staffCatalogueListResponse>;

export const staffCatalogueItemResponse = successWithMessageOf(staffCatalogueItem, z.string().optional());
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
  name: nameField,
  description: descriptionField(2000).default(''),
  address: z.object(
    {
      street: requiredString('L’adresse est requise', 200, tooLong(200)),
      zipCode: requiredString('Le code postal est requis', 20, tooLong(20)),
      city: requiredString('La ville est requise', 100, tooLong(100)),
      country: requiredString('Le pays est requis', 100, tooLong(100)),
    },
    { error: 'L’adresse est requise' },
  ),
  phone: z
    .string({ error: STAFF_MESSAGES.phoneInvalid })
    .trim()
    .min(1, STAFF_MESSAGES.phoneInvalid)
    .max(30, STAFF_MESSAGES.phoneInvalid)
    .regex(PHONE_PATTERN, STAFF_MESSAGES.phoneInvalid)
    .transform(normalisePhone),
  email: emailField,
  website: z
    .string({ error: 'Adresse du site invalide (https://…)' })
    .trim()
    .max(300, tooLong(300))
    .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'Adresse du site invalide (https://…)'),
});
export type EstablishmentUpdateBody = z.input<typeof establishmentUpdateBody>;

export const establishmentUpdateResponse = successWithMessageOf(establishmentInfo);

// ─── Park settings (the team reads, an admin edits) ──────────────────────────────────────────

/** The park's own rules (docs/decisions.md, "Card deposit ceiling"). */
export const parkSettings = z.object({ cardDepositMaxEuros: z.number().int() });
export type ParkSettings = z.infer<typeof parkSettings>;
export const parkSettingsResponse = successOf(parkSettings);

/** PUT /api/v1/staff/settings: the card deposit's ceiling in whole euros. */
export const parkSettingsBody = z.object({
  cardDepositMaxEuros: wholeFrom1(100_000, STAFF_MESSAGES.cardDepositMaxInvalid),
});
export type ParkSettingsBody = z.input<typeof parkSettingsBody>;
export const parkSettingsUpdateResponse = successWithMessageOf(parkSettings);
