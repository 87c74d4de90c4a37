import type { z } from 'zod';
import {
  INVITATION_MESSAGES as MSG,
  joinInvitationBody,
  type InvitationDetails,
  type JoinInvitationResponse,
} from '../../../shared/api/invitation.schema';
import { AUTH_MESSAGES } from '../../../shared/api/auth.schema';
import { ESTABLISHMENT_ID } from '../../../shared/constants';
import { BOOKING_DISPLAY_LABELS } from '../../../shared/labels';
import { INVITE_TOKEN_MIN_LENGTH, inviteLinkStatus, remainingUses } from '../../../shared/invite-link-status';
import { normaliseOptionalPhone } from '../../../shared/phone';
import { normaliseEmail, PHONE_PATTERN } from '../../../shared/validation';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { inTransaction, type Tx } from '../../db/transaction';
import type { ServiceDeps } from '../../deps';
import { participantTrace, recordAudit } from '../audit/audit.service';
import * as accounts from '../auth/invited-accounts.service';
import {
  insertParticipant,
  listParticipants,
  participantLimit,
  refuseWhenListFull,
  updateParticipant,
} from '../bookings/participant-list.public';
import { joinWouldBeFull, placeOf } from './invitation-rules';
import { touchBooking } from '../bookings/booking-rows.service';
import * as repo from './invitations.repository';

/** The public invitation page (SPEC.md §2, §7 Invitations): details of a token and joining through it. */

/** SPEC.md §5: a missing token, or one shorter than 10 characters, is refused before any look-up. */
function checkToken(token: string | undefined) {
  if (!token || token.trim() === '') throw AppError.of('TOKEN_MISSING', MSG.tokenMissing);
  if (token.length < INVITE_TOKEN_MIN_LENGTH || token.length > 100 || !/^[A-Za-z0-9_-]+$/.test(token)) {
    throw AppError.of('TOKEN_INVALID', MSG.tokenInvalid);
  }
}

type BookingRow = NonNullable<Awaited<ReturnType<typeof repo.lockBooking>>>;

/**
 * A well-formed token that names no link of the park (SPEC.md §5: "the token must exist … else
 * 'Token d'invitation invalide'"): 404, with that text.
 */
const unknownToken = () => AppError.of('NOT_FOUND', MSG.tokenInvalid);

/** Why a link cannot be used now, or null when it can (SPEC.md §4 order). */
function refusalOf(link: repo.InviteLinkRow, booking: BookingRow): AppError | null {
  const status = inviteLinkStatus(link);
  if (status === 'revoked') return AppError.of('LINK_REVOKED', MSG.revoked);
  if (status === 'expired') return AppError.of('LINK_EXPIRED', MSG.expired);
  if (status === 'exhausted') return AppError.of('LINK_EXHAUSTED', MSG.exhausted);
  // SPEC.md §4: after the organizer's validation the participant list no longer changes.
  if (booking.clientValidation === 'validated' || booking.status === 'canceled' || booking.status === 'completed') {
    return AppError.of('BOOKING_CLOSED', MSG.closed);
  }
  return null;
}

type LinkAndBooking = { link: NonNullable<Awaited<ReturnType<typeof repo.findLinkByToken>>>; booking: BookingRow };

/** Joins lock the booking (a `Tx` then); the public page only reads. */
async function linkAndBooking(db: Tx, token: string, lock: true): Promise<LinkAndBooking>;
async function linkAndBooking(db: Db, token: string, lock: false): Promise<LinkAndBooking>;
async function linkAndBooking(db: Db, token: string, lock: boolean): Promise<LinkAndBooking> {
  const link = await repo.findLinkByToken(db, token);
  if (!link) throw unknownToken();
  // Joins lock the booking row so that two joins of one booking queue; the public page only reads.
  const booking = lock ? await repo.lockBooking(db as Tx, link.bookingId) : await repo.findBooking(db, link.bookingId);
  if (!booking || booking.establishmentId !== ESTABLISHMENT_ID) throw unknownToken();
  return { link, booking };
}

/**
 * GET /v1/invitations/{token} (SPEC.md §3): people by name only, never an e-mail or a phone. Says
 * whether the list is full for this visitor (`viewerId`: the logged-in customer, or null), so that
 * the page tells it before offering the form rather than on the join's 409.
 */
