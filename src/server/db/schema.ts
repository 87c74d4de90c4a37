import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const establishments = pgTable('establishments', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  legalName: text('legal_name').notNull(),
  siret: text('siret').notNull(),
  description: text('description').notNull(),
  street: text('street').notNull(),
  zipCode: text('zip_code').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  website: text('website').notNull(),
  openingHours: jsonb('opening_hours').$type<{ label: string; hours: string }[]>().notNull(),
  socialLinks: jsonb('social_links').$type<{ network: string; url: string }[]>().notNull(),
  ...timestamps,
});

/** Activities and services share one table: same fields, told apart by `kind`. */
export const catalogueItems = pgTable(
  'catalogue_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id),
    kind: text('kind', { enum: ['activity', 'service'] }).notNull(),
    /** Stable seed key so the seed can be re-run without duplicating items. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    basePriceCents: integer('base_price_cents').notNull(),
    pricingType: text('pricing_type', { enum: ['per_person', 'flat'] }).notNull(),
    durationMinutes: integer('duration_minutes'),
    imageUrl: text('image_url'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('catalogue_items_establishment_slug').on(table.establishmentId, table.slug),
    index('catalogue_items_kind_active').on(table.establishmentId, table.kind, table.isActive),
  ],
);

export const timeSlots = pgTable(
  'time_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => catalogueItems.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Optional maximum of participants across all bookings of this slot on one date. */
    capacity: integer('capacity'),
  },
  (table) => [
    index('time_slots_item').on(table.itemId),
    uniqueIndex('time_slots_item_day_start').on(table.itemId, table.day, table.startTime),
  ],
);

