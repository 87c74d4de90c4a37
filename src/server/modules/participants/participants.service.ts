import type { z } from 'zod';
import { BOOKING_EDIT_MESSAGES, type addParticipantBody } from '../../../shared/api/customer-booking.schema';
import { canManageParticipants, type EditableState } from '../../../shared/editing-rule';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { BOOKING_DISPLAY_LABELS } from '../../../shared/labels';
import { isUuid, normaliseEmail } from '../../../shared/validation';
import { AppError } from '../../app-error';
import { inTransaction, type Tx } from '../../db/transaction';
import { queueMail, type ServiceDeps } from '../../deps';
import { hitCounter } from '../../plugins/rate-limit-store';
import { customerActor, participantTrace, recordAudit } from '../audit/audit.service';
import { editStateOf, organizerAccess } from '../bookings/booking-access.public';
import {
  invitationUrl,
  issuePersonalInvitation,
  revokePersonalInvitationsOf,
} from '../invitations/invitations.service';
import { participantInvitationMail } from '../mail/templates.public';
import { renewInvitedAccess } from '../auth/invited-accounts.service';
import { INVITATION_MESSAGES } from '../../../shared/api/invitation.schema';
import { touchBooking } from '../bookings/booking-rows.service';
import * as list from '../bookings/participant-list.public';

/**
 * The organizer's calls on a booking's participant list (SPEC.md §7): a personal invitation by
 * e-mail, a removal (docs/architecture.md, "Modules"). The invitation link itself is the
 * invitations module's; what the list is and who may see it, bookings/participant-list.public.ts.
 */

/** Personal invitations one organizer may send per hour (adding people is rate-limited). */
export const PERSONAL_INVITES_PER_HOUR = 30;

/** Validated, or (not validated) canceled or over: each is told which. */
const participantsLocked = (state: EditableState) =>
  AppError.of(
    'PARTICIPANTS_LOCKED',
    state.clientValidation === 'pending'
      ? BOOKING_EDIT_MESSAGES.participantsClosed
      : BOOKING_EDIT_MESSAGES.participantsLocked,
  );

/** The organizer's hold on the participants list (booking row locked); refused once the list is closed. */
async function participantsAccess(db: Tx, bookingId: string, customerId: string) {
  const access = await organizerAccess(
    db,
    bookingId,
    customerId,
    BOOKING_EDIT_MESSAGES.onlyOrganizerParticipants,
    true,
  );
  const state = editStateOf(access);
  if (!canManageParticipants(state)) throw participantsLocked(state);
  return access;
}

