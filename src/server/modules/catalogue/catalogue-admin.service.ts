import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  STAFF_MESSAGES,
  type catalogueItemBody,
  type catalogueItemUpdateBody,
  type StaffCatalogueItem,
} from '../../../shared/api/staff.schema';
import { ESTABLISHMENT_ID } from '../../../shared/constants';
import { eurosToCents } from '../../../shared/money';
import { isUuid } from '../../../shared/validation';
import { notFound } from '../../app-error';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import {
  findItem,
  insertItem,
  listItemsWithSlots,
  listSlots,
  nextSortOrder,
  replaceSlots,
  updateItem,
  type CatalogueItemRow,
  type CatalogueKind,
  type TimeSlotRow,
} from './catalogue.repository';
import { toCatalogueItemDetail } from './catalogue.service';

/** The back-office view: the public item plus what only the team edits. */
export function toStaffCatalogueItem(row: CatalogueItemRow, slots: TimeSlotRow[]): StaffCatalogueItem {
  return { ...toCatalogueItemDetail(row, slots), isFeatured: row.isFeatured, updatedAt: row.updatedAt.toISOString() };
}

/** A stable, readable key for a new item (the seed's slugs are its own names). */
function newSlug(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'element'}-${randomBytes(3).toString('hex')}`;
}

export async function listCatalogueForStaff(db: Db, kind: CatalogueKind): Promise<StaffCatalogueItem[]> {
  const rows = await listItemsWithSlots(db, { establishmentId: ESTABLISHMENT_ID, kind });
  return rows.map(({ item, slots }) => toStaffCatalogueItem(item, slots));
}

async function findOwnItem(db: Db, kind: CatalogueKind, id: string): Promise<CatalogueItemRow> {
  if (!isUuid(id)) throw notFound(STAFF_MESSAGES.catalogueNotFound);
  const row = await findItem(db, { establishmentId: ESTABLISHMENT_ID, kind, id });
  if (!row) throw notFound(STAFF_MESSAGES.catalogueNotFound);
  return row;
}

export async function getCatalogueItemForStaff(db: Db, kind: CatalogueKind, id: string) {
  const row = await findOwnItem(db, kind, id);
  return toStaffCatalogueItem(row, await listSlots(db, [row.id]));
}

export async function createCatalogueItem(db: Db, kind: CatalogueKind, body: z.output<typeof catalogueItemBody>) {
  return inTransaction(db, async (db) => {
    const row = await insertItem(db, {
      establishmentId: ESTABLISHMENT_ID,
      kind,
      slug: newSlug(body.name),
      name: body.name,
      category: body.category,
      description: body.description,
      basePriceCents: eurosToCents(body.pricing.basePrice),
      pricingType: body.pricing.pricingType,
      durationMinutes: body.duration,
      isActive: body.isActive,
      isFeatured: body.isFeatured,
      sortOrder: await nextSortOrder(db, ESTABLISHMENT_ID, kind),
    });
    await replaceSlots(db, row.id, body.timeSlots);
    return toStaffCatalogueItem(row, await listSlots(db, [row.id]));
  });
}

/**
 * Changes an item; lines already in bookings keep the name and price they were written with
 * (booking_items stores its own copy), so a price change only affects new lines.
 */
export async function updateCatalogueItem(
  db: Db,
  kind: CatalogueKind,
  id: string,
  body: z.output<typeof catalogueItemUpdateBody>,
) {
  const existing = await findOwnItem(db, kind, id);
  return inTransaction(db, async (db) => {
    const row = await updateItem(db, existing.id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.category !== undefined ? { category: body.category } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.pricing !== undefined
        ? { basePriceCents: eurosToCents(body.pricing.basePrice), pricingType: body.pricing.pricingType }
        : {}),
      ...(body.duration !== undefined ? { durationMinutes: body.duration } : {}),
      ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
      ...(body.isFeatured !== undefined ? { isFeatured: body.isFeatured } : {}),
    });
    if (body.timeSlots) await replaceSlots(db, existing.id, body.timeSlots);
    return toStaffCatalogueItem(row!, await listSlots(db, [existing.id]));
  });
}

export async function setCatalogueImage(db: Db, kind: CatalogueKind, id: string, imageUrl: string) {
  const existing = await findOwnItem(db, kind, id);
  const row = await updateItem(db, existing.id, { imageUrl });
  return toStaffCatalogueItem(row!, await listSlots(db, [existing.id]));
}

/** Checks the item exists before a picture is processed (404 rather than a wasted upload). */
export async function assertCatalogueItem(db: Db, kind: CatalogueKind, id: string) {
  await findOwnItem(db, kind, id);
}
