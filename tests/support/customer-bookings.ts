import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createBookingRequestResponse } from '../../src/shared/api/booking-request.schema';
import {
  bookingDetailResponse,
  participantResponse,
  type BookingDetail,
  type EditLineInput,
  type UpdateBookingBody,
} from '../../src/shared/api/customer-booking.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import { WEEKDAYS, type Weekday } from '../../src/shared/labels';
import type { Db } from '../../src/server/db/client';
import { bookingItems, bookingParticipants, bookingRequests, inviteLinks, timeSlots } from '../../src/server/db/schema';
import { bearer, nextAddress, type RegisteredCustomer } from './auth';
import { lineFor, postBookingRequest, type CatalogueRow } from './booking-requests';

/** Helpers of the customer-booking API tests (tests/api/customer-bookings*.test.ts). */

export const CUSTOMER_BOOKINGS = '/api/v1/customer-booking-requests';

/** Messages of SPEC.md §4-§6 and docs/decisions.md, spelled out here so that a changed text fails a test. */
export const MSG = {
  notFound: 'Réservation non trouvée',
  locked: 'Modification non autorisée - La réservation est verrouillée',
  stale: 'Conflit de données : la réservation a été modifiée entre-temps, veuillez recharger la page',
  lastModifiedRequired: 'La date de dernière modification est requise',
  lastModifiedInvalid: 'La date de dernière modification est invalide',
  pastDate: 'La date ne peut pas être dans le passé',
  participantsMin: "Le nombre de participants doit être d'au moins 1",
  participantsMax: 'Le nombre de participants ne peut pas dépasser 100',
  activityParticipants: 'Le nombre de participants par activité doit être compris entre 1 et 50',
  slotUnavailable: 'Ce créneau n’est pas disponible pour ce jour',
  slotFull: (left: number) => `Ce créneau est complet : il reste ${left} places`,
  onlyOrganizerValidates: 'Seul l’organisateur peut valider la demande',
  alreadyValidated: 'Vous avez déjà validé cette demande',
  notDraft: 'Cette demande ne peut plus être validée',
  onlyOrganizerParticipants: 'Seul l’organisateur peut gérer les participants',
  participantsLocked: 'La liste des participants ne peut plus être modifiée après la validation de la demande',
  participantExists: 'Cette personne fait déjà partie des participants',
  cannotRemoveOrganizer: 'L’organisateur ne peut pas être retiré',
  participantNotFound: 'Participant non trouvé',
} as const;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call to /api/v1/customer-booking-requests<path>, with a session when a token is given. */
export function cb(app: FastifyInstance, method: Method, path: string, token?: string, payload?: unknown) {
  return app.inject({
    method,
    url: `${CUSTOMER_BOOKINGS}${path}`,
    headers: token ? bearer(token) : {},
    remoteAddress: nextAddress(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A week after the earliest allowed day, plus `offset` days. */
export function futureDay(offset = 0): string {
  return addIsoDays(tomorrowInParis(), 7 + offset);
}

export function weekdayOf(day: string): Weekday {
  return WEEKDAYS[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7]!;
}

export interface NewBooking {
  startDate?: string;
  participants?: number;
  /** Catalogue rows and their day offset from the start (0 by default). */
  lines?: Array<{ item: CatalogueRow; offset?: number; participants?: number }>;
}

/** Creates a draft request for `customer` through the wizard's call (201 expected); returns its id. */
export async function createBooking(
  app: FastifyInstance,
  customer: RegisteredCustomer,
  options: NewBooking & { lines: NonNullable<NewBooking['lines']> },
) {
  const startDate = options.startDate ?? futureDay();
  const participants = options.participants ?? 10;
  const res = await postBookingRequest(
    app,
    {
      customerId: customer.id,
      establishment_id: ESTABLISHMENT_ID,
      bookingType: 'anniv',
      type: 'anniv',
      participants,
      startDate,
      note: 'Anniversaire de Jules',
      bookingActivities: options.lines.map(({ item, offset = 0, participants: count }) =>
        // A line given its own count was set by hand; the others follow the booking's count.
        lineFor(item, addIsoDays(startDate, offset), count ?? participants, {
          followsBookingCount: count === undefined,
        }),
      ),
    },
    customer.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return createBookingRequestResponse.parse(res.json()).data;
}

/** GET /{id} (200 expected), parsed. */
export async function getDetail(app: FastifyInstance, token: string, id: string): Promise<BookingDetail> {
  const res = await cb(app, 'GET', `/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return bookingDetailResponse.strict().parse(res.json()).data;
}

export function putBooking(
  app: FastifyInstance,
  token: string | undefined,
  id: string,
  body: Partial<UpdateBookingBody> | Record<string, unknown>,
) {
  return cb(app, 'PUT', `/${id}`, token, body);
}

/** PUT /{id} (200 expected), parsed. */
export async function putOk(app: FastifyInstance, token: string, id: string, body: Partial<UpdateBookingBody>) {
  const res = await putBooking(app, token, id, body);
  expect(res.statusCode, res.body).toBe(200);
  const parsed = bookingDetailResponse.strict().parse(res.json());
  expect(parsed.message).toBe('Modification enregistrée');
  return parsed.data;
}

/** The current `lastModified` of a request, read from the database. */
export async function lastModifiedOf(db: Db, id: string): Promise<string> {
  const [row] = await db
    .select({ updatedAt: bookingRequests.updatedAt })
    .from(bookingRequests)
    .where(eq(bookingRequests.id, id));
  expect(row, `booking request ${id} not stored`).toBeDefined();
  return row!.updatedAt.toISOString();
}

/** A PUT line for an existing catalogue item. */
export function editLine(
  item: CatalogueRow,
  scheduledDate: string,
  customParticipants: number,
  slot?: { startTime: string; endTime: string },
): EditLineInput {
  return {
    ...(item.kind === 'activity' ? { catalogActivityId: item.id } : { catalogServiceId: item.id }),
    scheduledDate,
    customParticipants,
    ...(slot ? { selectedTimeSlot: slot } : {}),
  };
}

/**
 * POST /{id}/participants for `person` (201 expected), parsed: a personal invitation by e-mail
 * (docs/decisions.md, "Product rules"). The person sees the booking only after accepting it: see {@link joinAsParticipant}.
 */
export async function addParticipant(
  app: FastifyInstance,
  token: string,
  bookingId: string,
  person: { firstName?: string; lastName?: string; email: string; phone?: string | null },
) {
  const res = await cb(app, 'POST', `/${bookingId}/participants`, token, {
    firstName: person.firstName ?? 'Jules',
    lastName: person.lastName ?? 'Bernard',
    email: person.email,
    ...(person.phone === undefined ? {} : { phone: person.phone }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const parsed = participantResponse.strict().parse(res.json());
  expect(parsed.message).toBe('Invitation envoyée');
  return parsed.data;
}

/** The token of the personal invitation sent for a participant row (read from the database, as the e-mail carries it). */
export async function personalInviteToken(db: Db, participantId: string): Promise<string> {
  const [link] = await db
    .select({ token: inviteLinks.token })
    .from(inviteLinks)
    .where(and(eq(inviteLinks.participantId, participantId), eq(inviteLinks.isActive, true)))
    .orderBy(desc(inviteLinks.createdAt));
  expect(link, `no personal invitation for ${participantId}`).toBeDefined();
  return link!.token;
}

/**
 * Makes `person` (a registered, logged-in customer) a joined participant of the booking, as in
 * real life: the organizer invites them by e-mail, they accept through their personal link while
 * logged in. Returns their participant row as the organizer sees it.
 */
export async function joinAsParticipant(
  app: FastifyInstance,
  db: Db,
  organizerToken: string,
  bookingId: string,
  person: { email: string; token: string; firstName?: string; lastName?: string },
) {
  const invited = await addParticipant(app, organizerToken, bookingId, person);
  const inviteToken = await personalInviteToken(db, invited._id);
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/invitations/${inviteToken}/join`,
    headers: bearer(person.token),
    remoteAddress: nextAddress(),
    payload: { firstName: person.firstName ?? 'Jules', lastName: person.lastName ?? 'Bernard', email: person.email },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ success: true, shouldRedirect: true, redirectTo: `/booking/${bookingId}` });
  const [row] = await db.select().from(bookingParticipants).where(eq(bookingParticipants.id, invited._id));
  expect(row).toMatchObject({ isActive: true, invitationStatus: 'joined' });
  return {
    ...invited,
    customerId: row!.customerId,
    status: row!.invitationStatus,
    joinedAt: row!.joinedAt?.toISOString() ?? null,
  };
}

/** Everything stored about one request: the row, its lines and its participants. */
export async function snapshot(db: Db, id: string) {
  const [[request], items, participants] = await Promise.all([
    db.select().from(bookingRequests).where(eq(bookingRequests.id, id)),
    db
      .select()
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, id))
      .orderBy(asc(bookingItems.scheduledDate), asc(bookingItems.sortOrder)),
    db
      .select()
      .from(bookingParticipants)
      .where(eq(bookingParticipants.bookingId, id))
      .orderBy(asc(bookingParticipants.createdAt)),
  ]);
  expect(request, `booking request ${id} not stored`).toBeDefined();
  return { request: request!, items, participants };
}

/** Runs `act`, then checks that nothing stored about the request changed. */
export async function expectUnchanged<T>(db: Db, id: string, act: () => Promise<T>): Promise<T> {
  const before = await snapshot(db, id);
  const result = await act();
  expect(await snapshot(db, id)).toEqual(before);
  return result;
}

/** Sets fields of a request directly, as the team's back-office would (status, validations). */
export async function setBookingState(
  db: Db,
  id: string,
  values: Partial<Pick<typeof bookingRequests.$inferInsert, 'status' | 'clientValidation' | 'adminValidation'>>,
) {
  await db.update(bookingRequests).set(values).where(eq(bookingRequests.id, id));
}

/** The slot row of a catalogue item on a weekday at a start time. */
export async function slotRow(db: Db, itemId: string, day: Weekday, startTime: string) {
  const [row] = await db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.itemId, itemId), eq(timeSlots.day, day), eq(timeSlots.startTime, startTime)));
  expect(row, `no slot ${day} ${startTime} for ${itemId}`).toBeDefined();
  return row!;
}

export async function setSlot(
  db: Db,
  slotId: string,
  values: Partial<Pick<typeof timeSlots.$inferInsert, 'isActive' | 'capacity'>>,
) {
  await db.update(timeSlots).set(values).where(eq(timeSlots.id, slotId));
}

export type Response = LightMyRequestResponse;
