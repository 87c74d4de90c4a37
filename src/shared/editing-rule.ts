import type { BookingStatus } from './labels';

export type UserRole = 'organizer' | 'participant';

export interface EditableState {
  status: BookingStatus;
  clientValidation: 'pending' | 'validated';
  userRole: UserRole;
}

/**
 * SPEC.md §4 editing rule: editing only while the request is a draft, the organizer has not
 * validated it, and the user may modify (participants never may).
 */
export function canEditBooking(state: EditableState): boolean {
  return state.userRole === 'organizer' && state.status === 'draft' && state.clientValidation === 'pending';
}

/** Participants can be added or removed by the organizer until client validation (SPEC.md §4, §6). */
export function canManageParticipants(state: EditableState): boolean {
  return (
    state.userRole === 'organizer' &&
    state.clientValidation === 'pending' &&
    state.status !== 'canceled' &&
    state.status !== 'completed'
  );
}

/** The lock message the detail page shows (SPEC.md §4). */
export function lockMessage(state: EditableState): string | null {
  if (state.userRole === 'participant') return 'Mode participant';
  if (canEditBooking(state)) return null;
  if (state.clientValidation === 'validated') return 'Vous avez validé votre demande et ne pouvez plus la modifier.';
  return 'Votre réservation ne peut plus être modifiée.';
}
