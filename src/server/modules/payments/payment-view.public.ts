import {
  type PAYMENT_STATUS_LABELS,
  type BookingPayment,
  type CollectiveStatus,
  type PaymentConfigView,
} from '../../../shared/api/payments.schema';
import { centsToEuros } from '../../../shared/money';
import {
  amountDueCents,
  collectiveShares,
  depositAvailableFrom,
  isPaymentExpired,
} from '../../../shared/payment-rules';
import type { Db } from '../../db/client';
import type { BookingAccess, BookingRequestRow } from '../bookings/booking-access.public';
import { listParticipants, type ParticipantRow } from '../bookings/participant-list.public';
import { shareOptOuts } from './opt-outs.repository';
import { findPaymentConfig, type PaymentConfigRow, type PaymentRow } from './payments.repository';

export const CONTRACTS_PREFIX = '/api/v1/contracts';

/** The contract's file name: the one the team generated, else one derived from the reference. */
export function contractFilename(booking: Pick<BookingRequestRow, 'reference'>, config: PaymentConfigRow): string {
  return config.contractFilename ?? `contrat-${booking.reference}.pdf`;
}

export function contractUrl(booking: Pick<BookingRequestRow, 'reference'>, config: PaymentConfigRow): string {
  return `${CONTRACTS_PREFIX}/${encodeURIComponent(contractFilename(booking, config))}`;
}

export function configView(booking: BookingRequestRow, config: PaymentConfigRow): PaymentConfigView {
  return {
    type: config.type,
    amount: centsToEuros(amountDueCents(config)),
    percentage: config.percentage,
    dueDate: config.dueAt.toISOString(),
    instructions: config.instructions,
    contractUrl: contractUrl(booking, config),
    authorizationCanceled: config.authorizationCanceled,
    depositAvailableFrom: config.type === 'deposit_card' ? depositAvailableFrom(booking.startDate) : null,
    ...(isWalkIn(booking) ? { walkIn: true as const } : {}),
  };
}

/** The people who share a collective payment: active participants who joined (organizer included). */
export function payingPeople<P extends ParticipantRow>(participants: P[]): P[] {
  return participants.filter((person) => person.isActive && person.invitationStatus === 'joined');
}

/** An opt-out of an optional per-person line, with that line's price (docs/decisions.md, "Group shares"). */
export interface ShareOptOut {
  lineId: string;
  perPersonCents: number;
}

/** A participant row with the optional lines they do not take (loaded by `listShareParticipants`). */
export type ShareParticipant = ParticipantRow & { optOuts?: readonly ShareOptOut[] };

/** The booking's participants with their opt-outs: what `sharesOf` needs to follow them. */
export async function listShareParticipants(db: Db, bookingId: string): Promise<ShareParticipant[]> {
  const [participants, optOuts] = await Promise.all([listParticipants(db, bookingId), shareOptOuts(db, bookingId)]);
  return withOptOuts(participants, optOuts);
}

function withOptOuts(
  participants: ParticipantRow[],
  optOuts: Awaited<ReturnType<typeof shareOptOuts>>,
): ShareParticipant[] {
  return participants.map((person) => ({
    ...person,
    optOuts: optOuts.filter((row) => row.participantId === person.id),
  }));
}

export function sharesOf(config: PaymentConfigRow, participants: ShareParticipant[]): Map<string, number> {
  const paying = payingPeople(participants);
  const lines = new Map<string, number>();
  for (const person of paying) for (const row of person.optOuts ?? []) lines.set(row.lineId, row.perPersonCents);
  const people = paying.map((person) => ({
    id: person.id,
    isOrganizer: person.role === 'Organisateur',
    // Dropped from the split at the due date: owes nothing, as a guest of honour (docs/decisions.md, "Group shares").
    guestOfHonour: person.guestOfHonour || person.droppedFromSplit,
    optedOut: (person.optOuts ?? []).map((row) => row.lineId),
  }));
  // A walk-in's shares are per head of the booked headcount: the places of those not joined yet
  // hold their share, so what a member paid never grows wrong (docs/decisions.md, "Walk-ins").
  const waiting = Math.max(0, (config.shareHeadcount ?? 0) - people.length);
  const places = Array.from({ length: waiting }, (_, index) => ({ id: `place:${index}`, isOrganizer: false }));
  const shares = collectiveShares(
    config.totalCents,
    [...people, ...places],
    [...lines].map(([id, perPersonCents]) => ({ id, amountCents: 0, perPersonCents })),
  );
  for (const place of places) shares.delete(place.id);
  return shares;
}

