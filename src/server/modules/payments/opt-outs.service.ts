import {
  OPT_OUT_MESSAGES as MSG,
  OPT_OUTS_STATUSES,
  type OptionalLineBody,
  type OptOutBody,
  type OptOutsView,
} from '../../../shared/api/opt-outs.schema';
import { centsToEuros } from '../../../shared/money';
import { isPaymentExpired } from '../../../shared/payment-rules';
import { isUuid } from '../../../shared/validation';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { inTransaction, type Tx } from '../../db/transaction';
import { customerActor, recordAudit } from '../audit/audit.service';
import { accessBooking, keptInSurprise, type BookingAccess } from '../bookings/booking-access.public';
import { touchBooking } from '../bookings/booking-rows.service';
import { findParticipant, listParticipants } from '../bookings/participant-list.public';
import { cancelOpenIntentsIn, releaseAtProvider } from './open-intents.public';
import * as repo from './opt-outs.repository';
import type { PaymentDeps } from './payment-context';
import { findPaymentConfig, type PaymentRow } from './payments.repository';

/**
 * Optional per-person activities (docs/decisions.md, "Group shares"): the organizer marks a
 * per-person activity line optional; a participant (or the organizer for them) opts out of it,
 * and their collective share drops by the line's per-person price (payment-view.public.ts
 * `sharesOf`). Every change runs with the booking row locked, so toggles at once, and a share paid
 * at the same moment, are judged one after the other; the open collective intents carry the old
 * amounts and are canceled, then released at the provider once committed.
 */

const eligible = (line: repo.OptOutLineRow) => line.pricingType === 'per_person';

/** The choices may change on a request or an option whose payment delay runs. */
async function isOpen(db: Db, access: Pick<BookingAccess, 'booking'>, now = new Date()) {
  if (!OPT_OUTS_STATUSES.includes(access.booking.status)) return false;
  const config = await findPaymentConfig(db, access.booking.id);
  return !config || !isPaymentExpired({ status: access.booking.status, dueDate: config.dueAt.toISOString(), now });
}

async function viewOf(db: Db, access: BookingAccess, customerId: string | null): Promise<OptOutsView> {
  // A guest of honour kept in the surprise sees no programme (docs/decisions.md, "Group shares").
  const hidden = keptInSurprise(access);
  const [lines, optOuts, participants, open] = await Promise.all([
    hidden ? Promise.resolve([]) : repo.listActivityLines(db, access.booking.id),
    hidden ? Promise.resolve([]) : repo.listOptOuts(db, access.booking.id),
    listParticipants(db, access.booking.id),
    isOpen(db, access),
  ]);
  const me =
    access.participation?.id ??
    participants.find((person) => customerId !== null && person.customerId === customerId)?.id ??
    null;
  return {
    me,
    canManage: access.role === 'organizer',
    open,
    lines: lines.map((line) => ({
      lineId: line.id,
      name: line.name,
      scheduledDate: line.scheduledDate,
      perPersonPrice: eligible(line) ? centsToEuros(line.basePriceCents) : null,
      eligible: eligible(line),
      optional: line.optional,
      optedOut: line.optional ? optOuts.filter((row) => row.lineId === line.id).map((row) => row.participantId) : [],
    })),
  };
}

/** GET …/opt-outs: the activity lines, which are optional and who does not take them. */
export async function getOptOuts(db: Db, customerId: string, bookingId: string) {
  const access = await accessBooking(db, bookingId, { kind: 'customer', customerId });
  return viewOf(db, access, customerId);
}

async function lockedLine(tx: Tx, access: BookingAccess, lineId: string) {
  if (keptInSurprise(access)) throw AppError.of('NOT_FOUND', MSG.lineNotFound);
  const lines = await repo.listActivityLines(tx, access.booking.id);
  const line = isUuid(lineId) ? lines.find((row) => row.id === lineId) : undefined;
  if (!line) throw AppError.of('NOT_FOUND', MSG.lineNotFound);
  return line;
}

/** Cancels the collective intents still open (they carry the old amounts). */
async function closeIntents(tx: Tx, bookingId: string): Promise<PaymentRow[]> {
  const config = await findPaymentConfig(tx, bookingId);
  return config?.type === 'collective_payment' ? cancelOpenIntentsIn(tx, bookingId) : [];
}

