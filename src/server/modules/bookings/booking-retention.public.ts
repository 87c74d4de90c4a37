import type { Db } from '../../db/client';
import * as repo from './booking-retention.repository';

/** The bookings' part of data retention (docs/decisions.md, "Data retention"), called by sweeps' retention job. */
export const listBookingsToAnonymise = repo.listBookingsToAnonymise;
export const listAnonymisedBookingsBefore = repo.listAnonymisedBookingsBefore;
export const deleteBookingRow = repo.deleteBookingRow;

/**
 * The booking's row and participants anonymised; returns the participants renamed, or null when
 * another run did it first.
 */
export async function anonymiseBookingData(db: Db, id: string, now: Date, emailDomain: string) {
  if (!(await repo.anonymiseBookingRow(db, id, now))) return null;
  return repo.anonymiseParticipantsOf(db, id, emailDomain);
}
