import type { z } from 'zod';
import { WIZARD_MESSAGES } from '../../../shared/api/booking-request.schema';
import type { TimeSlot } from '../../../shared/api/catalogue.schema';
import {
  BOOKING_EDIT_MESSAGES,
  type addParticipantBody,
  type BookingDetail,
  type BookingParticipant,
  type bookingListQuery,
  type InvitationListItem,
  type updateBookingBody,
  type EditLineInput,
} from '../../../shared/api/customer-booking.schema';
import { addIsoDays, daysBetween, todayInParis } from '../../../shared/booking-days';
import { ESTABLISHMENT_ID, MAX_EVENT_DAYS } from '../../../shared/constants';
import { canEditBooking, canManageParticipants, type UserRole } from '../../../shared/editing-rule';
import { WEEKDAYS, type BookingStatus, type Weekday } from '../../../shared/labels';
import { centsToEuros } from '../../../shared/money';
import { isUuid, normaliseEmail } from '../../../shared/validation';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import type { SessionContext } from '../auth/auth.service';
import { type toBookingLine, toBookingSummary } from './bookings.mapper';
import {
  bookedOnSlot,
  deleteBookingItems,
  findActiveCustomerIdByEmail,
  findActiveParticipation,
  findBooking,
  findCatalogueRows,
  findCustomerSummary,
  findParticipantByEmail,
  insertBookingItems,
  insertParticipant,
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
  type BookingRequestRow,
  type CatalogueRow,
  type ParticipantRow,
} from './bookings.repository';


const notFound = () => new AppError('NOT_FOUND', 404, BOOKING_EDIT_MESSAGES.notFound);
const locked = () => new AppError('BOOKING_LOCKED', 403, BOOKING_EDIT_MESSAGES.locked);
const invalid = (message: string, field: string) => new AppError('VALIDATION_ERROR', 400, message, { [field]: message });

interface Access {
  booking: BookingRequestRow;
  role: UserRole;
  participation: ParticipantRow | undefined;
}

/**
 * Who may see a request: its organizer and its active participants. Anyone else gets the
 * same 404 as for an id that does not exist (no way to probe other customers' requests).
 */
async function accessOf(db: Db, bookingId: string, customerId: string, options: { forUpdate?: boolean } = {}): Promise<Access> {
  if (!isUuid(bookingId)) throw notFound();
  const booking = await findBooking(db, bookingId, options);
  if (!booking || booking.establishmentId !== ESTABLISHMENT_ID) throw notFound();
  if (booking.customerId === customerId) return { booking, role: 'organizer', participation: undefined };
  const participation = await findActiveParticipation(db, bookingId, customerId);
  if (!participation) throw notFound();
  return { booking, role: 'participant', participation };
}

function editState(access: Access) {
  return {
    status: access.booking.status as BookingStatus,
    clientValidation: access.booking.clientValidation,
    userRole: access.role,
  };
}

