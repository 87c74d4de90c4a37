import { BOOKING_EDIT_MESSAGES } from '../../../shared/api/customer-booking.schema';
import { INVITATION_MESSAGES as MSG } from '../../../shared/api/invitation.schema';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import {
  findParticipant,
  findRowsOfPerson,
  isListFull,
  type ParticipantRow,
} from '../bookings/participant-list.public';
import type { InviteLinkRow } from './invitations.repository';

/**
 * Who may take a place in a booking's participant list through a link (a shared link, a personal
 * link): one notion of "removed", one owner per personal invitation (docs/decisions.md,
 * "Joining"). The one limit of the list, whichever way in, is the booking's
 * (bookings/participant-list.public.ts `refuseWhenListFull`). Callers hold the booking row's lock.
 */

export interface JoinerIdentity {
  /** The logged-in joiner's account; null for a person joining with the form. */
  customerId: string | null;
  /** Normalised (normaliseEmail). */
  email: string;
}

/** What a join does for this person: nothing (already in), or take a row (or a new one when null). */
export type Place = { kind: 'member' } | { kind: 'take'; row: ParticipantRow | null };

/**
 * The person rules of a join, checked before the link's use is claimed:
 * - the organizer, or someone whose row is already joined, is a member: nothing changes;
 * - a personal invitation is accepted only by the person it was sent to (the same e-mail, both
 *   normalised); once they joined, by whichever link, it is spent;
 * - a person the organizer removed, or who left (their row kept, inactive), does not come back
 *   through a link: only a new personal invitation from the organizer (which reactivates the row)
 *   does; each is told which of the two happened;
 * - a joined row is never overwritten by someone else.
 */
export async function placeOf(
  db: Db,
  booking: { id: string; customerId: string },
  link: InviteLinkRow,
  joiner: JoinerIdentity,
): Promise<Place> {
  if (joiner.customerId && booking.customerId === joiner.customerId) return { kind: 'member' };
  const rows = await findRowsOfPerson(db, booking.id, joiner.email, joiner.customerId);
  const joined = (row: ParticipantRow) => row.isActive && row.invitationStatus === 'joined';
  if (joiner.customerId && rows.some((row) => joined(row) && row.customerId === joiner.customerId)) {
    return { kind: 'member' };
  }

  if (link.kind === 'personal') {
    // Anyone else is told so, whether or not the invitee already accepted (used link or not).
    const invited = link.participantId ? await findParticipant(db, booking.id, link.participantId) : undefined;
    if (invited?.email !== joiner.email) throw AppError.of('FORBIDDEN', MSG.personalOnly);
  }

  const active = rows.find((row) => row.isActive);
  if (!active && rows.length > 0) {
    throw AppError.of('FORBIDDEN', rows.every((row) => row.leftAt) ? MSG.leftThemself : MSG.removedByOrganizer);
  }
  if (active && joined(active)) throw AppError.of('PARTICIPANT_EXISTS', BOOKING_EDIT_MESSAGES.participantExists);
  return { kind: 'take', row: active ?? null };
}

/**
 * Whether a join through `link` would be refused because the list is full, for the invitation
 * page to say so before it offers the form (GET /v1/invitations/{token}). Only a join that needs a
 * new row needs a free place, as in joinInvitation: not the invitee of a personal invitation
 * (their row keeps its place), nor a logged-in `viewer` who is the organizer or already has an
 * active row (the join takes it, or answers that they are already in). A read without the lock:
 * the join checks again under it.
 */
export async function joinWouldBeFull(
  db: Db,
  booking: { id: string; participants: number; customerId: string },
  link: InviteLinkRow,
  viewer: JoinerIdentity | null,
): Promise<boolean> {
  if (!(await isListFull(db, booking))) return false;
  if (link.kind === 'personal' && link.participantId) {
    const invited = await findParticipant(db, booking.id, link.participantId);
    if (invited?.isActive) return false;
  }
  if (viewer?.customerId) {
    if (viewer.customerId === booking.customerId) return false;
    const rows = await findRowsOfPerson(db, booking.id, viewer.email, viewer.customerId);
    if (rows.some((row) => row.isActive)) return false;
  }
  return true;
}
