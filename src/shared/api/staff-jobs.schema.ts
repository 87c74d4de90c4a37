import { z } from 'zod';
import { successWithMessageOf } from './common.schema';

/**
 * The durable jobs planned for a booking, as the back-office shows them (docs/decisions.md,
 * "Durable jobs"): what, when, in which state, how many tries, the last error.
 */

/** The job kinds a booking has, in French; an unknown kind (a newer server) shows its name. */
export const BOOKING_JOB_KIND_LABELS: Record<string, string> = {
  'option-expiry': 'Libération de l’option à l’échéance',
  'booking-completion': 'Passage en « Terminée » après le séjour',
};

export const BOOKING_JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type BookingJobState = (typeof BOOKING_JOB_STATES)[number];

export const BOOKING_JOB_STATE_LABELS: Record<BookingJobState, string> = {
  created: 'Planifiée',
  retry: 'Nouvel essai prévu',
  active: 'En cours',
  completed: 'Faite',
  cancelled: 'Annulée',
  failed: 'En échec',
};

export const bookingJob = z.object({
  _id: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  /** When it is (or was) due. */
  dueAt: z.string(),
  state: z.enum(BOOKING_JOB_STATES),
  /** Runs that failed so far. */
  attempts: z.number().int(),
  retryLimit: z.number().int(),
  lastError: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type BookingJob = z.infer<typeof bookingJob>;

export const bookingJobsResponse = successWithMessageOf(z.array(bookingJob), z.string().optional());
