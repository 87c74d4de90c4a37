import type { FastifyInstance } from 'fastify';
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