const dateLabel = (day: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/**
 * POST …/participants: a personal invitation, never an attachment. The person
 * gets an e-mail with a one-use link and sees the booking only after accepting it. The answer
 * and the work done are the same whether the address has an account or not (no account is even
 * looked up), and no customer id ever comes back.
 */
export async function inviteParticipant(
  deps: ServiceDeps,
  customerId: string,
  bookingId: string,
  body: z.output<typeof addParticipantBody>,
) {
  // Counted before anything else, refused or not: probing addresses costs the same budget.
  const { current } = await hitCounter(deps.db, `participant-invites:${customerId}`, 60 * 60_000);
  const email = normaliseEmail(body.email);
  const result = await inTransaction(deps.db, async (db) => {
    const access = await participantsAccess(db, bookingId, customerId);
    if (current > PERSONAL_INVITES_PER_HOUR) throw AppError.of('RATE_LIMITED', ERROR_MESSAGES.rateLimited);
    const existing = await list.findParticipantByEmail(db, bookingId, email);
    if (existing?.isActive) throw AppError.of('PARTICIPANT_EXISTS', BOOKING_EDIT_MESSAGES.participantExists);
    // The same limit as a join through a link (bookings/participant-list.public.ts). A person the organizer removed,
    // or who left, keeps their row, inactive: inviting them again reactivates it, as a new row would be.
    await list.refuseWhenListFull(db, access.booking);
    const values = {
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone,
      customerId: null,
      isActive: true,
      leftAt: null,
      paymentStatus: 'pending' as const,
      hasConnected: false,
      invitationStatus: 'invited' as const,
      joinedAt: null,
      inviteLinkId: null,
    };
    // The existing row is there: the booking row's lock keeps it until the transaction ends.
    const row = existing
      ? (await list.updateParticipant(db, existing.id, values))!
      : await list.insertParticipant(db, { ...values, bookingId, email, role: 'Participant' });
    const link = await issuePersonalInvitation(db, {
      bookingId,
      participantId: row.id,
      createdByCustomerId: customerId,
    });
    await touchBooking(db, bookingId);
    // A person removed before (their row inactive) comes back: 'removed' → 'invited'.
    await recordAudit(db, {
      ...(await customerActor(db, customerId, 'Organisateur')),
      bookingId,
      action: 'participant_invited',
      before: existing ? { participantId: existing.id, participantStatus: 'removed' } : null,
      after: { ...participantTrace(row), participantStatus: 'invited' },
    });
    // The invitation mail commits with the invitation (docs/decisions.md, "E-mail").
    const organizer = await list.findPersonName(db, customerId);
    await queueMail(deps, db, (context) =>
      participantInvitationMail(context, email, {
        firstName: body.firstName,
        organizerName: `${organizer?.firstName ?? ''} ${organizer?.lastName ?? ''}`.trim(),
        eventLabel: BOOKING_DISPLAY_LABELS[access.booking.type] ?? access.booking.type,
        dateLabel: dateLabel(access.booking.startDate),
        url: invitationUrl(context.publicUrl, link.token),
      }),
    );
    return { row, link, booking: access.booking };
  });
  return list.toParticipant(result.row);
}

/**
 * DELETE …/participants/{participantId}: the person loses access at once (bookings/booking-access.public.ts).
 * The row stays, inactive: it is what marks the person as removed, so that a link they already had
 * does not bring them back (invitations/invitation-rules.ts); only a new personal invitation does.
 */
export async function removeParticipant(
  deps: ServiceDeps,
  customerId: string,
  bookingId: string,
  participantId: string,
) {
  await inTransaction(deps.db, async (db) => {
    await participantsAccess(db, bookingId, customerId);
    const participant = isUuid(participantId) ? await list.findParticipant(db, bookingId, participantId) : undefined;
    if (!participant?.isActive) throw AppError.of('NOT_FOUND', BOOKING_EDIT_MESSAGES.participantNotFound);
    if (participant.role === 'Organisateur') {
      throw AppError.of('FORBIDDEN', BOOKING_EDIT_MESSAGES.cannotRemoveOrganizer);
    }
    await list.updateParticipant(db, participant.id, { isActive: false });
    await revokePersonalInvitationsOf(db, participant.id);
    await touchBooking(db, bookingId);
    await recordAudit(db, {
      ...(await customerActor(db, customerId, 'Organisateur')),
      bookingId,
      action: 'participant_removed',
      before: { ...participantTrace(participant), participantStatus: participant.invitationStatus },
      after: { participantId: participant.id, participantStatus: 'removed' },
    });
  });
}

/** How often one participant's access may be resent: once per 10 minutes. */
export const ACCESS_MAIL_WINDOW_MS = 10 * 60_000;

/**
 * POST …/participants/{participantId}/access-mail: the organizer resends the access of a participant
 * who joined but has not connected yet (docs/decisions.md, "Connected participants"). A new temporary
 * password and its mail, in one transaction; at most once per participant per 10 minutes, counted in
 * PostgreSQL so every instance shares it. Anyone who cannot see the booking gets its 404.
 */
export async function resendAccessMail(
  deps: ServiceDeps,
  customerId: string,
  bookingId: string,
  participantId: string,
) {
  await inTransaction(deps.db, async (tx) => {
    await organizerAccess(tx, bookingId, customerId, BOOKING_EDIT_MESSAGES.onlyOrganizerParticipants, true);
    const participant = isUuid(participantId) ? await list.findParticipant(tx, bookingId, participantId) : undefined;
    if (!participant?.isActive) throw AppError.of('NOT_FOUND', BOOKING_EDIT_MESSAGES.participantNotFound);
    if (participant.hasConnected) throw AppError.of('ALREADY_CONNECTED', INVITATION_MESSAGES.alreadyConnected);
    if (!participant.customerId) throw AppError.of('NOT_JOINED', INVITATION_MESSAGES.notJoinedYet);
    // Claimed in the transaction: the counter's row stays locked until the commit, so concurrent
    // resends queue and only the first one of the window sends.
    const { current } = await hitCounter(tx, `access-mail:${participant.id}`, ACCESS_MAIL_WINDOW_MS);
    if (current > 1) throw AppError.of('RATE_LIMITED', INVITATION_MESSAGES.accessMailTooSoon);
    if (!(await renewInvitedAccess(deps, tx, participant.customerId))) {
      throw AppError.of('NOT_JOINED', INVITATION_MESSAGES.notJoinedYet);
    }
  });
}
