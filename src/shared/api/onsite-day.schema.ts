import { z } from 'zod';
import { successOf } from './common.schema';
import { isCalendarDay } from './booking-request.schema';
import { STAFF_MESSAGES } from './staff-common.schema';

/** GET /api/v1/staff/day/{date}/passes: the day's passes and contracts, printed in one batch. */
export const dayPassesParams = z.object({
  date: z.string().refine((value) => isCalendarDay(value), STAFF_MESSAGES.dateInvalid),
});

export const dayPass = z.object({
  participantId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The signed pass code, the same as GET …/pass gives the participant. */
  code: z.string(),
  /** Its QR code, a PNG data URL (SPEC.md §9's parameters). */
  qrPng: z.string(),
});
export type DayPass = z.infer<typeof dayPass>;

export const dayPassBooking = z.object({
  bookingId: z.string(),
  bookingRequestId: z.string(),
  organizerName: z.string(),
  walkIn: z.boolean(),
  /** The contract's file name (GET /api/v1/contracts/{filename}) when the team generated one. */
  contractFile: z.string().nullable(),
  passes: z.array(dayPass),
});
export type DayPassBooking = z.infer<typeof dayPassBooking>;

export const dayPassesResponse = successOf(z.object({ date: z.string(), bookings: z.array(dayPassBooking) }));
export type DayPasses = z.infer<typeof dayPassesResponse>['data'];
