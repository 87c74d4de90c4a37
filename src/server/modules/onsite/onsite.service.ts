import QRCode from 'qrcode';
import {
  ONSITE_MESSAGES,
  type BoardGroup,
  type CheckInResult,
  type WaiverState,
} from '../../../shared/api/onsite.schema';
import { todayInParis } from '../../../shared/booking-days';
import { parisWallClock } from '../../../shared/paris-time';
import { WAIVER_MESSAGES, WAIVER_VERSION, waiverNameMatches } from '../../../shared/waiver';
import { AppError } from '../../app-error';
import { inTransaction } from '../../db/transaction';
import { participantTrace, recordAudit } from '../audit/audit.service';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { accessBooking, customerAccess, type Actor } from '../bookings/booking-access.public';
import { findActiveParticipation, findParticipant, type ParticipantRow } from '../bookings/participant-list.public';
import type { Clock } from '../jobs/jobs.service';
import { releaseDepositHoldOf } from '../payments/deposit-release.public';
import { centsToEuros } from '../../../shared/money';
import { balancesToCollect } from '../payments/onsite-balance.public';
import { signPass, verifyPass, type PassClaims } from './pass-code';
import * as repo from './onsite.repository';

/** The day on site (docs/decisions.md, "On site"): passes, waivers, check-in, check-out. */
export interface OnsiteDeps extends ServiceDeps {
  /** The key that signs the passes (config.ts `passSecret`). */
  passKey: string;
  clock: Clock;
  provider: PaymentProvider;
}

type StaffActor = Extract<Actor, { kind: 'staff' }>;

const staffAuditActor = (staff: StaffActor) => ({
  actorType: 'staff' as const,
  actorId: staff.staffId,
  actorName: staff.name,
});

/** hh:mm on the park's clock. */
function parisTime(instant: Date): string {
  const { hour, minute } = parisWallClock(instant);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

function frenchDay(day: string): string {
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** SPEC.md §9's QR parameters: level M, a margin of 4 modules; 192 px wide, as a PNG. */
export function qrPngOf(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 4, width: 192, type: 'image/png' });
}

function toWaiverState(row: repo.WaiverRow | undefined): WaiverState | null {
  if (!row) return null;
  return {
    fullName: row.fullName,
    version: row.version,
    signedAt: row.signedAt.toISOString(),
    signedOnSite: row.signedOnSiteBy !== null,
  };
}

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

/** The caller's own participant row on a booking: organizer or a participant who joined; anyone else 404. */
async function ownRow(db: Db, bookingId: string, customerId: string) {
  const access = await customerAccess(db, bookingId, customerId);
  const row = access.participation ?? (await findActiveParticipation(db, bookingId, customerId));
  if (!row) throw AppError.of('NOT_FOUND', ONSITE_MESSAGES.passUnknown);
  return { booking: access.booking, row };
}

export async function getPass(deps: OnsiteDeps, customerId: string, bookingId: string) {
  const { booking, row } = await ownRow(deps.db, bookingId, customerId);
  const code = signPass(deps.passKey, {
    bookingId: booking.id,
    participantId: row.id,
    startDate: booking.startDate,
    endDate: booking.endDate,
  });
  const [waiver, checkIn, qrPng] = await Promise.all([
    repo.findWaiver(deps.db, row.id),
    repo.findCheckIn(deps.db, row.id),
    qrPngOf(code),
  ]);
  return {
    code,
    qrPng,
    participantId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    bookingId: booking.id,
    bookingRequestId: booking.reference,
    startDate: booking.startDate,
    endDate: booking.endDate,
    waiver: toWaiverState(waiver),
    checkedInAt: checkIn?.checkedInAt.toISOString() ?? null,
  };
}

