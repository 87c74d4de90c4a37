import { lineSessions } from '../../../shared/sessions';
import type { Db } from '../../db/client';
import {
  deleteBookingItemsById,
  insertBookingItems,
  listBookingItems,
  setBookingItemParticipants,
  type BookingItemRow,
} from './bookings.repository';

/**
 * Whether a line sent in a PUT follows the booking's count: as sent when the client says;
 * otherwise a saved line keeps its mark while its count is unchanged, and a line whose count
 * was set by hand (or a new line) does not follow.
 */
export function followsAfterEdit(
  line: { _id?: string; customParticipants: number; followsBookingCount?: boolean },
  before: ReadonlyMap<string, BookingItemRow>,
): boolean {
  if (line.followsBookingCount !== undefined) return line.followsBookingCount;
  const saved = line._id ? before.get(line._id) : undefined;
  return Boolean(saved?.followsBookingCount && saved.participants === line.customParticipants);
}

/**
 * After the booking's count changed: the lines that followed it are split again
 * into sessions of ≤ 50 (src/shared/sessions.ts), per item and day. Sessions that are no longer
 * needed are removed (the last ones), missing ones are added without a time slot; lines set by
 * hand keep their count. Returns the lines whose count changed and that hold a slot, for the
 * capacity check.
 */
export async function resizeFollowingLines(db: Db, bookingId: string, participants: number) {
  const items = await listBookingItems(db, bookingId);
  const groups = new Map<string, BookingItemRow[]>();
  for (const item of items) {
    if (!item.followsBookingCount) continue;
    const key = `${item.kind}:${item.catalogueItemId}:${item.scheduledDate}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  let nextSort = Math.max(0, ...items.map((item) => item.sortOrder)) + 1;
  const changed: BookingItemRow[] = [];
  const removed: string[] = [];
  const added: (typeof items)[number][] = [];
  for (const group of groups.values()) {
    const sizes = lineSessions(group[0]!.pricingType, participants);
    // Sessions with a chosen slot are kept first.
    const ordered = [...group].sort(
      (a, b) => Number(b.startTime !== null) - Number(a.startTime !== null) || a.sortOrder - b.sortOrder,
    );
    ordered.forEach((item, index) => {
      const size = sizes[index];
      if (size === undefined) removed.push(item.id);
      else if (item.participants !== size) {
        changed.push({ ...item, participants: size });
      }
    });
    for (let index = ordered.length; index < sizes.length; index += 1) {
      added.push({ ...ordered[0]!, participants: sizes[index]!, startTime: null, endTime: null, sortOrder: nextSort });
      nextSort += 1;
    }
  }
  for (const item of changed) await setBookingItemParticipants(db, item.id, item.participants);
  await deleteBookingItemsById(db, removed);
  await insertBookingItems(
    db,
    added.map(({ id: _id, createdAt: _createdAt, ...values }) => values),
  );
  return changed.filter((item) => item.startTime !== null);
}