function toParticipant(row: ParticipantRow): BookingParticipant {
  return {
    _id: row.id,
    customerId: row.customerId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    hasConnected: row.hasConnected,
    joinedAt: row.joinedAt?.toISOString() ?? null,
    isActive: row.isActive,
    status: row.invitationStatus,
    paymentStatus: row.paymentStatus,
    paymentAmount: row.paymentAmountCents === null ? null : centsToEuros(row.paymentAmountCents),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

async function buildDetail(db: Db, access: Access, customerId: string): Promise<BookingDetail> {
  const { booking } = access;
  const items = await listBookingItems(db, booking.id);
  const itemIds = [...new Set(items.map((item) => item.catalogueItemId))];
  const [catalogueRows, slots, participants, organizer] = await Promise.all([
    findCatalogueRows(db, itemIds),
    listSlotsOf(db, itemIds),
    listParticipants(db, booking.id),
    findCustomerSummary(db, booking.customerId),
  ]);
  const catalogue = new Map(catalogueRows.map((row) => [row.id, { description: row.description, imageUrl: row.imageUrl }]));
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
  const state = editState(access);
  const editable = canEditBooking(state);
  return {
    ...summary,
    bookingActivities: summary.bookingActivities.map(withSlots),
    bookingServices: summary.bookingServices.map(withSlots),
    organizer: organizer ?? { firstName: '', lastName: '', email: '' },
    userRole: access.role,
    connectedUserId: customerId,
    permissions: {
      canModify: editable,
      canModifyActivities: editable,
      canAddParticipants: canManageParticipants(state),
      // Payments arrive with the payment configuration set by the team (a later issue).
      canPay: false,
    },
    participantDetails: access.participation
      ? {
          status: access.participation.invitationStatus,
          hasConnected: access.participation.hasConnected,
          joinedAt: access.participation.joinedAt?.toISOString() ?? null,
        }
      : null,
    bookingParticipants: participants.map(toParticipant),
    activities: items.map((item) => ({ name: item.name, date: item.scheduledDate })),
    payment: null,
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
}

const weekdayOf = (day: string): Weekday => WEEKDAYS[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7]!;

async function planLines(
  db: Db,
  kind: 'activity' | 'service',
  lines: EditLineInput[],
  range: { startDate: string; lastDay: string },
): Promise<PlannedLine[]> {
  const ids = lines.map((line) => (kind === 'activity' ? line.catalogActivityId : line.catalogServiceId) ?? '');
  const catalogue = new Map((await findCatalogueRows(db, ids.filter((id) => isUuid(id)))).map((row) => [row.id, row]));
  const slots = await listSlotsOf(db, [...catalogue.keys()]);
  const today = todayInParis();
  return lines.map((line, index) => {
    const item = catalogue.get(ids[index]!);
    if (!item || item.kind !== kind || !item.isActive || item.establishmentId !== ESTABLISHMENT_ID) {
      throw invalid(`Activité ou service introuvable : ${ids[index] || '?'}`, kind === 'activity' ? 'bookingActivities' : 'bookingServices');
    }
    if (line.scheduledDate < today) throw invalid(WIZARD_MESSAGES.pastDate, 'scheduledDate');
    if (line.scheduledDate < range.startDate || line.scheduledDate > range.lastDay) {
      throw invalid('La date d’une activité doit être comprise dans les jours de l’événement', 'scheduledDate');
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
      if (!slot) throw new AppError('SLOT_UNAVAILABLE', 400, BOOKING_EDIT_MESSAGES.slotUnavailable);
      startTime = slot.startTime;
      endTime = slot.endTime;
    }
    return { kind, item, scheduledDate: line.scheduledDate, startTime, endTime, participants: line.customParticipants };
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
    if (!slot) throw new AppError('SLOT_UNAVAILABLE', 400, BOOKING_EDIT_MESSAGES.slotUnavailable);
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
  const demand = new Map<string, { slotId: string; capacity: number; itemId: string; date: string; startTime: string; wanted: number }>();
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
    const taken = await bookedOnSlot(db, { itemId: entry.itemId, date: entry.date, startTime: entry.startTime }, bookingId);
    if (taken + entry.wanted > entry.capacity) {
      throw new AppError('SLOT_FULL', 409, BOOKING_EDIT_MESSAGES.slotFull(Math.max(0, entry.capacity - taken)));
    }
  }
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
  if (Number.isNaN(lastModified.getTime())) throw invalid(BOOKING_EDIT_MESSAGES.lastModifiedRequired, 'lastModified');
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const access = await accessOf(db, bookingId, session.customerId, { forUpdate: true });
    if (!canEditBooking(editState(access))) throw locked();
    const { booking } = access;
    if (booking.updatedAt.toISOString() !== lastModified.toISOString()) {
      throw new AppError('STALE_WRITE', 409, BOOKING_EDIT_MESSAGES.stale);
    }

    const startDate = body.startDate ?? booking.startDate;
    if (body.startDate && body.startDate !== booking.startDate && body.startDate <= todayInParis()) {
      throw invalid(WIZARD_MESSAGES.pastDate, 'startDate');
    }
    const shift = daysBetween(booking.startDate, startDate);
    const range = { startDate, lastDay: addIsoDays(startDate, MAX_EVENT_DAYS - 1) };

    // Lines not sent keep their place relative to the start: they move with the date.
    if (shift !== 0) await updateBookingItemDates(db, booking.id, shift);
    const participants = body.participants ?? booking.participants;
    const written: SlottedLine[] = [];
    for (const [kind, lines] of [
      ['activity', body.bookingActivities],
      ['service', body.bookingServices],
    ] as const) {
      if (!lines) continue;
      const planned = await planLines(db, kind, lines, range);
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
          basePriceCents: line.item.basePriceCents,
          pricingType: line.item.pricingType,
          durationMinutes: line.item.durationMinutes,
          sortOrder: index,
        })),
      );
      written.push(...planned);
    }
    const items = await listBookingItems(db, booking.id);
    if (items.length === 0) throw invalid(WIZARD_MESSAGES.noActivity, 'bookingActivities');
    const outside = items.find((item) => item.scheduledDate < range.startDate || item.scheduledDate > range.lastDay);
    if (outside) throw invalid('La date d’une activité doit être comprise dans les jours de l’événement', 'scheduledDate');
    if (shift !== 0) {
      const moved = items.filter((item) => !(item.kind === 'activity' ? body.bookingActivities : body.bookingServices));
      written.push(...(await movedSlottedLines(db, moved)));
    }
    if (written.length > 0) await checkCapacity(db, booking.id, written);

    const endDate = items.reduce((last, item) => (item.scheduledDate > last ? item.scheduledDate : last), startDate);
    const updated = await updateBookingIfUnchanged(db, booking.id, lastModified, { participants, startDate, endDate });
    if (!updated) throw new AppError('STALE_WRITE', 409, BOOKING_EDIT_MESSAGES.stale);
    return buildDetail(db, { ...access, booking: updated }, session.customerId);
  });
}

