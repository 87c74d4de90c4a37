import type { z } from 'zod';
import { eventDateMessage, WIZARD_MESSAGES } from '../../../shared/api/booking-request.schema';
import type { TimeSlot } from '../../../shared/api/catalogue.schema';
import {
  BOOKING_EDIT_MESSAGES,
  type BookingDetail,
  type BookingParticipant,
  type bookingListQuery,
  type InvitationListItem,
  type updateBookingBody,
  type EditLineInput,
} from '../../../shared/api/customer-booking.schema';
import { addIsoDays, daysBetween, todayInParis, tomorrowInParis } from '../../../shared/booking-days';
import { ESTABLISHMENT_ID, MAX_EVENT_DAYS } from '../../../shared/constants';
import { canEditBooking, canManageParticipants, type UserRole } from '../../../shared/editing-rule';
import { WEEKDAYS, type BookingStatus, type Weekday } from '../../../shared/labels';
import { isUuid } from '../../../shared/validation';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { ServiceDeps } from '../../deps';
import { recordAudit } from '../audit/audit.service';
import type { SessionContext } from '../auth/auth.service';
import { paymentForDetail } from '../payments/payment-view';
import { accessBooking, type BookingAccess } from './booking-access';
import { followsAfterEdit, resizeFollowingLines } from './line-sessions';
import { type toBookingLine, toBookingSummary, toParticipant } from './bookings.mapper';
import {
  bookedOnSlot,
  deleteBookingItems,
  findCatalogueRows,
  findCustomerSummary,
  insertBookingItems,
  listBookingItems,
  listInvitedBookings,
  listOwnBookings,
  listParticipants,
  listSlotsOf,
  lockSlot,
  setBookingFields,
  updateBookingIfUnchanged,
  updateBookingItemDates,
  updateParticipant,
  type BookingItemRow,
  type CatalogueRow,
} from './bookings.repository';

/** What other modules (staff back-office) use of the bookings' storage, through this service. */
// What other modules (staff, payments, contracts) read of a booking goes through this service.
export { findCustomerSummary, listBookingItems, listParticipants, setBookingFields } from './bookings.repository';
export type { BookingItemRow, BookingRequestRow, ParticipantRow } from './bookings.repository';

const locked = () => AppError.of('BOOKING_LOCKED', BOOKING_EDIT_MESSAGES.locked);

type Access = BookingAccess & { role: UserRole };

/**
 * Who may see a request: its organizer and its active participants (booking-access.ts). Anyone
 * else gets the same 404 as for an id that does not exist (no way to probe other customers' requests).
 */
async function accessOf(
  db: Db,
  bookingId: string,
  customerId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Access> {
  const access = await accessBooking(db, bookingId, { kind: 'customer', customerId }, options);
  return access as Access;
}

function editState(access: Access) {
  return {
    status: access.booking.status as BookingStatus,
    clientValidation: access.booking.clientValidation,
    userRole: access.role,
  };
}

/**
 * Participants never receive co-participants' e-mail and phone (issue 11 item 6): a participant
 * sees their own row and the organizer's contact (SPEC.md §2 shows it to invitees) in full, the
 * others by name only.
 */
function visibleParticipant(participant: BookingParticipant, access: Access, organizerId: string): BookingParticipant {
  if (access.role !== 'participant') return participant;
  if (participant._id === access.participation?.id || participant.customerId === organizerId) return participant;
  const { email: _email, phone: _phone, ...byName } = participant;
  return { ...byName, customerId: null };
}

/**
 * What everyone allowed to see a booking sees (lines with their slots, organizer, participants);
 * the customer detail adds the caller's role and permissions, the staff detail the team's data.
 */
export async function buildBookingView(db: Db, booking: BookingAccess['booking']) {
  const items = await listBookingItems(db, booking.id);
  const itemIds = [...new Set(items.map((item) => item.catalogueItemId))];
  const [catalogueRows, slots, participants, organizer] = await Promise.all([
    findCatalogueRows(db, itemIds),
    listSlotsOf(db, itemIds),
    listParticipants(db, booking.id),
    findCustomerSummary(db, booking.customerId),
  ]);
  const catalogue = new Map(
    catalogueRows.map((row) => [row.id, { description: row.description, imageUrl: row.imageUrl }]),
  );
  const summary = toBookingSummary(booking, items, catalogue);
  const slotsOf = (itemId: string): TimeSlot[] =>
    slots
      .filter((slot) => slot.itemId === itemId)
      .map((slot) => ({
        _id: slot.id,
        day: slot.day as Weekday,
        startTime: slot.startTime,
        endTime: slot.endTime,
        isActive: slot.isActive,
        capacity: slot.capacity,
      }));
  const withSlots = (line: ReturnType<typeof toBookingLine>) => ({
    ...line,
    timeSlots: slotsOf(line.catalogActivityId ?? line.catalogServiceId ?? ''),
  });
  return {
    ...summary,
    bookingActivities: summary.bookingActivities.map(withSlots),
    bookingServices: summary.bookingServices.map(withSlots),
    organizer: organizer ?? { firstName: '', lastName: '', email: '', phone: null },
    bookingParticipants: participants.map(toParticipant),
    activities: items.map((item) => ({ name: item.name, date: item.scheduledDate })),
  };
}

async function buildDetail(db: Db, access: Access, customerId: string): Promise<BookingDetail> {
  const [view, payment] = await Promise.all([buildBookingView(db, access.booking), paymentForDetail(db, access)]);
  const state = editState(access);
  const editable = canEditBooking(state);
  return {
    ...view,
    organizer: { firstName: view.organizer.firstName, lastName: view.organizer.lastName, email: view.organizer.email },
    userRole: access.role,
    connectedUserId: customerId,
    permissions: {
      canModify: editable,
      canModifyActivities: editable,
      canAddParticipants: canManageParticipants(state),
      canPay: payment.canPay,
    },
    participantDetails: access.participation
      ? {
          status: access.participation.invitationStatus,
          hasConnected: access.participation.hasConnected,
          joinedAt: access.participation.joinedAt?.toISOString() ?? null,
        }
      : null,
    bookingParticipants: view.bookingParticipants.map((row) =>
      visibleParticipant(row, access, access.booking.customerId),
    ),
    payment: payment.payment,
  };
}

export async function listCustomerBookings(
  deps: ServiceDeps,
  session: SessionContext,
  query: z.output<typeof bookingListQuery>,
) {
  const { rows, total } = await listOwnBookings(deps.db, session.customerId, query);
  const bookingRequests = await Promise.all(
    rows.map(async (row) => {
      const items = await listBookingItems(deps.db, row.id);
      return toBookingSummary(row, items, new Map());
    }),
  );
  return {
    bookingRequests,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.max(1, Math.ceil(total / query.limit)) },
  };
}

