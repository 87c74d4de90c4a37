import { describe, expect, it } from 'vitest';
import type { EditableState } from '../../../src/shared/editing-rule';
import { canEditBooking, canManageParticipants, lockMessage } from '../../../src/shared/editing-rule';

// SPEC.md §4: editing only while the request is a draft, the organizer has not validated it, and
// the user may modify (participants never may); participants are managed by the organizer until
// client validation; the lock messages of the detail page.
const validatedLock = 'Vous avez validé votre demande et ne pouvez plus la modifier.';
const closedLock = 'Votre réservation ne peut plus être modifiée.';

describe('editing rule', () => {
  it.each<
    [
      EditableState['status'],
      EditableState['clientValidation'],
      EditableState['userRole'],
      boolean,
      boolean,
      string | null,
    ]
  >([
    // status, validation, role, can edit, can manage participants, lock message
    ['draft', 'pending', 'organizer', true, true, null],
    ['draft', 'validated', 'organizer', false, false, validatedLock],
    ['draft', 'pending', 'participant', false, false, 'Mode participant'],
    ['draft', 'validated', 'participant', false, false, 'Mode participant'],
    ['prebooked', 'pending', 'organizer', false, true, closedLock],
    ['prebooked', 'validated', 'organizer', false, false, validatedLock],
    ['confirmed', 'pending', 'organizer', false, true, closedLock],
    ['confirmed', 'validated', 'organizer', false, false, validatedLock],
    ['canceled', 'pending', 'organizer', false, false, closedLock],
    ['completed', 'pending', 'organizer', false, false, closedLock],
    ['completed', 'validated', 'participant', false, false, 'Mode participant'],
  ])('%s, %s, %s: edit %s, participants %s, lock %j', (status, clientValidation, userRole, edit, manage, message) => {
    const state = { status, clientValidation, userRole };
    expect(canEditBooking(state)).toBe(edit);
    expect(canManageParticipants(state)).toBe(manage);
    expect(lockMessage(state)).toBe(message);
  });
});