/** PUT …/activities/{lineId}/optional `{ optional }`: the organizer only (a participant 403). */
export async function setLineOptional(
  deps: PaymentDeps,
  customerId: string,
  bookingId: string,
  lineId: string,
  body: OptionalLineBody,
) {
  const canceled = await inTransaction(deps.db, async (tx) => {
    const access = await accessBooking(tx, bookingId, { kind: 'customer', customerId }, { forUpdate: true });
    if (access.role !== 'organizer') throw AppError.of('FORBIDDEN', MSG.organizerOnly);
    const line = await lockedLine(tx, access, lineId);
    if (!(await isOpen(tx, access))) throw AppError.of('OPT_OUTS_CLOSED', MSG.closed);
    if (line.optional === body.optional) return [] as PaymentRow[];
    if (body.optional && !eligible(line)) throw AppError.of('OPT_OUT_REFUSED', MSG.notPerPerson);
    if (!body.optional) {
      const optOuts = await repo.listOptOuts(tx, bookingId);
      if (optOuts.some((row) => row.lineId === line.id)) throw AppError.of('OPT_OUT_REFUSED', MSG.hasOptOuts);
    }
    await repo.setLineOptional(tx, line.id, body.optional);
    await touchBooking(tx, bookingId);
    await recordAudit(tx, {
      ...(await customerActor(tx, customerId, 'Organisateur')),
      bookingId,
      action: 'optional_line',
      before: { lineId: line.id, name: line.name, optional: line.optional },
      after: { lineId: line.id, name: line.name, optional: body.optional },
    });
    return [] as PaymentRow[];
  });
  if (canceled.length > 0) await releaseAtProvider(deps, bookingId, canceled);
  return getOptOuts(deps.db, customerId, bookingId);
}

/**
 * PUT …/participants/{participantId}/opt-outs/{lineId} `{ optedOut }`: the participant themself
 * or the organizer (another participant gets the 404 of a person they cannot change). Only on an
 * optional line, not for a guest of honour, not once that participant has paid their share.
 */
export async function setOptOut(
  deps: PaymentDeps,
  customerId: string,
  bookingId: string,
  participantId: string,
  lineId: string,
  body: OptOutBody,
) {
  const canceled = await inTransaction(deps.db, async (tx) => {
    const access = await accessBooking(tx, bookingId, { kind: 'customer', customerId }, { forUpdate: true });
    const person = isUuid(participantId) ? await findParticipant(tx, bookingId, participantId) : undefined;
    const mayChange = access.role === 'organizer' || person?.id === access.participation?.id;
    if (!person?.isActive || !mayChange) throw AppError.of('NOT_FOUND', MSG.participantNotFound);
    const line = await lockedLine(tx, access, lineId);
    if (!(await isOpen(tx, access))) throw AppError.of('OPT_OUTS_CLOSED', MSG.closed);
    if (!line.optional) throw AppError.of('OPT_OUT_REFUSED', MSG.notOptional);
    const current = await repo.listOptOuts(tx, bookingId);
    const was = current.some((row) => row.participantId === person.id && row.lineId === line.id);
    if (was === body.optedOut) return [] as PaymentRow[];
    if (person.guestOfHonour) throw AppError.of('OPT_OUT_REFUSED', MSG.guestOfHonour);
    // A paid share is never asked again nor partly given back here (docs/decisions.md, "Group shares").
    if (person.paymentStatus === 'paid') throw AppError.of('ALREADY_PAID', MSG.alreadyPaid);
    if (body.optedOut) await repo.addOptOut(tx, bookingId, person.id, line.id);
    else await repo.removeOptOut(tx, person.id, line.id);
    const intents = await closeIntents(tx, bookingId);
    await touchBooking(tx, bookingId);
    await recordAudit(tx, {
      ...(await customerActor(tx, customerId, access.role === 'organizer' ? 'Organisateur' : 'Participant')),
      bookingId,
      action: 'opt_out',
      before: { participantId: person.id, lineId: line.id, optedOut: was },
      after: {
        participantId: person.id,
        lineId: line.id,
        optedOut: body.optedOut,
        ...(intents.length > 0 ? { canceledIntents: intents.map((intent) => intent.id) } : {}),
      },
    });
    return intents;
  });
  // Once committed, never with the booking row locked (docs/decisions.md, "Payments", "Closing card intents").
  if (canceled.length > 0) await releaseAtProvider(deps, bookingId, canceled);
  return getOptOuts(deps.db, customerId, bookingId);
}
