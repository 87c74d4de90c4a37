import { countOf } from '../../../shared/plural';
import { WEEKDAYS } from '../../../shared/labels';
import { ESTABLISHMENT_ID } from '../../../shared/constants';
import { CURRENT_CANCELLATION_TERMS } from '../../../shared/refund-policy';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { formatReference } from './bookings.service';
import { insertParticipant } from './participant-list.public';
import {
  bookedOnSlot,
  findCatalogueRows,
  insertBookingItems,
  insertBookingRequest,
  listSlotsOf,
  lockSlot,
  nextReferenceNumber,
} from './bookings.repository';

/** The kiosk's texts (docs/decisions.md, "Walk-ins"). */
export const WALK_IN_MESSAGES = {
  unknownActivity: 'Activité inconnue ou indisponible aujourd’hui',
  slotGone: 'Ce créneau n’est plus disponible aujourd’hui : choisissez-en un autre',
  noSlotLeft: (name: string) => `Plus aucun créneau libre aujourd’hui pour « ${name} »`,
  slotFull: (left: number) =>
    left === 0 ? 'Ce créneau est complet' : `Il ne reste que ${countOf(left, 'place')} sur ce créneau`,
} as const;

const weekdayOf = (day: string) => WEEKDAYS[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7]!;

/** No booking of ours has this id: every booking on the slot is counted. */
const NO_BOOKING = '00000000-0000-0000-0000-000000000000';

export interface WalkInInput {
  customerId: string;
  mainContact: { firstName: string; lastName: string; email: string; phone: string | null };
  participants: number;
  /** Today, Paris time. */
  day: string;
  /** hh:mm now, Paris time: a slot that started is not offered. */
  nowTime: string;
  /** The server's clock (`buildApp({ clock })`): the organizer joined now. */
  now: Date;
  lines: Array<{ catalogActivityId: string; startTime?: string }>;
}

/**
 * Today's walk-in group, written in the caller's transaction (docs/decisions.md, "Walk-ins"): each
 * activity on a slot of today not started yet (the first one with room when none is named), its
 * places claimed under the slot's row lock as the wizard's schedule does, then the request
 * (confirmed: the capacity is already held), its lines and the organizer's row.
 */
export async function insertWalkInBooking(db: Tx, input: WalkInInput) {
  const ids = input.lines.map((line) => line.catalogActivityId);
  const catalogue = new Map((await findCatalogueRows(db, ids)).map((row) => [row.id, row]));
  const slots = await listSlotsOf(db, ids);
  const weekday = weekdayOf(input.day);
  const planned = [];
  for (const line of input.lines) {
    const item = catalogue.get(line.catalogActivityId);
    if (!item || item.kind !== 'activity' || !item.isActive || item.establishmentId !== ESTABLISHMENT_ID) {
      throw AppError.invalid('bookingActivities', WALK_IN_MESSAGES.unknownActivity);
    }
    const today = slots.filter(
      (slot) => slot.itemId === item.id && slot.day === weekday && slot.isActive && slot.startTime > input.nowTime,
    );
    let chosen: (typeof today)[number] | undefined;
    if (line.startTime !== undefined) {
      chosen = today.find((slot) => slot.startTime === line.startTime);
      if (!chosen) throw AppError.of('SLOT_UNAVAILABLE', WALK_IN_MESSAGES.slotGone);
    }
    const candidates = chosen ? [chosen] : today;
    if (candidates.length === 0 && slots.some((slot) => slot.itemId === item.id)) {
      throw AppError.of('SLOT_FULL', WALK_IN_MESSAGES.noSlotLeft(item.name));
    }
    let taken: (typeof today)[number] | undefined;
    let left = 0;
    // Stable order (start times) so that two kiosks never wait on each other forever.
    for (const slot of candidates) {
      await lockSlot(db, slot.id);
      const booked = await bookedOnSlot(
        db,
        { itemId: item.id, date: input.day, startTime: slot.startTime },
        NO_BOOKING,
      );
      const room = slot.capacity === null ? Infinity : slot.capacity - booked;
      if (room >= input.participants) {
        taken = slot;
        break;
      }
      left = Math.max(left, room);
    }
    if (candidates.length > 0 && !taken) {
      throw AppError.of(
        'SLOT_FULL',
        chosen ? WALK_IN_MESSAGES.slotFull(Math.max(0, left)) : WALK_IN_MESSAGES.noSlotLeft(item.name),
      );
    }
    planned.push({ item, slot: taken });
  }

  const sequence = await nextReferenceNumber(db);
  const request = await insertBookingRequest(db, {
    reference: formatReference(Number(input.day.slice(0, 4)), sequence),
    establishmentId: ESTABLISHMENT_ID,
    customerId: input.customerId,
    bookingType: 'group',
    type: 'group',
    participants: input.participants,
    startDate: input.day,
    endDate: input.day,
    mainContact: input.mainContact,
    note: '',
    hiddenNotes: 'Groupe sans réservation, inscrit à la borne',
    eventData: { walkIn: 'true' },
    // Confirmed at once (its places are held); the organizer's validation stays pending so that
    // the group's link keeps taking members (a validated list no longer changes, SPEC.md §4).
    status: 'confirmed',
    cancellationTerms: CURRENT_CANCELLATION_TERMS,
    clientValidation: 'pending',
    adminValidation: 'validated',
  });
  const items = await insertBookingItems(
    db,
    planned.map(({ item, slot }, index) => ({
      bookingId: request.id,
      kind: 'activity' as const,
      catalogueItemId: item.id,
      name: item.name,
      category: item.category,
      scheduledDate: input.day,
      startTime: slot?.startTime ?? null,
      endTime: slot?.endTime ?? null,
      participants: input.participants,
      followsBookingCount: true,
      basePriceCents: item.basePriceCents,
      pricingType: item.pricingType,
      durationMinutes: item.durationMinutes,
      sortOrder: index,
    })),
  );
  const organizer = await insertParticipant(db, {
    bookingId: request.id,
    customerId: input.customerId,
    ...input.mainContact,
    role: 'Organisateur',
    hasConnected: true,
    joinedAt: input.now,
    invitationStatus: 'joined',
  });
  return { request, items, organizer };
}

/**
 * The kiosk's offer (docs/decisions.md, "Walk-ins"): today's slots not started yet, with the
 * places left on each (null: no limit); full slots are left out.
 */
export async function freeSlotsToday(db: Db, itemIds: string[], day: string, nowTime: string) {
  const weekday = weekdayOf(day);
  const slots = (await listSlotsOf(db, itemIds)).filter(
    (slot) => slot.day === weekday && slot.isActive && slot.startTime > nowTime,
  );
  const offer = [];
  for (const slot of slots) {
    const booked =
      slot.capacity === null
        ? 0
        : await bookedOnSlot(db, { itemId: slot.itemId, date: day, startTime: slot.startTime }, NO_BOOKING);
    const free = slot.capacity === null ? null : slot.capacity - booked;
    if (free === null || free > 0)
      offer.push({ itemId: slot.itemId, startTime: slot.startTime, endTime: slot.endTime, free });
  }
  return offer;
}