/** A group booked at the kiosk (docs/decisions.md, "Walk-ins"): confirmed at once, paid afterwards. */
export function isWalkIn(booking: Pick<BookingRequestRow, 'eventData'>): boolean {
  return booking.eventData.walkIn === 'true';
}

/** The booking takes payments: an option, or a walk-in confirmed at once and not paid yet. */
export function takesPayments(booking: BookingRequestRow): boolean {
  return (
    booking.status === 'prebooked' ||
    (booking.status === 'confirmed' && isWalkIn(booking) && booking.paymentStatus !== 'paid')
  );
}

/**
 * What a payer already gave: a paid share's amount, or on a share reopened by a new split what was
 * paid before it (docs/decisions.md, "Group shares").
 */
export function paidOf(person: ParticipantRow, shares: Map<string, number>): number {
  if (person.paymentStatus === 'paid') return person.paymentAmountCents ?? shares.get(person.id) ?? 0;
  return person.paymentAmountCents ?? 0;
}

/** What a payer still owes: their share less what they already gave; 0 when paid or not a payer. */
export function owedOf(person: ParticipantRow, shares: Map<string, number>): number {
  if (person.paymentStatus === 'paid' || !shares.has(person.id)) return 0;
  return Math.max(0, shares.get(person.id)! - paidOf(person, shares));
}

/**
 * Who reads a collective status: the organizer and the team see every share's e-mail; a
 * participant only their own (no co-participant contact details; docs/decisions.md, "Product rules").
 */
export type CollectiveReader = Pick<BookingAccess, 'role' | 'participation'>;

function showsEmailOf(reader: CollectiveReader, person: ParticipantRow): boolean {
  return reader.role !== 'participant' || person.id === reader.participation?.id;
}

export function collectiveView(
  config: PaymentConfigRow,
  participants: ParticipantRow[],
  reader: CollectiveReader,
): CollectiveStatus {
  const enabled = config.type === 'collective_payment';
  const shares = enabled ? sharesOf(config, participants) : new Map<string, number>();
  const people = participants.filter((person) => person.isActive);
  const paying = people.filter((person) => shares.has(person.id));
  const paid = paying.filter((person) => person.paymentStatus === 'paid');
  const paidCents = people.reduce((sum, person) => sum + paidOf(person, shares), 0);
  // Opt-outs lower what the group pays: the total is the shares' sum (docs/decisions.md, "Group shares").
  const totalCents = enabled && paying.length > 0 ? [...shares.values()].reduce((a, b) => a + b, 0) : config.totalCents;
  const base = paying.length > 0 ? Math.floor(totalCents / paying.length) : 0;
  return {
    enabled,
    progressPercentage: paying.length > 0 ? Math.round((paid.length / paying.length) * 100) : 0,
    paidParticipants: paid.length,
    totalParticipants: paying.length,
    remainingParticipants: paying.length - paid.length,
    isComplete: paying.length > 0 && paid.length === paying.length,
    amountPerParticipant: centsToEuros(base),
    totalAmount: centsToEuros(totalCents),
    paidAmount: centsToEuros(paidCents),
    participants: people.map((person) => ({
      id: person.id,
      name: `${person.firstName} ${person.lastName}`.trim(),
      ...(showsEmailOf(reader, person) ? { email: person.email } : {}),
      role: person.role,
      paymentStatus: person.paymentStatus === 'paid' ? 'paid' : shares.has(person.id) ? 'pending' : 'not_required',
      paymentAmount:
        person.paymentStatus === 'paid' || person.paymentAmountCents !== null || shares.has(person.id)
          ? centsToEuros(
              person.paymentStatus === 'paid'
                ? paidOf(person, shares)
                : (shares.get(person.id) ?? paidOf(person, shares)),
            )
          : null,
      paidAt: person.paidAt?.toISOString() ?? null,
      guestOfHonour: person.guestOfHonour,
      ...(reader.role !== 'participant' ? { lastReminderAt: person.lastRemindedAt?.toISOString() ?? null } : {}),
    })),
  };
}