export async function getInvitation(
  deps: ServiceDeps,
  token: string,
  viewerId: string | null = null,
): Promise<InvitationDetails> {
  checkToken(token);
  const { link, booking } = await linkAndBooking(deps.db, token, false);
  const refusal = refusalOf(link, booking);
  if (refusal) throw refusal;
  const viewer = viewerId ? await accounts.findActiveCustomer(deps.db, viewerId) : undefined;
  const [participants, organizer, creator, activities, isFull] = await Promise.all([
    listParticipants(deps.db, booking.id),
    repo.findPersonName(deps.db, booking.customerId),
    repo.findPersonName(deps.db, link.createdByCustomerId ?? booking.customerId),
    repo.listBookingActivities(deps.db, booking.id),
    joinWouldBeFull(
      deps.db,
      booking,
      link,
      viewer ? { customerId: viewer.id, email: normaliseEmail(viewer.email) } : null,
    ),
  ]);
  const invitee = link.participantId ? participants.find((row) => row.id === link.participantId) : undefined;
  const nameOf = (person: { firstName: string; lastName: string } | undefined) => ({
    firstName: person?.firstName ?? '',
    lastName: person?.lastName ?? '',
  });
  return {
    invitationInfo: {
      kind: link.kind,
      createdBy: nameOf(creator),
      maxUses: link.maxUses,
      remainingUses: remainingUses(link),
      expiresAt: link.expiresAt?.toISOString() ?? null,
      participants: participants.filter((row) => row.invitationStatus === 'joined').map(nameOf),
      invitee:
        invitee && invitee.invitationStatus === 'invited'
          ? { firstName: invitee.firstName, lastName: invitee.lastName, email: invitee.email }
          : null,
      participantLimit: participantLimit(booking),
      isFull,
    },
    bookingDetails: {
      id: booking.id,
      bookingRequestId: booking.reference,
      startDate: booking.startDate,
      endDate: booking.endDate,
      bookingType: booking.bookingType,
      type: booking.type,
      participants: booking.participants,
      organizer: nameOf(organizer),
      // A link may reach the guest of honour before anyone marks them: in surprise mode the page
      // shows no programme (docs/decisions.md, "Group shares").
      activities: booking.surprise ? [] : activities.map((item) => ({ name: item.name, date: item.date })),
    },
  };
}

type JoinBody = z.output<typeof joinInvitationBody>;

/** The join form's rules (SPEC.md §5) as a 400 in the shape of every validation failure. */
function parseJoinForm(raw: unknown): JoinBody {
  const parsed = joinInvitationBody.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw AppError.fromZod(parsed.error);
}

/** A logged-in joiner's form: only a phone, if given, is kept (and must be valid). */
function parseCustomerForm(raw: Record<string, unknown>): Pick<JoinBody, 'phone'> {
  const phone = typeof raw.phone === 'string' && raw.phone.trim() !== '' ? raw.phone.trim() : null;
  if (phone !== null && (phone.length > 30 || !PHONE_PATTERN.test(phone))) {
    throw AppError.invalid('phone', MSG.phoneFormat);
  }
  return { phone: normaliseOptionalPhone(phone) };
}

interface Joiner {
  customerId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}

/**
 * POST /v1/invitations/{token}/join (SPEC.md §4 join flow, DESIGN.md §4). In one transaction,
 * with the booking row locked: the use of the link is claimed by one conditional UPDATE, the
 * account (if any is opened) and the participant row are written; any refusal rolls everything
 * back. `sessionCustomerId` is the logged-in joiner, or null.
 */
