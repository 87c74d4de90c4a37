import { outboxEmail } from './staff-requests.schema';
import { z } from 'zod';
import { pagingQuery, successOf, successWithMessageOf } from './common.schema';
import { BOOKING_STATUSES, CATALOGUE_KINDS, WEEKDAYS } from '../labels';
import { pagination } from './customer-booking.schema';
import { tooLong, optionalDay } from './staff-common.schema';

/** The desk's views: the mail outbox, the day planner and the weekly stats. */

// ─── Outbox ────────────────────────────────────────────────────────────────────────────────

/** GET /api/v1/staff/outbox: newest first. */
export const outboxQuery = z.object({
  /**
   * A booking id: the e-mails about it (their subject names its reference; docs/decisions.md,
   * "E-mails about a booking").
   */
  bookingId: z.string().max(100, tooLong(100)).optional(),
  /** Exact recipient address (case-insensitive). */
  to: z.string().trim().max(254, tooLong(254)).optional(),
  ...pagingQuery(50),
});
export type OutboxQuery = z.input<typeof outboxQuery>;

export const outboxResponse = successOf(z.object({ emails: z.array(outboxEmail), pagination }));
export type OutboxResponse = z.infer<typeof outboxResponse>;

/** A mail put back in the delivery queue: the mail as it now stands ('pending', no attempt yet). */
export const outboxResendResponse = successWithMessageOf(outboxEmail);

// ─── Planner and stats ─────────────────────────────────────────────────────────────────────

/** GET /api/v1/staff/planner?date=yyyy-MM-dd (defaults to today, Europe/Paris). */
export const plannerQuery = z.object({ date: optionalDay });

/**
 * A booking seen that day, once per answer however many lines it has in the day's slots: its
 * groups name it by its place in `bookings` (a busy Saturday has about twice as many groups as
 * bookings; docs/decisions.md, "Volume and indexes", the planner's answer).
 */
export const plannerBooking = z.object({
  _id: z.string(),
  bookingRequestId: z.string(),
  organizerName: z.string(),
  status: z.enum(BOOKING_STATUSES),
});

/** One booking's line in a slot (or without one): `booking` is the booking's index in `bookings`. */
export const plannerGroup = z.object({
  booking: z.number().int().nonnegative(),
  participants: z.number().int(),
});

/** The places left are `capacity - booked` (never below 0; none without a capacity): not sent. */
export const plannerSlot = z.object({
  startTime: z.string(),
  endTime: z.string(),
  /** null when the slot has no capacity. */
  capacity: z.number().int().nullable(),
  booked: z.number().int(),
  groups: z.array(plannerGroup),
});

export const plannerActivity = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(CATALOGUE_KINDS),
  category: z.string(),
  slots: z.array(plannerSlot),
  /** Lines booked that day without a time slot. */
  unscheduled: z.array(plannerGroup),
});

export const plannerResponse = successOf(
  z.object({
    date: z.string(),
    weekday: z.enum(WEEKDAYS),
    bookings: z.array(plannerBooking),
    activities: z.array(plannerActivity),
  }),
);
export type PlannerResponse = z.infer<typeof plannerResponse>;

/**
 * GET /api/v1/staff/stats/weekly: the last 12 weeks (Monday-based, Europe/Paris), oldest first. Weeks
 * are those of the request's creation (a cohort view: how much of each week's demand turned into sales).
 */
export const weeklyStat = z.object({
  /** Monday of the week, yyyy-MM-dd. */
  weekStart: z.string(),
  /** Requests created that week. */
  requests: z.number().int(),
  /** Of those, how many are now confirmed or completed. */
  confirmed: z.number().int(),
  /** The quote totals (payment config) of those confirmed or completed bookings (€). */
  confirmedRevenue: z.number(),
});
export const weeklyStatsResponse = successOf(z.object({ weeks: z.array(weeklyStat) }));
export type WeeklyStatsResponse = z.infer<typeof weeklyStatsResponse>;
