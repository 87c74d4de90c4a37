import type { InviteLink } from '../../../shared/api/invitation.schema';
import { inviteLinkStatus, remainingUses } from '../../../shared/invite-link-status';
import type { ParticipantRow } from '../bookings/participant-list.public';
import type { InviteLinkRow } from './invitations.repository';

export const invitationUrl = (publicUrl: string, token: string) => `${publicUrl}/invitation/${token}`;

/** A link as its organizer sees it (SPEC.md §3 invitation link), with its display status of SPEC.md §4. */
export function toInviteLink(
  link: InviteLinkRow,
  publicUrl: string,
  createdBy: { firstName: string; lastName: string },
  joined: ParticipantRow[],
  now = new Date(),
): InviteLink {
  return {
    _id: link.id,
    token: link.token,
    url: invitationUrl(publicUrl, link.token),
    isActive: link.isActive,
    maxUses: link.maxUses,
    usedCount: link.usedCount,
    remainingUses: remainingUses(link),
    expiresAt: link.expiresAt?.toISOString() ?? null,
    createdAt: link.createdAt.toISOString(),
    status: inviteLinkStatus(link, now),
    participants: joined.map((row) => ({
      name: [row.firstName, row.lastName].filter(Boolean).join(' '),
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      joinedAt: row.joinedAt?.toISOString() ?? null,
    })),
    createdBy: { firstName: createdBy.firstName, lastName: createdBy.lastName },
  };
}