/** The organizer's validation (SPEC.md §4): irreversible; the participant list is then frozen. */
export async function validateCustomerBooking(deps: ServiceDeps, session: SessionContext, bookingId: string) {
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const access = await accessOf(db, bookingId, session.customerId, { forUpdate: true });
    if (access.role !== 'organizer') throw new AppError('FORBIDDEN', 403, BOOKING_EDIT_MESSAGES.onlyOrganizerValidates);
    if (access.booking.clientValidation === 'validated') {
      throw new AppError('ALREADY_VALIDATED', 409, BOOKING_EDIT_MESSAGES.alreadyValidated);
    }
    if (access.booking.status !== 'draft') throw new AppError('NOT_DRAFT', 409, BOOKING_EDIT_MESSAGES.notDraft);
    const updated = await setBookingFields(db, access.booking.id, { clientValidation: 'validated' });
    return buildDetail(db, { ...access, booking: updated! }, session.customerId);
  });
}

export async function addCustomerBookingParticipant(
  deps: ServiceDeps,
  session: SessionContext,
  bookingId: string,
  body: z.output<typeof addParticipantBody>,
) {
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const access = await accessOf(db, bookingId, session.customerId, { forUpdate: true });
    if (access.role !== 'organizer') throw new AppError('FORBIDDEN', 403, BOOKING_EDIT_MESSAGES.onlyOrganizerParticipants);
    if (!canManageParticipants(editState(access))) throw new AppError('PARTICIPANTS_LOCKED', 403, BOOKING_EDIT_MESSAGES.participantsLocked);
    const email = normaliseEmail(body.email);
    const customerId = (await findActiveCustomerIdByEmail(db, ESTABLISHMENT_ID, email)) ?? null;
    const existing = await findParticipantByEmail(db, bookingId, email);
    if (existing?.isActive) throw new AppError('PARTICIPANT_EXISTS', 409, BOOKING_EDIT_MESSAGES.participantExists);
    const values = {
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone,
      customerId,
      isActive: true,
      hasConnected: false,
      invitationStatus: 'invited' as const,
      joinedAt: null,
    };
    const row = existing
      ? await updateParticipant(db, existing.id, values)
      : await insertParticipant(db, { ...values, bookingId, email, role: 'Participant' });
    await setBookingFields(db, bookingId, {});
    return toParticipant(row!);
  });
}

export async function removeCustomerBookingParticipant(
  deps: ServiceDeps,
  session: SessionContext,
  bookingId: string,
  participantId: string,
) {
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const access = await accessOf(db, bookingId, session.customerId, { forUpdate: true });
    if (access.role !== 'organizer') throw new AppError('FORBIDDEN', 403, BOOKING_EDIT_MESSAGES.onlyOrganizerParticipants);
    if (!canManageParticipants(editState(access))) throw new AppError('PARTICIPANTS_LOCKED', 403, BOOKING_EDIT_MESSAGES.participantsLocked);
    const participants = await listParticipants(db, bookingId);
    const participant = isUuid(participantId) ? participants.find((row) => row.id === participantId) : undefined;
    if (!participant) throw new AppError('NOT_FOUND', 404, BOOKING_EDIT_MESSAGES.participantNotFound);
    if (participant.role === 'Organisateur') throw new AppError('FORBIDDEN', 403, BOOKING_EDIT_MESSAGES.cannotRemoveOrganizer);
    await updateParticipant(db, participant.id, { isActive: false });
    await setBookingFields(db, bookingId, {});
  });
}
