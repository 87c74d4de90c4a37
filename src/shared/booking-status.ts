/**
 * The booking lifecycle of DESIGN.md §4 as one table of allowed moves, used by every writer
 * (staff actions, payments, sweeps, the organizer's cancellation).
 *
 * draft ──(team validation + payment config)──▶ prebooked ──(payment completion)──▶ confirmed
 *   │                                              │                                  │
 *   └──────────────▶ canceled ◀────────────────────┴──────────────────────────────────┤
 *                                                                                     ▼
 *                                                                                 completed
 */
import type { BookingStatus } from './labels';

export type BookingStatusValue = BookingStatus;

export const ALLOWED_MOVES: Readonly<Record<BookingStatusValue, readonly BookingStatusValue[]>> = {
  draft: ['prebooked', 'canceled'],
  prebooked: ['confirmed', 'canceled'],
  confirmed: ['completed', 'canceled'],
  canceled: [],
  completed: [],
};

/**
 * The capacity rule: the statuses whose lines hold their places on a slot, every booking not
 * canceled. The slot capacity check of an edit (bookings.repository.ts `bookedOnSlot`) and the
 * team's planner (staff-planner.repository.ts) both count with this list.
 */
export const STATUSES_HOLDING_PLACES: readonly BookingStatusValue[] = ['draft', 'prebooked', 'confirmed', 'completed'];

export function canMove(from: BookingStatusValue, to: BookingStatusValue): boolean {
  return ALLOWED_MOVES[from].includes(to);
}

/**
 * Every status the table lets move to `to`: what a status write's `where status in (…)` keeps to,
 * so that a write the table refuses changes no row (docs/architecture.md, "Where each rule lives").
 */
export function statusesMovingTo(to: BookingStatusValue): BookingStatusValue[] {
  return (Object.keys(ALLOWED_MOVES) as BookingStatusValue[]).filter((from) => canMove(from, to));
}

/**
 * A writer that moves only some of those statuses (the sweeps release options, not every booking
 * that may be canceled) names its own and checks them here, once, when its module loads: `from`
 * comes back (a copy), or this throws when the table no longer allows one of its moves, so that
 * the writer is reconsidered rather than quietly writing a move the lifecycle refuses.
 */
export function checkedMoves(from: readonly BookingStatusValue[], to: BookingStatusValue): BookingStatusValue[] {
  const refused = from.filter((status) => !canMove(status, to));
  if (refused.length > 0) throw new Error(`booking-status.ts does not allow ${refused.join(', ')} → ${to}`);
  return [...from];
}

export const STATUS_MOVE_MESSAGES: Record<BookingStatusValue, string> = {
  draft: 'La demande ne peut pas revenir à l’état de brouillon',
  prebooked: 'Seule une demande en attente peut être pré-réservée',
  confirmed: 'Seule une réservation pré-réservée peut être confirmée',
  canceled: 'Cette réservation ne peut plus être annulée',
  completed: 'Seule une réservation confirmée peut être terminée',
};