async function signFor(
  deps: OnsiteDeps,
  row: ParticipantRow,
  body: { fullName: string },
  staff: StaffActor | null,
): Promise<{ waiver: WaiverState; message: string }> {
  if (!waiverNameMatches(body.fullName, row)) {
    throw AppError.of('VALIDATION_ERROR', WAIVER_MESSAGES.fullNameMismatch, {
      fullName: WAIVER_MESSAGES.fullNameMismatch,
    });
  }
  const saved = await inTransaction(deps.db, async (tx) => {
    const signed = await repo.insertWaiver(tx, {
      participantId: row.id,
      bookingId: row.bookingId,
      fullName: body.fullName.trim(),
      version: WAIVER_VERSION,
      signedAt: deps.clock.now(),
      signedOnSiteBy: staff?.staffId ?? null,
    });
    // Signed at reception: the booking's history says so, with the staff member (docs/decisions.md, "On site").
    if (signed.created && staff) {
      await recordAudit(tx, {
        ...staffAuditActor(staff),
        bookingId: row.bookingId,
        action: 'waiver_on_site',
        before: null,
        after: { ...participantTrace(row), signedName: signed.row.fullName, waiverVersion: signed.row.version },
      });
    }
    return signed.row;
  });
  return { waiver: toWaiverState(saved)!, message: WAIVER_MESSAGES.signed };
}

/** POST …/{id}/waiver: the caller signs for themselves (the name they type must be theirs). */
export async function signWaiver(deps: OnsiteDeps, customerId: string, bookingId: string, body: { fullName: string }) {
  const { row } = await ownRow(deps.db, bookingId, customerId);
  return signFor(deps, row, body, null);
}

const unknownPass = () => AppError.of('PASS_UNKNOWN', ONSITE_MESSAGES.passUnknown);

/** The booking and participant a code names, when it is ours and they still exist (else "unknown"). */
async function passHolder(deps: OnsiteDeps, code: string, staff: StaffActor) {
  const claims: PassClaims | undefined = verifyPass(deps.passKey, code);
  if (!claims) throw unknownPass();
  const booking = await accessBooking(deps.db, claims.bookingId, staff).then(
    (access) => access.booking,
    () => undefined,
  );
  const row = booking && (await findParticipant(deps.db, booking.id, claims.participantId));
  if (!booking || !row || !row.isActive || row.invitationStatus !== 'joined') throw unknownPass();
  return { booking, row };
}

/** POST /api/v1/staff/check-in/waiver: the person signs at reception, on the team's device. */
export async function signWaiverOnSite(deps: OnsiteDeps, staff: StaffActor, body: { code: string; fullName: string }) {
  const { row } = await passHolder(deps, body.code, staff);
  return signFor(deps, row, body, staff);
}

/**
 * POST /api/v1/staff/check-in: a pass of today's confirmed booking (Paris time) with its waiver
 * signed is checked in once; the claim is the check-in row's primary key, so concurrent scans of
 * one pass give one check-in and "already checked in" to the others.
 */
export async function checkIn(
  deps: OnsiteDeps,
  staff: StaffActor,
  code: string,
): Promise<{ data: CheckInResult; message: string }> {
  const { booking, row } = await passHolder(deps, code, staff);
  const now = deps.clock.now();
  const today = todayInParis(now);
  if (today < booking.startDate || today > booking.endDate) {
    throw AppError.of('WRONG_DAY', ONSITE_MESSAGES.wrongDay(frenchDay(booking.startDate)));
  }
  if (booking.status !== 'confirmed' && booking.status !== 'completed') {
    throw AppError.of('NOT_CONFIRMED', ONSITE_MESSAGES.notConfirmed);
  }
  const earlier = await repo.findCheckIn(deps.db, row.id);
  if (earlier)
    throw AppError.of('ALREADY_CHECKED_IN', ONSITE_MESSAGES.alreadyCheckedIn(parisTime(earlier.checkedInAt)));
  if (!(await repo.findWaiver(deps.db, row.id))) throw AppError.of('WAIVER_MISSING', ONSITE_MESSAGES.waiverMissing);
  const claimed = await inTransaction(deps.db, async (tx) => {
    const won = await repo.claimCheckIn(tx, {
      participantId: row.id,
      bookingId: booking.id,
      checkedInAt: now,
      staffId: staff.staffId,
    });
    if (won) {
      await recordAudit(tx, {
        ...staffAuditActor(staff),
        bookingId: booking.id,
        action: 'check_in',
        before: null,
        after: { ...participantTrace(row), checkedInAt: won.checkedInAt.toISOString() },
      });
    }
    return won;
  });
  if (!claimed) {
    const winner = await repo.findCheckIn(deps.db, row.id);
    throw AppError.of('ALREADY_CHECKED_IN', ONSITE_MESSAGES.alreadyCheckedIn(parisTime(winner?.checkedInAt ?? now)));
  }
  const arrived = await repo.countCheckIns(deps.db, booking.id);
  return {
    message: ONSITE_MESSAGES.checkedIn(fullName(row)),
    data: {
      participantId: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      checkedInAt: claimed.checkedInAt.toISOString(),
      booking: {
        id: booking.id,
        bookingRequestId: booking.reference,
        organizerName: fullName(booking.mainContact),
        arrived,
        expected: booking.participants,
      },
    },
  };
}

