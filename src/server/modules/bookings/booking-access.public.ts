import { BOOKING_EDIT_MESSAGES } from '../../../shared/api/customer-booking.schema';
import { ESTABLISHMENT_ID } from '../../../shared/constants';
import type { EditableState, UserRole } from '../../../shared/editing-rule';
import type { BookingStatus } from '../../../shared/labels';
import { isUuid } from '../../../shared/validation';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import type { LookupOptions } from '../../db/transaction';
import { accessFactsQuery, type Alongside } from './booking-access.repository';
import { findActiveParticipation, type ParticipantRow } from './participant-list.public';
import { findBooking, type BookingRequestRow } from './bookings.repository';
import { isGuestKeptInSurprise } from './participants.repository';

/** Who calls: a customer (organizer or participant of the booking) or a member of the park team. */
export type Actor =
  { kind: 'customer'; customerId: string } | { kind: 'staff'; staffId: string; role: 'admin' | 'staff'; name: string };

export interface BookingAccess {
  booking: BookingRequestRow;
  /** `staff` for the park team, who see every booking of the park. */
  role: 'organizer' | 'participant' | 'staff';
  participation: ParticipantRow | undefined;
}

export const bookingNotFound = () => AppError.of('NOT_FOUND', BOOKING_EDIT_MESSAGES.notFound);

/**
 * The one access check every module uses before touching a booking (chat, invitations, payments,
 * contracts, staff actions). A customer sees only the bookings they organize or joined; anyone
 * else gets the same 404 as for an id that does not exist, so ids cannot be probed.
 */
export async function accessBooking<D extends Db>(
  db: D,
  bookingId: string,
  actor: Actor,
  options?: LookupOptions<D>,
): Promise<BookingAccess> {
  if (!isUuid(bookingId)) throw bookingNotFound();
  const booking = await findBooking(db, bookingId, options);
  if (!booking || booking.establishmentId !== ESTABLISHMENT_ID) throw bookingNotFound();
  if (actor.kind === 'staff') return { booking, role: 'staff', participation: undefined };
  if (booking.customerId === actor.customerId) return { booking, role: 'organizer', participation: undefined };
  const participation = await findActiveParticipation(db, bookingId, actor.customerId);
  if (!participation) throw bookingNotFound();
  return { booking, role: 'participant', participation };
}

/** What `keptInSurprise` reads of an access. */
export type SurpriseFacts = Parameters<typeof keptInSurprise>[0];

/** What a poll needs of the caller's access: who they are to the booking, and its surprise facts. */
export interface AccessFacts {
  role: BookingAccess['role'];
  booking: { surprise: boolean };
  participation: { guestOfHonour: boolean } | undefined;
}

/**
 * The same rule as `accessBooking` (organizer, joined participant or staff; anyone else the
 * booking's 404), and `alongside` read in the same statement (a scalar subquery of the caller's
 * module): one round trip where a poll needs both (the chat's version: docs/decisions.md, "Volume
 * and indexes", the chat polls). Only the facts the poll needs are read, not the rows. The polls
 * keep them under the chat's topic, which every row of the booking and its participants sends
 * (rule 16): a participant removed through any instance gets the 404 at their next call.
 */
export async function accessFactsWith<T>(
  db: Db,
  bookingId: string,
  actor: Actor,
  alongside: Alongside<T>,
): Promise<{ access: AccessFacts; alongside: T }> {
  if (!isUuid(bookingId)) throw bookingNotFound();
  const [row] = await accessFactsQuery(db, bookingId, actor.kind === 'customer' ? actor.customerId : null, alongside);
  if (!row || row.establishmentId !== ESTABLISHMENT_ID) throw bookingNotFound();
  const booking = { surprise: row.surprise };
  const facts = (role: AccessFacts['role'], participation?: AccessFacts['participation']) => ({
    access: { role, booking, participation },
    alongside: row.alongside,
  });
  if (actor.kind === 'staff') return facts('staff');
  if (row.customerId === actor.customerId) return facts('organizer');
  if (row.guestOfHonour === null) throw bookingNotFound();
  return facts('participant', { guestOfHonour: row.guestOfHonour });
}

/**
 * The same rule as `accessBooking` for a customer, applied to a booking and its active
 * participants already loaded (the detail's one query): organizer, or a participant who joined.
 */
export function customerAccessOf(
  booking: BookingRequestRow | undefined,
  customerId: string,
  activeParticipants: ParticipantRow[],
): CustomerAccess {
  if (!booking || booking.establishmentId !== ESTABLISHMENT_ID) throw bookingNotFound();
  if (booking.customerId === customerId) return { booking, role: 'organizer', participation: undefined };
  const participation = activeParticipants.find(
    (row) => row.customerId === customerId && row.isActive && row.invitationStatus === 'joined',
  );
  if (!participation) throw bookingNotFound();
  return { booking, role: 'participant', participation };
}

/** A customer's access: organizer or participant, never staff. */
export type CustomerAccess = BookingAccess & { role: UserRole };

/**
 * Who may see a request as a customer: its organizer and its active participants. Anyone else
 * gets the same 404 as for an id that does not exist (no way to probe other customers' requests).
 */
export async function customerAccess<D extends Db>(
  db: D,
  bookingId: string,
  customerId: string,
  options?: LookupOptions<D>,
): Promise<CustomerAccess> {
  return (await accessBooking(db, bookingId, { kind: 'customer', customerId }, options)) as CustomerAccess;
}

/**
 * The organizer's access (the booking row locked with `forUpdate`): anyone else who may see the
 * booking gets 403 with `message` (the invitation links, the participants list).
 */
export async function organizerAccess<D extends Db>(
  db: D,
  bookingId: string,
  customerId: string,
  message: string,
  forUpdate?: LookupOptions<D>['forUpdate'],
): Promise<CustomerAccess> {
  const access = await customerAccess(db, bookingId, customerId, { forUpdate } as LookupOptions<D>);
  if (access.role !== 'organizer') throw AppError.of('FORBIDDEN', message);
  return access;
}

/**
 * A guest of honour of a booking in surprise mode: they see the date and the place, never the
 * programme (lines, schedule, prices, hidden messages, contract, programme in mails;
 * docs/decisions.md, "Group shares").
 */
export function keptInSurprise(access: {
  booking: Pick<BookingRequestRow, 'surprise'>;
  participation?: Pick<ParticipantRow, 'guestOfHonour'> | null;
}): boolean {
  return access.booking.surprise && access.participation?.guestOfHonour === true;
}

/** The surprise screen's question for a mail (mail/mailer.public.ts `surpriseScreen`): is `to` kept in the surprise? */
export function isRecipientKeptInSurprise(db: Db, bookingId: string, to: string): Promise<boolean> {
  return isGuestKeptInSurprise(db, bookingId, to);
}

/** What the editing rule (src/shared/editing-rule.ts) reads of a customer's access. */
export function editStateOf(access: CustomerAccess): EditableState {
  return {
    status: access.booking.status as BookingStatus,
    clientValidation: access.booking.clientValidation,
    userRole: access.role,
  };
}

export type { BookingRequestRow } from './bookings.repository';
