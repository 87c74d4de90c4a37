import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { BOOKING_EDIT_MESSAGES, type addParticipantBody } from '../../../shared/api/customer-booking.schema';
import { INVITATION_MESSAGES as MSG, type createInviteLinkBody } from '../../../shared/api/invitation.schema';
import { canManageParticipants } from '../../../shared/editing-rule';
import { inviteLinkStatus } from '../../../shared/invite-link-status';
import { BOOKING_DISPLAY_LABELS } from '../../../shared/labels';
import { isUuid, normaliseEmail } from '../../../shared/validation';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { sendMail, type ServiceDeps } from '../../deps';
import { hitCounter } from '../../plugins/rate-limit-store';
import { customerAccess, editStateOf } from '../bookings/booking-access';
import { participantInvitationMail } from '../mail/templates';
import { refuseWhenListFull } from './invitation-rules';
import { invitationUrl, toInviteLink, toParticipant } from './invitations.mapper';
import * as repo from './invitations.repository';

/** Personal invitations one organizer may send per hour (issue 11 item 4: adding people is rate-limited). */
export const PERSONAL_INVITES_PER_HOUR = 30;
/** A personal invitation link stays valid 30 days. */
const PERSONAL_INVITE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const forbidden = (message: string) => AppError.of('FORBIDDEN', message);
const participantsLocked = () => AppError.of('PARTICIPANTS_LOCKED', BOOKING_EDIT_MESSAGES.participantsLocked);

/** 128 random bits, base64url: 22 characters (DESIGN.md §3). */
export function newInviteToken(): string {
  return randomBytes(16).toString('base64url');
}

async function organizerAccess(db: Db, bookingId: string, customerId: string, message: string, forUpdate = false) {
  const access = await customerAccess(db, bookingId, customerId, { forUpdate });
  if (access.role !== 'organizer') throw forbidden(message);
  return access;
}

/** The organizer's hold on the participants list (booking row locked); refused once the list is closed. */
async function participantsAccess(db: Db, bookingId: string, customerId: string) {
  const access = await organizerAccess(
    db,
    bookingId,
    customerId,
    BOOKING_EDIT_MESSAGES.onlyOrganizerParticipants,
    true,
  );
  if (!canManageParticipants(editStateOf(access))) throw participantsLocked();
  return access;
}

const publicUrlOf = async (deps: ServiceDeps) => (await deps.mailContext()).publicUrl;