export async function listCustomerInvitations(deps: ServiceDeps, session: SessionContext) {
  const rows = await listInvitedBookings(deps.db, session.customerId);
  const invitations: InvitationListItem[] = rows.map(({ booking, participant, organizer }) => ({
    _id: booking.id,
    bookingRequestId: booking.reference,
    status: booking.status as BookingStatus,
    userRole: 'participant',
    bookingType: booking.bookingType,
    type: booking.type,
    startDate: booking.startDate,
    endDate: booking.endDate,
    participants: booking.participants,
    organizer: { firstName: organizer.firstName, lastName: organizer.lastName, email: organizer.email },
    note: booking.note,
    mainContact: booking.mainContact,
    participationStatus: participant.invitationStatus,
    hasConnected: participant.hasConnected,
    joinedAt: participant.joinedAt?.toISOString() ?? null,
    participantId: participant.id,
  }));
  return { invitations, pagination: { page: 1, limit: invitations.length, total: invitations.length, pages: 1 } };
}

export async function getCustomerBooking(deps: ServiceDeps, session: SessionContext, bookingId: string) {
  const access = await accessOf(deps.db, bookingId, session.customerId);
  if (access.participation && !access.participation.hasConnected) {
    // Opening the request is what "connected" means for an invited participant (SPEC.md §2 'Rejoint').
    const now = new Date();
    access.participation =
      (await updateParticipant(deps.db, access.participation.id, {
        hasConnected: true,
        joinedAt: access.participation.joinedAt ?? now,
        invitationStatus: 'joined',
      })) ?? access.participation;
  }
  return buildDetail(deps.db, access, session.customerId);
}

