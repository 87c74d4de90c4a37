import type { z } from 'zod';
import { eventDateMessage, WIZARD_MESSAGES } from '../../../shared/api/booking-request.schema';
import {
  BOOKING_EDIT_MESSAGES,
  type EditLineInput,
  type updateBookingBody,
} from '../../../shared/api/customer-booking.schema';
import { addIsoDays, daysBetween, todayInParis, tomorrowInParis } from '../../../shared/booking-days';
import { ESTABLISHMENT_ID, MAX_EVENT_DAYS } from '../../../shared/constants';
import { WEEKDAYS, type Weekday } from '../../../shared/labels';
import { isUuid } from '../../../shared/validation';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import type { ServiceDeps } from '../../deps';
import type { BookingAccess } from './booking-access.public';
import { followsAfterEdit, resizeFollowingLines } from './line-sessions';
import { countActiveParticipants } from './participants.repository';
import {
  bookedOnSlot,
  deleteBookingItems,
  findCatalogueRows,
  insertBookingItems,
  listBookingItems,
  listSlotsOf,
  lockSlot,
  updateBookingIfUnchanged,
  updateBookingItemDates,
  type BookingItemRow,
  type CatalogueRow,
} from './bookings.repository';

/**
 * The schedule of a booking: line planning against the catalogue and the event's days, the date
 * shift, slot capacity. Used by the customer's edit and the team's (staff-actions.service.ts).
 */

/** What a line keeps from the catalogue as it was when the line was written. */
type LinePricing = Pick<BookingItemRow, 'name' | 'category' | 'basePriceCents' | 'pricingType' | 'durationMinutes'>;

interface PlannedLine {
  kind: 'activity' | 'service';
  item: CatalogueRow;
  pricing: LinePricing;
  scheduledDate: string;
  startTime: string | null;
  endTime: string | null;
  participants: number;
  followsBookingCount: boolean;
}

const weekdayOf = (day: string): Weekday => WEEKDAYS[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7]!;

async function planLines(
  db: Db,
  kind: 'activity' | 'service',
  lines: EditLineInput[],
  range: { startDate: string; lastDay: string },
  before: ReadonlyMap<string, BookingItemRow>,
): Promise<PlannedLine[]> {
  const ids = lines.map((line) => (kind === 'activity' ? line.catalogActivityId : line.catalogServiceId) ?? '');
  const catalogue = new Map(
    (
      await findCatalogueRows(
        db,
        ids.filter((id) => isUuid(id)),
      )
    ).map((row) => [row.id, row]),
  );
  const slots = await listSlotsOf(db, [...catalogue.keys()]);
  const today = todayInParis();
  return lines.map((line, index) => {
    const item = catalogue.get(ids[index]!);
    // A saved line sent back for the same item keeps the price, name and duration it was written
    // with (a price change never changes lines already in bookings), even once the item
    // is withdrawn; a new line is priced from the catalogue and needs an item still offered.
    const saved = line._id ? before.get(line._id) : undefined;
    const kept = saved && item && saved.kind === kind && saved.catalogueItemId === item.id ? saved : undefined;
    if (!item || item.kind !== kind || item.establishmentId !== ESTABLISHMENT_ID || !(item.isActive || kept)) {
      throw AppError.invalid(
        kind === 'activity' ? 'bookingActivities' : 'bookingServices',
        item?.isActive === false
          ? BOOKING_EDIT_MESSAGES.itemWithdrawn(item.name)
          : ids[index]
            ? `${WIZARD_MESSAGES.unknownItem} : ${ids[index]}`
            : kind === 'activity'
              ? 'Chaque activité doit indiquer son identifiant dans le catalogue (catalogActivityId)'
              : 'Chaque service doit indiquer son identifiant dans le catalogue (catalogServiceId)',
      );
    }
    if (line.scheduledDate < today) throw AppError.invalid('scheduledDate', WIZARD_MESSAGES.pastDate);
    if (line.scheduledDate < range.startDate || line.scheduledDate > range.lastDay) {
      throw AppError.invalid('scheduledDate', WIZARD_MESSAGES.activityDayOutOfRange);
    }
    let startTime: string | null = null;
    let endTime: string | null = null;
    if (line.selectedTimeSlot) {
      const slot = activeSlot(slots, item.id, line.scheduledDate, line.selectedTimeSlot);
      startTime = slot.startTime;
      endTime = slot.endTime;
    }
    return {
      kind,
      item,
      pricing: kept ?? item,
      scheduledDate: line.scheduledDate,
      startTime,
      endTime,
      participants: line.customParticipants,
      followsBookingCount: followsAfterEdit(line, before),
    };
  });
}

