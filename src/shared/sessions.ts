import { ACTIVITY_PARTICIPANTS_MAX } from './constants';
import { countOf } from './plural';

/**
 * One rule for groups over 50 (SPEC.md §9: 1 to 50 per activity; DESIGN.md §4): a line holds at
 * most 50 people, so a larger group takes the activity or service in several sessions, one line
 * each, of sizes as equal as possible (120 → 40 + 40 + 40, 51 → 26 + 25). The wizard shows and
 * sends them, the server applies the same split when the booking's count changes.
 */
export function sessionSizes(participants: number, max: number = ACTIVITY_PARTICIPANTS_MAX): number[] {
  const total = Math.max(1, Math.floor(participants));
  const sessions = Math.ceil(total / max);
  const base = Math.floor(total / sessions);
  const larger = total % sessions;
  return Array.from({ length: sessions }, (_, index) => base + (index < larger ? 1 : 0));
}

/**
 * The lines one catalogue item takes for a group: sessions for a per-person price; a single line
 * for a flat price, whose count changes nothing (a second room or photographer is never added).
 */
export function lineSessions(pricingType: 'per_person' | 'flat', participants: number): number[] {
  return pricingType === 'flat'
    ? [Math.min(Math.max(1, participants), ACTIVITY_PARTICIPANTS_MAX)]
    : sessionSizes(participants);
}

/** 'Une session de 40 participants' / '3 sessions : 40 + 40 + 40 participants'. */
export function sessionsLabel(sizes: readonly number[]): string {
  if (sizes.length <= 1) {
    const count = sizes[0] ?? 0;
    return countOf(count, 'participant');
  }
  return `${sizes.length} sessions : ${sizes.join(' + ')} participants`;
}

export const SESSIONS_NOTICE = 'Au-delà de 50 participants, une activité se déroule en plusieurs sessions.';
