import type { z } from 'zod';
import {
  WALK_IN_FORM_MESSAGES,
  WALK_IN_PAYMENT_MESSAGES,
  type walkInBody,
  type walkInPaymentBody,
} from '../../../shared/api/onsite.schema';
import { centsToEuros } from '../../../shared/money';
import { addIsoDays, todayInParis } from '../../../shared/booking-days';
import { parisWallClock } from '../../../shared/paris-time';
import { AppError } from '../../app-error';
import { inTransaction } from '../../db/transaction';
import { BOOKING_DISPLAY_LABELS } from '../../../shared/labels';
import {
  createInvitedAccount,
  findActiveCustomerByEmail,
  mailInvitedWelcome,
  openCustomerSession,
} from '../auth/invited-accounts.service';
import { listParticipants } from '../bookings/participant-list.public';
import { accessBooking } from '../bookings/booking-access.public';
import { freeSlotsToday, insertWalkInBooking } from '../bookings/walk-in.public';
import { listActiveActivities } from './onsite.repository';
import { chooseWalkInPayment, paymentConfigOf } from '../payments/payment-config.service';
import { bookingIdOfActiveLink, createWalkInLink } from '../invitations/invitations.service';
import type { OnsiteDeps } from './onsite.service';

/** The end of today in Paris (at most 2 h off around a clock change: the link stays open a little longer). */
function endOfParisDay(day: string): Date {
  return new Date(`${addIsoDays(day, 1)}T00:00:00+01:00`);
}

/**
 * POST /api/v1/kiosk/walk-ins (docs/decisions.md, "Walk-ins"): a group booked at the kiosk for
 * today. The organizer's account is opened as a join without password does (a temporary password
 * by e-mail); an address that already has an account gets the booking but no session. The group's
 * link (the QR the kiosk shows) is made in the same transaction as the booking.
 */
export async function createWalkIn(deps: OnsiteDeps, body: z.output<typeof walkInBody>) {
  const now = deps.clock.now();
  const day = todayInParis(now);
  if (body.date !== day) throw AppError.invalid('date', WALK_IN_FORM_MESSAGES.notToday);
  const { hour, minute } = parisWallClock(now);
  const nowTime = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  const contact = { ...body.mainContact, phone: body.mainContact.phone };

  const made = await inTransaction(deps.db, async (tx) => {
    const existing = await findActiveCustomerByEmail(tx, contact.email);
    const opened = existing ? undefined : await createInvitedAccount(tx, { ...contact, password: null });
    const customer = existing ?? opened?.customer;
    // Another kiosk opened an account for this address at the same instant: try again.
    if (!customer) throw AppError.of('EMAIL_TAKEN', WALK_IN_FORM_MESSAGES.retry);
    const { request } = await insertWalkInBooking(tx, {
      customerId: customer.id,
      mainContact: { ...contact, email: customer.email },
      participants: body.participants,
      day,
      nowTime,
      now,
      lines: body.bookingActivities,
    });
    const linkToken = await createWalkInLink(tx, request.id, customer.id, endOfParisDay(day));
    // The organizer's account opened here is welcomed as a join without password is, with the
    // booking (docs/decisions.md, "E-mail").
    if (opened?.temporaryPassword) {
      await mailInvitedWelcome(deps, tx, customer, opened.temporaryPassword, {
        bookingId: request.id,
        organizerName: `${contact.firstName} ${contact.lastName}`.trim(),
        eventLabel: BOOKING_DISPLAY_LABELS.group ?? 'Groupe',
        dateLabel: new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(
          new Date(`${day}T00:00:00Z`),
        ),
      });
    }
    return { request, customer, linkToken, temporaryPassword: opened?.temporaryPassword ?? null };
  });

  const token = made.temporaryPassword ? await openCustomerSession(deps.db, made.customer.id) : null;
  const { publicUrl } = await deps.mailContext();
  return {
    message: WALK_IN_FORM_MESSAGES.created,
    data: {
      bookingId: made.request.id,
      bookingRequestId: made.request.reference,
      joinUrl: `${publicUrl}/invitation/${made.linkToken}`,
      token,
    },
  };
}

/** GET /api/v1/kiosk/walk-ins/{id}?token=: who joined and paid, for whoever holds the group's link. */
export async function walkInStatus(deps: OnsiteDeps, bookingId: string, linkToken: string) {
  const notFound = () => AppError.of('NOT_FOUND', 'Réservation non trouvée');
  if ((await bookingIdOfActiveLink(deps.db, linkToken)) !== bookingId) throw notFound();
  const { booking } = await accessBooking(deps.db, bookingId, { kind: 'staff', staffId: '', role: 'staff', name: '' });
  const [rows, config] = await Promise.all([listParticipants(deps.db, bookingId), paymentConfigOf(deps.db, bookingId)]);
  return {
    bookingRequestId: booking.reference,
    participants: booking.participants,
    paymentMode: config ? (config.type === 'collective_payment' ? ('collective' as const) : ('full' as const)) : null,
    paid: booking.paymentStatus === 'paid',
    joined: rows
      .filter((row) => row.invitationStatus === 'joined')
      // The organizer's full payment pays everyone's place.
      .map((row) => ({
        name: `${row.firstName} ${row.lastName.slice(0, 1)}.`,
        paid: row.paymentStatus === 'paid' || booking.paymentStatus === 'paid',
      })),
  };
}

/**
 * POST /api/v1/kiosk/walk-ins/{id}/payment (docs/decisions.md, "Walk-ins"): « Qui règle ? », for
 * whoever holds the group's link; the payments module writes the configuration the card forms use.
 */
export async function chooseWalkInPaymentMode(
  deps: OnsiteDeps,
  bookingId: string,
  body: z.output<typeof walkInPaymentBody>,
) {
  const notFound = () => AppError.of('NOT_FOUND', 'Réservation non trouvée');
  if ((await bookingIdOfActiveLink(deps.db, body.token)) !== bookingId) throw notFound();
  const day = todayInParis(deps.clock.now());
  const config = await chooseWalkInPayment(deps, bookingId, { mode: body.mode, dueAt: endOfParisDay(day) });
  if (!config) throw notFound();
  const share = config.shareHeadcount ? Math.ceil(config.totalCents / config.shareHeadcount) : null;
  return {
    message: WALK_IN_PAYMENT_MESSAGES[body.mode],
    data: {
      mode: body.mode,
      totalAmount: centsToEuros(config.totalCents),
      shareAmount: share === null ? null : centsToEuros(share),
    },
  };
}

/** GET /api/v1/kiosk/today: today's activities with a slot not started that has room. */
export async function kioskToday(deps: OnsiteDeps) {
  const now = deps.clock.now();
  const day = todayInParis(now);
  const { hour, minute } = parisWallClock(now);
  const nowTime = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  const activities = await listActiveActivities(deps.db);
  const slots = await freeSlotsToday(
    deps.db,
    activities.map((item) => item.id),
    day,
    nowTime,
  );
  return {
    date: day,
    activities: activities
      .map((item) => ({
        id: item.id,
        name: item.name,
        slots: slots
          .filter((slot) => slot.itemId === item.id)
          .map(({ startTime, endTime, free }) => ({ startTime, endTime, free })),
      }))
      .filter((item) => item.slots.length > 0),
  };
}
