import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { bookingParticipants } from './schema';

/**
 * Conditions on `booking_participants` that several modules' queries share (a module may not read
 * another module's repository, so they live here).
 */

/** The rows of one customer account still in their bookings (not removed). */
export function activeParticipationOf(customerId: string): SQL {
  return and(eq(bookingParticipants.customerId, customerId), eq(bookingParticipants.isActive, true))!;
}

/**
 * The rows still in their booking whose invitation was accepted: invited people see the booking
 * only after accepting (docs/decisions.md, "Product rules").
 */
export function joinedParticipants(): SQL {
  return and(eq(bookingParticipants.isActive, true), eq(bookingParticipants.invitationStatus, 'joined'))!;
}

/** A deleted account as its bookings knew it: its id, and the address it had (pending invitations name it). */
export interface ErasedPerson {
  id: string;
  email: string;
}

/**
 * The participant rows of a deleted person: those of their account, and the invitations not yet
 * accepted sent to their address (the bookings' lock and the participants' erasure read the same).
 */
export function participantRowsOfPerson(person: ErasedPerson): SQL {
  return or(
    eq(bookingParticipants.customerId, person.id),
    and(isNull(bookingParticipants.customerId), eq(bookingParticipants.email, person.email)),
  )!;
}
