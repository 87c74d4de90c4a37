import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { INVITATION_MESSAGES as MSG, type createInviteLinkBody } from '../../../shared/api/invitation.schema';
import { canManageParticipants } from '../../../shared/editing-rule';
import { inviteLinkStatus } from '../../../shared/invite-link-status';
import { isUuid } from '../../../shared/validation';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { inTransaction, type Tx } from '../../db/transaction';
import type { ServiceDeps } from '../../deps';
import { hitCounter } from '../../plugins/rate-limit-store';
import { customerActor, recordAudit } from '../audit/audit.service';
import { editStateOf, organizerAccess } from '../bookings/booking-access.public';
import { participantsOfLinks } from '../bookings/participant-list.public';
import { toInviteLink } from './invitations.mapper';
import * as repo from './invitations.repository';

/**
 * The organizer's invitation links (SPEC.md §7 Invitations), and the personal invitations the
 * participants module sends and withdraws (participants/participants.service.ts).
 */

/** A personal invitation link stays valid 30 days. */
const PERSONAL_INVITE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** 128 random bits, base64url: 22 characters (DESIGN.md §3). */
export function newInviteToken(): string {
  return randomBytes(16).toString('base64url');
}

export { invitationUrl } from './invitations.mapper';

/** Active shareable links a booking may hold at once (docs/decisions.md, "Invite link limits"). */
export const ACTIVE_LINKS_MAX = 20;
/** Links one organizer may create per hour, every booking counted (docs/decisions.md, "Invite link limits"). */
export const LINKS_PER_HOUR = 30;

const publicUrlOf = async (deps: ServiceDeps) => (await deps.mailContext()).publicUrl;

// ---------------------------------------------------------------- links (organizer)

export async function listInviteLinks(deps: ServiceDeps, customerId: string, bookingId: string) {
  await organizerAccess(deps.db, bookingId, customerId, MSG.onlyOrganizerLinks);
  const rows = await repo.listBookingLinks(deps.db, bookingId);
  const joined = await participantsOfLinks(
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
  // Counted before anything else, refused or not, in PostgreSQL so every instance shares it.
  const { current } = await hitCounter(deps.db, `invite-links:${customerId}`, 60 * 60_000);
  const link = await inTransaction(deps.db, async (db) => {
    const access = await organizerAccess(db, bookingId, customerId, MSG.onlyOrganizerLinks, true);
    // SPEC.md §4: once the organizer validated, no new link can be created; nor on a request
    // canceled or over before that, which is told so.
    const state = editStateOf(access);
    if (!canManageParticipants(state)) {
      throw AppError.of('LINKS_LOCKED', state.clientValidation === 'pending' ? MSG.linksClosed : MSG.linksLocked);
    }
    if (current > LINKS_PER_HOUR) throw AppError.of('RATE_LIMITED', MSG.linksTooFast);
    // The booking row is locked (organizerAccess): concurrent creations count one after another.
    if ((await repo.countActiveLinks(db, bookingId)) >= ACTIVE_LINKS_MAX) {
      throw AppError.of('TOO_MANY_LINKS', MSG.tooManyLinks);
    }
    const created = await repo.insertInviteLink(db, {
      bookingId,
      kind: 'link',
      token: newInviteToken(),
      maxUses: body.maxUses,
      expiresAt: body.expiresAt,
      createdByCustomerId: customerId,
    });
    // The link's settings, never its token (the address anyone holding it may join with).
    await recordAudit(db, {
      ...(await customerActor(db, customerId, 'Organisateur')),
      bookingId,
      action: 'invite_link_created',
      before: null,
      after: {
        inviteLinkId: created.id,
        maxUses: created.maxUses,
        expiresAt: created.expiresAt?.toISOString() ?? null,
      },
    });
    return created;
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
    await recordAudit(db, {
      ...(await customerActor(db, customerId, 'Organisateur')),
      bookingId,
      action: 'invite_link_revoked',
      before: { inviteLinkId: row.id, linkStatus: 'active' },
      after: { inviteLinkId: row.id, linkStatus: 'revoked' },
    });
    return row;
  });
  const creator = await repo.findPersonName(deps.db, revoked.createdByCustomerId);
  const joined = await participantsOfLinks(deps.db, [revoked.id]);
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

// ---------------------------------------------------------------- personal invitations (participants module)

/**
 * A new personal invitation for the participant row `participantId`, in the caller's transaction
 * (the booking row locked): the row's earlier invitations stop working, and a one-use link valid
 * 30 days is created for it. Returns the link.
 */
export async function issuePersonalInvitation(
  db: Db,
  invitation: { bookingId: string; participantId: string; createdByCustomerId: string },
) {
  await repo.revokePersonalLinksOf(db, invitation.participantId);
  return repo.insertInviteLink(db, {
    bookingId: invitation.bookingId,
    kind: 'personal',
    token: newInviteToken(),
    maxUses: 1,
    expiresAt: new Date(Date.now() + PERSONAL_INVITE_TTL_MS),
    createdByCustomerId: invitation.createdByCustomerId,
    participantId: invitation.participantId,
  });
}

/** A removed participant's personal invitations stop working at once. */
export async function revokePersonalInvitationsOf(db: Db, participantId: string) {
  await repo.revokePersonalLinksOf(db, participantId);
}

/**
 * The group link of a walk-in booking made at the kiosk (docs/decisions.md, "Walk-ins"), in the
 * booking's transaction: unlimited uses, until the end of the day; its URL is the kiosk's QR code.
 */
export async function createWalkInLink(db: Tx, bookingId: string, customerId: string, expiresAt: Date) {
  const link = await repo.insertInviteLink(db, {
    bookingId,
    kind: 'link',
    token: newInviteToken(),
    maxUses: null,
    expiresAt,
    createdByCustomerId: customerId,
  });
  return link.token;
}

/** The booking a link token opens, while the link is active (the kiosk's live list, docs/decisions.md, "Walk-ins"). */
export async function bookingIdOfActiveLink(db: Db, token: string): Promise<string | undefined> {
  const link = await repo.findLinkByToken(db, token);
  return link?.isActive ? link.bookingId : undefined;
}

/** Data retention (docs/decisions.md, "Data retention"): the booking's invitation links deleted. */
export function deleteInviteLinksOfBooking(db: Db, bookingId: string) {
  return repo.deleteLinksOfBooking(db, bookingId);
}