interface PlannedLine {
  kind: 'activity' | 'service';
  item: CatalogueRow;
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
    if (!item || item.kind !== kind || !item.isActive || item.establishmentId !== ESTABLISHMENT_ID) {
      throw AppError.invalid(kind === 'activity' ? 'bookingActivities' : 'bookingServices', `Activité ou service introuvable : ${ids[index] || '?'}`);
    }
    if (line.scheduledDate < today) throw AppError.invalid('scheduledDate', WIZARD_MESSAGES.pastDate);
    if (line.scheduledDate < range.startDate || line.scheduledDate > range.lastDay) {
      throw AppError.invalid('scheduledDate', WIZARD_MESSAGES.activityDayOutOfRange);
    }
    let startTime: string | null = null;
    let endTime: string | null = null;
    if (line.selectedTimeSlot) {
      const day = weekdayOf(line.scheduledDate);
      const slot = slots.find(
        (candidate) =>
          candidate.itemId === item.id &&
          candidate.isActive &&
          candidate.day === day &&
          candidate.startTime === line.selectedTimeSlot!.startTime &&
          candidate.endTime === line.selectedTimeSlot!.endTime,
      );
      if (!slot) throw AppError.of('SLOT_UNAVAILABLE', BOOKING_EDIT_MESSAGES.slotUnavailable);
      startTime = slot.startTime;
      endTime = slot.endTime;
    }
    return {
      kind,
      item,
      scheduledDate: line.scheduledDate,
      startTime,
      endTime,
      participants: line.customParticipants,
      followsBookingCount: followsAfterEdit(line, before),
    };
  });
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
    const day = weekdayOf(item.scheduledDate);
    const slot = slots.find(
      (candidate) =>
        candidate.itemId === item.catalogueItemId &&
        candidate.isActive &&
        candidate.day === day &&
        candidate.startTime === item.startTime &&
        candidate.endTime === item.endTime,
    );
    if (!slot) throw AppError.of('SLOT_UNAVAILABLE', BOOKING_EDIT_MESSAGES.slotUnavailable);
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
async function checkCapacity(db: Db, bookingId: string, lines: SlottedLine[]) {
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
 * The schedule edit itself (participants, dates, lines), under the capacity rules, written only if
 * nobody changed the request since `lastModified`. The caller holds the row lock and has checked
 * who may edit (the organizer under the editing rule, or the team).
 */
export async function applyScheduleEdit(
  db: Db,
  booking: BookingAccess['booking'],
  body: z.output<typeof updateBookingBody>,
  lastModified: Date,
) {
  const startDate = body.startDate ?? booking.startDate;
  const dateMessage = body.startDate ? eventDateMessage(body.startDate, tomorrowInParis()) : undefined;
  if (body.startDate && body.startDate !== booking.startDate && dateMessage) throw AppError.invalid('startDate', dateMessage);
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
        name: line.item.name,
        category: line.item.category,
        scheduledDate: line.scheduledDate,
        startTime: line.startTime,
        endTime: line.endTime,
        participants: line.participants,
        followsBookingCount: line.followsBookingCount,
        basePriceCents: line.item.basePriceCents,
        pricingType: line.item.pricingType,
        durationMinutes: line.item.durationMinutes,
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
  if (!updated) throw AppError.of('STALE_WRITE', BOOKING_EDIT_MESSAGES.stale);
  return updated;
}

/**
 * PUT of SPEC.md §7: a partial update under the editing rule of SPEC.md §4, applied only if
 * nobody changed the request since `lastModified` (409 otherwise), in one transaction.
 */
export async function updateCustomerBooking(
  deps: ServiceDeps,
  session: SessionContext,
  bookingId: string,
  body: z.output<typeof updateBookingBody>,
) {
  const lastModified = new Date(body.lastModified);
  if (Number.isNaN(lastModified.getTime())) throw AppError.invalid('lastModified', BOOKING_EDIT_MESSAGES.lastModifiedRequired);
  return inTransaction(deps.db, async (db) => {
    const access = await accessOf(db, bookingId, session.customerId, { forUpdate: true });
    if (!canEditBooking(editState(access))) throw locked();
    const { booking } = access;
    if (booking.updatedAt.toISOString() !== lastModified.toISOString()) {
      throw AppError.of('STALE_WRITE', BOOKING_EDIT_MESSAGES.stale);
    }

    const updated = await applyScheduleEdit(db, booking, body, lastModified);
    return buildDetail(db, { ...access, booking: updated }, session.customerId);
  });
}

/** The organizer's validation (SPEC.md §4): irreversible; the participant list is then frozen. */
export async function validateCustomerBooking(deps: ServiceDeps, session: SessionContext, bookingId: string) {
  return inTransaction(deps.db, async (db) => {
    const access = await accessOf(db, bookingId, session.customerId, { forUpdate: true });
    if (access.role !== 'organizer') throw AppError.of('FORBIDDEN', BOOKING_EDIT_MESSAGES.onlyOrganizerValidates);
    if (access.booking.clientValidation === 'validated') {
      throw AppError.of('ALREADY_VALIDATED', BOOKING_EDIT_MESSAGES.alreadyValidated);
    }
    if (access.booking.status !== 'draft') throw AppError.of('NOT_DRAFT', BOOKING_EDIT_MESSAGES.notDraft);
    const updated = await setBookingFields(db, access.booking.id, { clientValidation: 'validated' });
    // The team sees in the audit trail when the organizer committed to the request.
    const organizer = await findCustomerSummary(db, session.customerId);
    await recordAudit(db, {
      actorType: 'customer',
      actorId: session.customerId,
      actorName: organizer ? `${organizer.firstName} ${organizer.lastName}`.trim() : 'Organisateur',
      bookingId: access.booking.id,
      action: 'client_validate',
      before: { clientValidation: 'pending' },
      after: { clientValidation: 'validated' },
    });
    return buildDetail(db, { ...access, booking: updated! }, session.customerId);
  });
}
