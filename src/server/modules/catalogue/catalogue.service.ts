import type { CatalogueItem, CatalogueItemDetail, TimeSlot } from '../../../shared/api/catalogue.schema';
import { ESTABLISHMENT_ID } from '../../../shared/constants';
import type { CatalogueCategory, Weekday } from '../../../shared/labels';
import { WEEKDAYS } from '../../../shared/labels';
import { centsToEuros } from '../../../shared/money';
import { isUuid } from '../../../shared/validation';
import { notFound } from '../../app-error';
import type { Db } from '../../db/client';
import type { CatalogueItemRow, CatalogueKind, TimeSlotRow } from './catalogue.repository';
import { findItem, listItems, listSlots } from './catalogue.repository';

const NOT_FOUND_MESSAGE: Record<CatalogueKind, string> = {
  activity: 'Activité non trouvée',
  service: 'Service non trouvé',
};

function toTimeSlot(row: TimeSlotRow): TimeSlot {
  return {
    _id: row.id,
    day: row.day as Weekday,
    startTime: row.startTime,
    endTime: row.endTime,
    isActive: row.isActive,
    capacity: row.capacity,
  };
}

const dayOrder = (day: string) => WEEKDAYS.indexOf(day as Weekday);

export function toCatalogueItem(row: CatalogueItemRow): CatalogueItem {
  return {
    _id: row.id,
    kind: row.kind,
    name: row.name,
    category: row.category as CatalogueCategory,
    description: row.description,
    images: row.imageUrl ? [{ url: row.imageUrl, isDefault: true }] : [],
    image: row.imageUrl,
    pricing: { basePrice: centsToEuros(row.basePriceCents), pricingType: row.pricingType },
    availability: { duration: row.durationMinutes },
    isActive: row.isActive,
    isFeatured: row.isFeatured,
    establishment_id: row.establishmentId,
  };
}

export function toCatalogueItemDetail(row: CatalogueItemRow, slots: TimeSlotRow[]): CatalogueItemDetail {
  return {
    ...toCatalogueItem(row),
    timeSlots: slots
      .filter((slot) => slot.itemId === row.id)
      .sort((a, b) => dayOrder(a.day) - dayOrder(b.day) || a.startTime.localeCompare(b.startTime))
      .map(toTimeSlot),
    isActive: row.isActive,
    isFeatured: row.isFeatured,
    establishment_id: row.establishmentId,
  };
}

export async function listCatalogue(
  db: Db,
  kind: CatalogueKind,
  options: { isActive?: boolean },
): Promise<CatalogueItem[]> {
  // The list shows no slots: the wizard reads an item's slots from its detail call.
  const rows = await listItems(db, { establishmentId: ESTABLISHMENT_ID, kind, ...options });
  return rows.map(toCatalogueItem);
}

export async function getCatalogueItem(db: Db, kind: CatalogueKind, id: string): Promise<CatalogueItemDetail> {
  // A malformed id names nothing: same 404 as an unknown one (never a SQL error).
  if (!isUuid(id)) throw notFound(NOT_FOUND_MESSAGE[kind]);
  const row = await findItem(db, { establishmentId: ESTABLISHMENT_ID, kind, id });
  if (!row) throw notFound(NOT_FOUND_MESSAGE[kind]);
  return toCatalogueItemDetail(row, await listSlots(db, [row.id]));
}