type SlotRow = Awaited<ReturnType<typeof listSlotsOf>>[number];

/** The item's active slot at these times on the day's weekday, or the "slot unavailable" refusal. */
function activeSlot(
  slots: SlotRow[],
  itemId: string,
  date: string,
  times: { startTime: string | null; endTime: string | null },
): SlotRow {
  const day = weekdayOf(date);
  const slot = slots.find(
    (candidate) =>
      candidate.itemId === itemId &&
      candidate.isActive &&
      candidate.day === day &&
      candidate.startTime === times.startTime &&
      candidate.endTime === times.endTime,
  );
  if (!slot) throw AppError.of('SLOT_UNAVAILABLE', BOOKING_EDIT_MESSAGES.slotUnavailable);
  return slot;
}

type SlottedLine = Pick<PlannedLine, 'scheduledDate' | 'startTime' | 'endTime' | 'participants'> & {
  item: { id: string };
};

/**
 * Lines not sent in a PUT that moved with the start date keep their slot: it must exist and be
 * active on the new weekday (the same rule as for the lines sent).
 */
async function movedSlottedLines(db: Db, items: BookingItemRow[]): Promise<SlottedLine[]> {
  const moved = items.filter((item) => item.startTime !== null);
  const slots = await listSlotsOf(db, [...new Set(moved.map((item) => item.catalogueItemId))]);
  return moved.map((item) => {
    activeSlot(slots, item.catalogueItemId, item.scheduledDate, { startTime: item.startTime, endTime: item.endTime });
    return {
      item: { id: item.catalogueItemId },
      scheduledDate: item.scheduledDate,
      startTime: item.startTime,
      endTime: item.endTime,
      participants: item.participants,
    };
  });
}

/** Refuses a schedule that would overbook a slot, counting every live request (DESIGN.md §4). */
async function checkCapacity(db: Tx, bookingId: string, lines: SlottedLine[]) {
  const slots = await listSlotsOf(db, [...new Set(lines.map((line) => line.item.id))]);
  const demand = new Map<
    string,
    { slotId: string; capacity: number; itemId: string; date: string; startTime: string; wanted: number }
  >();
  for (const line of lines) {
    if (!line.startTime) continue;
    const day = weekdayOf(line.scheduledDate);
    const slot = slots.find((s) => s.itemId === line.item.id && s.day === day && s.startTime === line.startTime);
    if (!slot || slot.capacity === null) continue;
    const key = `${slot.id}:${line.scheduledDate}`;
    const entry = demand.get(key) ?? {
      slotId: slot.id,
      capacity: slot.capacity,
      itemId: line.item.id,
      date: line.scheduledDate,
      startTime: slot.startTime,
      wanted: 0,
    };
    entry.wanted += line.participants;
    demand.set(key, entry);
  }
  // Lock in a stable order so that two edits never wait on each other forever.
  for (const entry of [...demand.values()].sort((a, b) => a.slotId.localeCompare(b.slotId))) {
    await lockSlot(db, entry.slotId);
    const taken = await bookedOnSlot(
      db,
      { itemId: entry.itemId, date: entry.date, startTime: entry.startTime },
      bookingId,
    );
    if (taken + entry.wanted > entry.capacity) {
      throw AppError.of('SLOT_FULL', BOOKING_EDIT_MESSAGES.slotFull(Math.max(0, entry.capacity - taken)));
    }
  }
}

/**
 * The `lastModified` a schedule edit was made against (checked before the booking is even read);
 * undefined when none was sent: the edit then applies to the booking as it stands.
 */
function lastModifiedOf(body: z.output<typeof updateBookingBody>): Date | undefined {
  if (body.lastModified === undefined) return undefined;
  const lastModified = new Date(body.lastModified);
  if (Number.isNaN(lastModified.getTime()))
    throw AppError.invalid('lastModified', BOOKING_EDIT_MESSAGES.lastModifiedInvalid);
  return lastModified;
}

const staleWrite = () => AppError.of('STALE_WRITE', BOOKING_EDIT_MESSAGES.stale);

/**
 * The schedule edit itself (participants, dates, lines), under the capacity rules, refused (409)
 * if someone changed the request since `sentLastModified`; without one, made against the version
 * just read. The caller holds the row lock and has checked who may edit (the organizer under the
 * editing rule, or the team).
 */
