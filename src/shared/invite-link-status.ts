/**
 * Invitation link rules of SPEC.md §4 and §9, shared by the server (what a token allows) and the
 * renderer (badges, share menu). Pure: no I/O.
 */
import { parisWallClock } from './paris-time';

export type InviteLinkStatus = 'revoked' | 'expired' | 'exhausted' | 'active';

export const INVITE_LINK_STATUS_LABELS: Record<InviteLinkStatus, string> = {
  revoked: 'Révoqué',
  expired: 'Expiré',
  exhausted: 'Épuisé',
  active: 'Actif',
};

/** A shareable link, or a personal e-mail invitation (one use, bound to one participant). */
export const INVITE_LINK_KINDS = ['link', 'personal'] as const;

/** The maximum guests offered at link creation (SPEC.md §5, §9); null is 'illimité'. */
export const INVITE_MAX_USES_CHOICES = [1, 3, 5, 10] as const;

/** SPEC.md §9: a token is at least 10 characters (ours are 22, DESIGN.md §3). */
export const INVITE_TOKEN_MIN_LENGTH = 10;

/** SPEC.md §2: after 3 failed loads the invitation page stops offering 'Réessayer'. */
export const INVITATION_RETRY_LIMIT = 3;

/** SPEC.md §4: redirect to the booking 1.5 s after a successful join. */
export const JOIN_REDIRECT_DELAY_MS = 1500;

export interface InviteLinkState {
  isActive: boolean;
  expiresAt: string | Date | null;
  maxUses: number | null;
  usedCount: number;
}

/** SPEC.md §4: checked in this order: revoked (not active), expired, exhausted, otherwise active. */
export function inviteLinkStatus(link: InviteLinkState, now: Date = new Date()): InviteLinkStatus {
  if (!link.isActive) return 'revoked';
  if (link.expiresAt !== null && new Date(link.expiresAt).getTime() <= now.getTime()) return 'expired';
  if (link.maxUses !== null && link.usedCount >= link.maxUses) return 'exhausted';
  return 'active';
}

/** Places left on a link: null when unlimited. */
export function remainingUses(link: Pick<InviteLinkState, 'maxUses' | 'usedCount'>): number | null {
  return link.maxUses === null ? null : Math.max(0, link.maxUses - link.usedCount);
}

/** 'n / max' or 'n / illimité' (the uses column of the links list). */
export function usesLabel(link: Pick<InviteLinkState, 'maxUses' | 'usedCount'>): string {
  return `${link.usedCount} / ${link.maxUses === null ? 'illimité' : link.maxUses}`;
}

/** Minutes east of UTC of Europe/Paris at `instant` (60 in winter, 120 in summer). */
function parisOffsetMinutes(instant: Date): number {
  const { year, month, day, hour, minute, second } = parisWallClock(instant);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant a link expires: an ISO date-time as given, or for a calendar day 'yyyy-MM-dd' (the
 * date picker's value) the end of that day in Paris, so that "today" is still a valid expiry.
 * Returns null for anything that is not a real date.
 */
export function inviteExpiryInstant(value: string): Date | null {
  const day = DAY_PATTERN.exec(value);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const utcEnd = Date.UTC(year, month - 1, date, 23, 59, 59, 999);
    const check = new Date(Date.UTC(year, month - 1, date));
    if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date)
      return null;
    return new Date(utcEnd - parisOffsetMinutes(new Date(utcEnd)) * 60_000);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}