const dateLabel = (day: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

// ---------------------------------------------------------------- links (organizer)

export async function listInviteLinks(deps: ServiceDeps, customerId: string, bookingId: string) {
  await organizerAccess(deps.db, bookingId, customerId, MSG.onlyOrganizerLinks);
  const rows = await repo.listBookingLinks(deps.db, bookingId);
  const joined = await repo.participantsOfLinks(
    deps.db,
    rows.map((row) => row.link.id),
  );
  const publicUrl = await publicUrlOf(deps);
  const now = new Date();
  return rows.map(({ link, creatorFirstName, creatorLastName }) =>
    toInviteLink(
      link,
      publicUrl,
      { firstName: creatorFirstName ?? '', lastName: creatorLastName ?? '' },
      joined.filter((row) => row.inviteLinkId === link.id),
      now,
    ),
  );
}

export async function createInviteLink(
  deps: ServiceDeps,
  customerId: string,
  bookingId: string,
  body: z.output<typeof createInviteLinkBody>,
) {
  const link = await inTransaction(deps.db, async (db) => {
    const access = await organizerAccess(db, bookingId, customerId, MSG.onlyOrganizerLinks, true);
    // SPEC.md §4: once the organizer validated, no new link can be created.
    if (!canManageParticipants(editStateOf(access))) throw AppError.of('LINKS_LOCKED', MSG.linksLocked);
    return repo.insertInviteLink(db, {
      bookingId,
      kind: 'link',
      token: newInviteToken(),
      maxUses: body.maxUses,
      expiresAt: body.expiresAt,
      createdByCustomerId: customerId,
    });
  });
  const creator = await repo.findPersonName(deps.db, customerId);
  return toInviteLink(link, await publicUrlOf(deps), creator ?? { firstName: '', lastName: '' }, []);
}

export async function revokeInviteLink(deps: ServiceDeps, customerId: string, bookingId: string, linkId: string) {
  const revoked = await inTransaction(deps.db, async (db) => {
    await organizerAccess(db, bookingId, customerId, MSG.onlyOrganizerLinks, true);
    const link = isUuid(linkId) ? await repo.findBookingLink(db, bookingId, linkId) : undefined;
    if (!link) throw AppError.of('NOT_FOUND', MSG.linkNotFound);
    // SPEC.md §4: only active links can be revoked.
    if (inviteLinkStatus(link) !== 'active') throw AppError.of('LINK_NOT_ACTIVE', MSG.onlyActiveRevoked);
    const row = await repo.revokeLink(db, link.id);
    if (!row) throw AppError.of('LINK_NOT_ACTIVE', MSG.onlyActiveRevoked);
    return row;
  });
  const creator = await repo.findPersonName(deps.db, revoked.createdByCustomerId);
  const joined = await repo.participantsOfLinks(deps.db, [revoked.id]);
  return toInviteLink(revoked, await publicUrlOf(deps), creator ?? { firstName: '', lastName: '' }, joined);
}

/**
 * Account deletion (auth.service.ts, in its transaction, after bookings' erasure): the links the
 * account created and the personal invitations of its participant rows are revoked, so nobody
 * joins a booking through them any more.
 */
export async function revokeLinksOfDeletedAccount(db: Db, customerId: string, participantIds: string[]) {
  await repo.revokeLinksOfPerson(db, customerId, participantIds);
}

// ---------------------------------------------------------------- participants (organizer)

/**
 * POST …/participants (issue 11 item 4): a personal invitation, never an attachment. The person
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
    const existing = await repo.findParticipantByEmail(db, bookingId, email);
    if (existing?.isActive) throw AppError.of('PARTICIPANT_EXISTS', BOOKING_EDIT_MESSAGES.participantExists);
    // The same limit as a join through a link (invitation-rules.ts). A person the organizer removed
    // keeps their row, inactive: inviting them again reactivates it, which lets them back in.
    await refuseWhenListFull(db, access.booking);
    const values = {
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone,
      customerId: null,
      isActive: true,
      hasConnected: false,
      invitationStatus: 'invited' as const,
      joinedAt: null,
      inviteLinkId: null,
    };
    const row = existing
      ? await repo.updateParticipant(db, existing.id, values)
      : await repo.insertParticipant(db, { ...values, bookingId, email, role: 'Participant' });
    await repo.revokePersonalLinksOf(db, row.id);
    const link = await repo.insertInviteLink(db, {
      bookingId,
      kind: 'personal',
      token: newInviteToken(),
      maxUses: 1,
      expiresAt: new Date(Date.now() + PERSONAL_INVITE_TTL_MS),
      createdByCustomerId: customerId,
      participantId: row.id,
    });
    await repo.touchBooking(db, bookingId);
    return { row, link, booking: access.booking };
  });
  const organizer = await repo.findPersonName(deps.db, customerId);
  const publicUrl = await publicUrlOf(deps);
  await sendMail(deps, (context) =>
    participantInvitationMail(context, email, {
      firstName: body.firstName,
      organizerName: `${organizer?.firstName ?? ''} ${organizer?.lastName ?? ''}`.trim(),
      eventLabel: BOOKING_DISPLAY_LABELS[result.booking.type] ?? result.booking.type,
      dateLabel: dateLabel(result.booking.startDate),
      url: invitationUrl(publicUrl, result.link.token),
    }),
  );
  return toParticipant(result.row);
}

/**
 * DELETE …/participants/{participantId}: the person loses access at once (booking-access.ts). The
 * row stays, inactive: it is what marks the person as removed, so that a link they already had
 * does not bring them back (invitation-rules.ts); only a new personal invitation does.
 */
export async function removeParticipant(
  deps: ServiceDeps,
  customerId: string,
  bookingId: string,
  participantId: string,
) {
  await inTransaction(deps.db, async (db) => {
    await participantsAccess(db, bookingId, customerId);
    const participant = isUuid(participantId) ? await repo.findParticipant(db, bookingId, participantId) : undefined;
    if (!participant?.isActive) throw AppError.of('NOT_FOUND', BOOKING_EDIT_MESSAGES.participantNotFound);
    if (participant.role === 'Organisateur') throw forbidden(BOOKING_EDIT_MESSAGES.cannotRemoveOrganizer);
    await repo.updateParticipant(db, participant.id, { isActive: false });
    await repo.revokePersonalLinksOf(db, participant.id);
    await repo.touchBooking(db, bookingId);
  });
}