export async function joinInvitation(
  deps: ServiceDeps,
  token: string,
  raw: Record<string, unknown>,
  sessionCustomerId: string | null,
): Promise<Omit<JoinInvitationResponse, 'success'>> {
  checkToken(token);
  const body: Pick<JoinBody, 'phone'> & Partial<JoinBody> = sessionCustomerId
    ? parseCustomerForm(raw)
    : parseJoinForm(raw);
  if (!sessionCustomerId) accounts.refuseCommonJoinPassword(body.password ?? null);
  const outcome = await inTransaction(deps.db, async (db) => {
    const { link, booking } = await linkAndBooking(db, token, true);
    const refusalBeforeClaim = inviteLinkStatus(link) === 'exhausted' ? null : refusalOf(link, booking);
    if (refusalBeforeClaim) throw refusalBeforeClaim;

    let joiner: Joiner;
    if (sessionCustomerId) {
      const account = await accounts.findActiveCustomer(db, sessionCustomerId);
      if (!account) throw AppError.of('UNAUTHENTICATED', AUTH_MESSAGES.authRequired);
      joiner = {
        customerId: account.id,
        email: normaliseEmail(account.email),
        firstName: account.firstName,
        lastName: account.lastName,
        phone: account.phone ?? body.phone,
      };
    } else {
      const email = normaliseEmail(body.email ?? '');
      // Never attach an existing account from a form anyone can fill in: its owner logs in first.
      if (await accounts.findActiveCustomerByEmail(db, email)) {
        throw AppError.of('ACCOUNT_EXISTS', MSG.loginFirst, { email: MSG.loginFirst });
      }
      joiner = {
        customerId: null,
        email,
        firstName: body.firstName ?? '',
        lastName: body.lastName ?? '',
        phone: body.phone,
      };
    }

    // The same person joining twice is one participant, and it costs the link nothing; a personal
    // invitation is its invitee's only; a person the organizer removed stays out (invitation-rules.ts).
    const place = await placeOf(db, booking, link, joiner);
    if (place.kind === 'member') return { kind: 'member' as const, booking };

    const claimed = await repo.claimLinkUse(db, link.id);
    if (!claimed) {
      const fresh = await repo.findLinkByToken(db, token);
      throw (fresh && refusalOf(fresh, booking)) ?? AppError.of('LINK_EXHAUSTED', MSG.exhausted);
    }
    // A new row needs a free place, the same limit as the organizer's invitations; a refusal rolls
    // the claimed use back with the rest. The booking row's lock makes concurrent joins queue here.
    const target = place.row;
    if (!target) await refuseWhenListFull(db, booking);

    let temporaryPassword: string | null = null;
    let sessionToken: string | null = null;
    if (!joiner.customerId) {
      const created = await accounts.createInvitedAccount(db, { ...joiner, password: body.password ?? null });
      if (!created) throw AppError.of('ACCOUNT_EXISTS', MSG.loginFirst, { email: MSG.loginFirst });
      joiner.customerId = created.customer.id;
      temporaryPassword = created.temporaryPassword;
      if (!temporaryPassword) sessionToken = await accounts.openCustomerSession(db, created.customer.id);
    }

    const values = {
      customerId: joiner.customerId,
      firstName: joiner.firstName,
      lastName: joiner.lastName,
      email: joiner.email,
      phone: joiner.phone,
      isActive: true,
      invitationStatus: 'joined' as const,
      joinedAt: new Date(),
      // 'Rejoint' (SPEC.md §2) once the person opens the booking (bookings/participant-list.public.ts).
      hasConnected: false,
      inviteLinkId: link.id,
    };
    let joined;
    if (target) {
      joined = (await updateParticipant(db, target.id, values))!;
      // Joined by whichever link: the personal invitation sent to this row can no longer be used.
      await repo.spendPersonalLinksOf(db, target.id);
    } else {
      joined = await insertParticipant(db, { ...values, bookingId: booking.id, role: 'Participant' });
    }
    await touchBooking(db, booking.id);
    // By the person who joined; a row taken was an invitation (placeOf never gives a joined one).
    await recordAudit(db, {
      actorType: 'customer',
      actorId: joiner.customerId,
      actorName: `${joiner.firstName} ${joiner.lastName}`.trim() || 'Participant',
      bookingId: booking.id,
      action: 'participant_joined',
      before: target ? { participantId: target.id, participantStatus: target.invitationStatus } : null,
      after: { ...participantTrace(joined), participantStatus: 'joined' },
    });
    // The access mail commits with the join (docs/decisions.md, "E-mail").
    if (temporaryPassword) {
      const organizer = booking.mainContact;
      await accounts.mailInvitedWelcome(deps, db, joiner, temporaryPassword, {
        bookingId: booking.id,
        organizerName: `${organizer.firstName} ${organizer.lastName}`.trim(),
        eventLabel: BOOKING_DISPLAY_LABELS[booking.type] ?? booking.type,
        dateLabel: new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(
          new Date(`${booking.startDate}T00:00:00Z`),
        ),
      });
    }
    return { kind: 'joined' as const, booking, joiner, temporaryPassword, sessionToken };
  });

  const bookingDetails = { id: outcome.booking.id, bookingRequestId: outcome.booking.reference };
  const redirectTo = `/booking/${outcome.booking.id}`;
  if (outcome.kind === 'member') {
    return { message: MSG.alreadyMember, shouldRedirect: true, token: null, redirectTo, data: { bookingDetails } };
  }
  if (outcome.temporaryPassword) {
    return {
      message: MSG.joinedByEmail,
      shouldRedirect: false,
      token: null,
      redirectTo: null,
      data: { bookingDetails },
    };
  }
  return {
    message: MSG.joined,
    shouldRedirect: true,
    token: outcome.sessionToken,
    redirectTo,
    data: { bookingDetails },
  };
}