/** GET /api/v1/staff/check-in/board: each group of the day with its arrivals (n / N). */
export async function dayBoard(deps: OnsiteDeps, date: string | undefined) {
  const day = date ?? todayInParis(deps.clock.now());
  const { bookings, people, waivers, checkIns, checkOuts } = await repo.listDayGroups(deps.db, day);
  const signed = new Set(waivers.map((row) => row.participantId));
  const arrivedAt = new Map(checkIns.map((row) => [row.participantId, row.checkedInAt.toISOString()]));
  const outAt = new Map(checkOuts.map((row) => [row.bookingId, row.checkedOutAt.toISOString()]));
  const balances = await balancesToCollect(
    deps.db,
    bookings.map((booking) => booking.id),
  );
  const groups: BoardGroup[] = bookings.map((booking) => {
    const balance = balances.get(booking.id);
    const own = people.filter((person) => person.bookingId === booking.id);
    return {
      bookingId: booking.id,
      bookingRequestId: booking.reference,
      organizerName: fullName(booking.mainContact),
      status: booking.status,
      arrived: own.filter((person) => arrivedAt.has(person.id)).length,
      expected: booking.participants,
      checkedOutAt: outAt.get(booking.id) ?? null,
      balanceDue: balance ? { amount: centsToEuros(balance.balanceCents), onSiteChosen: balance.onSiteChosen } : null,
      participants: own.map((person) => ({
        participantId: person.id,
        firstName: person.firstName,
        lastName: person.lastName,
        code: signPass(deps.passKey, {
          bookingId: booking.id,
          participantId: person.id,
          startDate: booking.startDate,
          endDate: booking.endDate,
        }),
        waiverSigned: signed.has(person.id),
        checkedInAt: arrivedAt.get(person.id) ?? null,
      })),
    };
  });
  return { date: day, groups };
}

/**
 * POST /api/v1/staff/booking-requests/{id}/check-out: the group leaves; once. The card deposit
 * hold is released through payments (`releaseDepositHoldOf`); capturing part of it for damage
 * stays the payments screen's deposit-capture, done before the check-out.
 */
export async function checkOut(deps: OnsiteDeps, staff: StaffActor, bookingId: string) {
  const { booking } = await accessBooking(deps.db, bookingId, staff);
  const claimed = await inTransaction(deps.db, async (tx) => {
    const won = await repo.claimCheckOut(tx, {
      bookingId: booking.id,
      checkedOutAt: deps.clock.now(),
      staffId: staff.staffId,
    });
    if (won) {
      await recordAudit(tx, {
        ...staffAuditActor(staff),
        bookingId: booking.id,
        action: 'check_out',
        before: null,
        after: { checkedOutAt: won.checkedOutAt.toISOString(), arrived: await repo.countCheckIns(tx, booking.id) },
      });
    }
    return won;
  });
  if (!claimed) {
    const earlier = await repo.findCheckOut(deps.db, booking.id);
    throw AppError.of('ALREADY_CHECKED_OUT', ONSITE_MESSAGES.alreadyCheckedOut(parisTime(earlier!.checkedOutAt)));
  }
  const releasedHolds = await releaseDepositHoldOf(deps, booking.id, {
    actorType: 'staff',
    actorId: staff.staffId,
    actorName: staff.name,
  });
  return {
    message: ONSITE_MESSAGES.checkedOut,
    data: { checkedOutAt: claimed.checkedOutAt.toISOString(), releasedHolds },
  };
}
