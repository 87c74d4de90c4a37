import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { plannerResponse } from '../../src/shared/api/staff.schema';
import { bearer, nextAddress } from './auth';

/** Helpers of the back-office API tests (tests/api/staff-*.test.ts). */

export const STAFF = '/api/v1/staff';
export const STAFF_REQUESTS = `${STAFF}/booking-requests`;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call to /api/v1/staff<path>, with a bearer token when given, from a fresh address. */
export function staffCall(app: FastifyInstance, method: Method, path: string, token?: string, payload?: unknown) {
  return app.inject({
    method,
    url: `${STAFF}${path}`,
    headers: token ? bearer(token) : {},
    remoteAddress: nextAddress(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A booking's group in the day planner of `day`, with the booking it points to (sent once per answer). */
export async function plannedGroupOf(app: FastifyInstance, token: string, day: string, bookingId: string) {
  const res = await staffCall(app, 'GET', `/planner?date=${day}`, token);
  expect(res.statusCode, res.body).toBe(200);
  const { activities, bookings } = plannerResponse.parse(res.json()).data;
  const groups = activities.flatMap((a) => [...a.slots.flatMap((slot) => slot.groups), ...a.unscheduled]);
  const group = groups.find((g) => bookings[g.booking]?._id === bookingId);
  return group && { ...bookings[group.booking]!, participants: group.participants };
}