/** The booking detail's `payment` field (SPEC.md §3). */
export function paymentView(
  booking: BookingRequestRow,
  config: PaymentConfigRow | undefined,
  participants: ParticipantRow[],
  reader: CollectiveReader,
): BookingPayment {
  return {
    config: config ? configView(booking, config) : null,
    status: booking.paymentStatus,
    totalAmount: config ? centsToEuros(config.totalCents) : null,
    collective: config?.type === 'collective_payment' ? collectiveView(config, participants, reader) : null,
  };
}

/** The Paiement section exists once the team validated and configured the payment (SPEC.md §2). */
export function paymentSectionOpen(booking: BookingRequestRow, config: PaymentConfigRow | undefined): boolean {
  return (
    Boolean(config) &&
    booking.adminValidation === 'validated' &&
    ['prebooked', 'confirmed', 'completed'].includes(booking.status)
  );
}

/** A payment can be made now: the section is open, the booking is an option and the delay runs. */
export function payableNow(booking: BookingRequestRow, config: PaymentConfigRow | undefined, now = new Date()) {
  return (
    paymentSectionOpen(booking, config) &&
    takesPayments(booking) &&
    !isPaymentExpired({ status: booking.status, dueDate: config!.dueAt.toISOString(), now })
  );
}

/**
 * What the booking detail needs (the `payment` field and permissions.canPay): organizers see the
 * section; participants only when the payment is collective (they pay their own share).
 */
export async function paymentForDetail(db: Db, access: Pick<BookingAccess, 'booking' | 'role' | 'participation'>) {
  const config = await findPaymentConfig(db, access.booking.id);
  const participants = config ? await listShareParticipants(db, access.booking.id) : [];
  return paymentForDetailOf(access, config, participants);
}

/**
 * The detail's payment part from what the booking detail loaded; a collective payment also reads the
 * opt-outs (one query, on the caller's connection), so the detail's shares are the collective status's.
 */
export async function detailPaymentWithOptOuts(
  db: Db,
  access: Pick<BookingAccess, 'booking' | 'role' | 'participation'>,
  config: PaymentConfigRow | undefined,
  participants: ParticipantRow[],
) {
  if (config?.type !== 'collective_payment') return paymentForDetailOf(access, config, participants);
  return paymentForDetailOf(access, config, withOptOuts(participants, await shareOptOuts(db, access.booking.id)));
}

/** The detail's payment part from what the booking detail already loaded (no query). */
export function paymentForDetailOf(
  access: Pick<BookingAccess, 'booking' | 'role' | 'participation'>,
  config: PaymentConfigRow | undefined,
  participants: ParticipantRow[],
) {
  const open = paymentSectionOpen(access.booking, config);
  const canPay = open && (access.role !== 'participant' || config?.type === 'collective_payment');
  return { payment: paymentView(access.booking, config, config ? participants : [], access), canPay };
}

export function displayStatus(row: PaymentRow): keyof typeof PAYMENT_STATUS_LABELS {
  if (row.status === 'completed' || row.status === 'authorized') return 'completed';
  if (row.status === 'refunded') return 'refunded';
  if (row.status === 'failed' || row.status === 'canceled') return 'failed';
  return 'pending';
}
