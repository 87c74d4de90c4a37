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

export function canMove(from: BookingStatusValue, to: BookingStatusValue): boolean {
  return ALLOWED_MOVES[from].includes(to);
}

export const STATUS_MOVE_MESSAGES: Record<BookingStatusValue, string> = {
  draft: 'La demande ne peut pas revenir à l’état de brouillon',
  prebooked: 'Seule une demande en attente peut être pré-réservée',
  confirmed: 'Seule une réservation pré-réservée peut être confirmée',
  canceled: 'Cette réservation ne peut plus être annulée',
  completed: 'Seule une réservation confirmée peut être terminée',
};