async function applyScheduleEdit(
  db: Tx,
  booking: BookingAccess['booking'],
  body: z.output<typeof updateBookingBody>,
  sentLastModified: Date | undefined,
) {
  const lastModified = sentLastModified ?? booking.updatedAt;
  if (booking.updatedAt.toISOString() !== lastModified.toISOString()) throw staleWrite();
  // The count is the list's limit (docs/decisions.md, "Joining"): never below the people already in it.
  if (body.participants !== undefined && body.participants < booking.participants) {
    const listed = await countActiveParticipants(db, booking.id);
    if (body.participants < listed)
      throw AppError.invalid('participants', BOOKING_EDIT_MESSAGES.participantsBelowList(listed));
  }
  const startDate = body.startDate ?? booking.startDate;
  const dateMessage = body.startDate ? eventDateMessage(body.startDate, tomorrowInParis()) : undefined;
  if (body.startDate && body.startDate !== booking.startDate && dateMessage)
    throw AppError.invalid('startDate', dateMessage);
  const shift = daysBetween(booking.startDate, startDate);
  const range = { startDate, lastDay: addIsoDays(startDate, MAX_EVENT_DAYS - 1) };

  const before = new Map((await listBookingItems(db, booking.id)).map((item) => [item.id, item]));
  // Lines not sent keep their place relative to the start: they move with the date.
  if (shift !== 0) await updateBookingItemDates(db, booking.id, shift);
  const participants = body.participants ?? booking.participants;
  const written: SlottedLine[] = [];
  for (const [kind, lines] of [
    ['activity', body.bookingActivities],
    ['service', body.bookingServices],
  ] as const) {
    if (!lines) continue;
    const planned = await planLines(db, kind, lines, range, before);
    await deleteBookingItems(db, booking.id, kind);
    await insertBookingItems(
      db,
      planned.map((line, index) => ({
        bookingId: booking.id,
        kind,
        catalogueItemId: line.item.id,
        name: line.pricing.name,
        category: line.pricing.category,
        scheduledDate: line.scheduledDate,
        startTime: line.startTime,
        endTime: line.endTime,
        participants: line.participants,
        followsBookingCount: line.followsBookingCount,
        basePriceCents: line.pricing.basePriceCents,
        pricingType: line.pricing.pricingType,
        durationMinutes: line.pricing.durationMinutes,
        sortOrder: index,
      })),
    );
    written.push(...planned);
  }
  const resized = participants !== booking.participants ? await resizeFollowingLines(db, booking.id, participants) : [];
  const items = await listBookingItems(db, booking.id);
  if (resized.length > 0) {
    // Counts changed on slotted lines: check every slotted line as it now stands, once each.
    written.length = 0;
    written.push(
      ...items
        .filter((item) => item.startTime !== null)
        .map((item) => ({ ...item, item: { id: item.catalogueItemId } })),
    );
  }
  if (items.length === 0) throw AppError.invalid('bookingActivities', WIZARD_MESSAGES.noActivity);
  const outside = items.find((item) => item.scheduledDate < range.startDate || item.scheduledDate > range.lastDay);
  if (outside) throw AppError.invalid('scheduledDate', WIZARD_MESSAGES.activityDayOutOfRange);
  if (shift !== 0) {
    const moved = items.filter((item) => !(item.kind === 'activity' ? body.bookingActivities : body.bookingServices));
    const checked = await movedSlottedLines(db, moved);
    // After a resize every slotted line is already in `written`.
    if (resized.length === 0) written.push(...checked);
  }
  if (written.length > 0) await checkCapacity(db, booking.id, written);

  const endDate = items.reduce((last, item) => (item.scheduledDate > last ? item.scheduledDate : last), startDate);
  const updated = await updateBookingIfUnchanged(db, booking.id, lastModified, { participants, startDate, endDate });
  if (!updated) throw staleWrite();
  return updated;
}

/** The edit of one call, to apply to the booking once the caller has locked it and checked who may edit. */
export type ScheduleEdit = (db: Tx, booking: BookingAccess['booking']) => ReturnType<typeof applyScheduleEdit>;

/**
 * A schedule edit call of `Actor` (the customer's PUT of SPEC.md §7, the team's edit on their
 * behalf): the body's `lastModified`, when sent, is read first, so a malformed one is refused before
 * the booking is read; then `run` locks the booking, checks that `Actor` may edit it and applies the edit.
 */
export function scheduleEditCall<Actor, Result, Deps extends ServiceDeps = ServiceDeps>(
  run: (deps: Deps, actor: Actor, bookingId: string, edit: ScheduleEdit) => Promise<Result>,
) {
  return async (deps: Deps, actor: Actor, bookingId: string, body: z.output<typeof updateBookingBody>) => {
    const lastModified = lastModifiedOf(body);
    return run(deps, actor, bookingId, (db, booking) => applyScheduleEdit(db, booking, body, lastModified));
  };
}
