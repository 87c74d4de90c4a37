import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES, TEMPORARY_PASSWORD_CODE } from '../../shared/api/auth.schema';
import { ERROR_MESSAGES } from '../../shared/errors';
import { AppError } from '../app-error';
import { ReadCache } from '../db/read-cache';
import type { Actor } from '../modules/bookings/booking-access.public';
import { sessionForToken, type KeptSession, type SessionContext } from '../modules/auth/sessions.service';
import {
  staffSessionForToken,
  type KeptStaffSession,
  type StaffSessionContext,
} from '../modules/staff/staff-auth.service';

export type { StaffSessionContext };

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionContext | null;
    staffSession: StaffSessionContext | null;
    /** When the request arrived (`performance.now()`): a read barrier sent since serves its kept reads. */
    arrivedAt: number;
  }
  interface FastifyInstance {
    /** preHandler: a live, normal session is required. */
    requireCustomer: (request: FastifyRequest) => Promise<void>;
    /** preHandler: any live session, temporary-password ones included (password change, verify, logout). */
    requireAnySession: (request: FastifyRequest) => Promise<void>;
    /** preHandler: a live staff session (any role); a customer token is refused. */
    requireStaff: (request: FastifyRequest) => Promise<void>;
    /** preHandler: a live staff session with the admin role. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * How long a live session is kept in memory at most, a bound should a change ever go unheard: longer
 * than the chat's 30 s poll, so that an open page's polls find it (its next touch, 5 minutes after
 * the last, comes first anyway).
 */
const SESSION_KEPT_MS = 120_000;
/** One per open page's session on a summer Saturday (about 10,000), and room to spare. */
const SESSIONS_KEPT_AT_MOST = 50_000;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** What a request's bearer token names (`lookUp`), or a 401. */
async function fromBearerToken<T>(request: FastifyRequest, lookUp: (token: string) => Promise<T | null>): Promise<T> {
  const token = bearerToken(request);
  // Tokens are 43 characters of base64url; anything far from it names no session.
  if (!token || token.length > 200) throw AppError.of('UNAUTHENTICATED', AUTH_MESSAGES.authRequired);
  const found = await lookUp(token);
  if (!found) throw AppError.of('UNAUTHENTICATED', AUTH_MESSAGES.authRequired);
  return found;
}

async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('session', null);
  app.decorateRequest('staffSession', null);
  app.decorateRequest('arrivedAt', 0);
  // Before the session's look-up: its read barrier, sent after this, then serves the request's
  // kept read too (`ChangeFeed.sync(since)`; docs/decisions.md, "Reads kept in memory").
  app.addHook('onRequest', (request, _reply, done) => {
    request.arrivedAt = performance.now();
    done();
  });

  // Staff sessions too (the planner, the queue: every staff screen's calls), kept as customers' are:
  // dropped by their owner's topic only (`staff:<id>`: a logout, a revocation, a disabled account or
  // a changed role), not by every booking written (docs/decisions.md, "Reads kept in memory").
  const keptStaffSessions = new ReadCache<KeptStaffSession>(app.changes, SESSION_KEPT_MS, SESSIONS_KEPT_AT_MOST, {
    topicOf: (_hash, kept) => kept && `staff:${kept.context.staffId}`,
    topicOnly: true,
  });

  async function loadStaffSession(request: FastifyRequest): Promise<StaffSessionContext> {
    request.staffSession ??= await fromBearerToken(request, (token) =>
      staffSessionForToken(app.db, token, keptStaffSessions, request.arrivedAt || undefined),
    );
    return request.staffSession;
  }

  app.decorate('requireStaff', async (request: FastifyRequest) => {
    await loadStaffSession(request);
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const staff = await loadStaffSession(request);
    if (staff.role !== 'admin') throw AppError.of('FORBIDDEN', ERROR_MESSAGES.adminOnly);
  });

  // Customers' live sessions, kept until their owner's topic changes (`customer:<id>`: a logout, a
  // revocation, a disabled or deleted account) and 2 minutes at most (docs/decisions.md, Performance
  // rule 16). A session is read first in a request, before anything it writes.
  const keptSessions = new ReadCache<KeptSession>(app.changes, SESSION_KEPT_MS, SESSIONS_KEPT_AT_MOST, {
    topicOf: (_hash, kept) => kept && `customer:${kept.context.customerId}`,
    topicOnly: true,
  });

  async function loadSession(request: FastifyRequest): Promise<SessionContext> {
    request.session ??= await fromBearerToken(request, (token) =>
      sessionForToken(app.db, token, keptSessions, request.arrivedAt || undefined),
    );
    return request.session;
  }

  app.decorate('requireAnySession', async (request: FastifyRequest) => {
    await loadSession(request);
  });

  app.decorate('requireCustomer', async (request: FastifyRequest) => {
    const session = await loadSession(request);
    if (session.isTemporary) {
      throw AppError.of(TEMPORARY_PASSWORD_CODE, AUTH_MESSAGES.temporaryPasswordOnly);
    }
  });
}

export default fp(authPlugin, { name: 'auth' });

/** The session a preHandler guaranteed. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw AppError.of('UNAUTHENTICATED', AUTH_MESSAGES.authRequired);
  return request.session;
}

/** The staff session a preHandler guaranteed. */
export function staffSessionOf(request: FastifyRequest): StaffSessionContext {
  if (!request.staffSession) throw AppError.of('UNAUTHENTICATED', AUTH_MESSAGES.authRequired);
  return request.staffSession;
}

/**
 * For calls that customers and staff share (chat, contracts): the customer session when the token
 * is a customer's (temporary-password sessions refused as usual), otherwise the staff session.
 * Customers first: thousands of open booking pages poll the chat, and their sessions are kept in
 * memory, where a customer token looked up as a staff one cost a query at every poll.
 */
export async function loadActor(app: FastifyInstance, request: FastifyRequest): Promise<Actor> {
  try {
    await app.requireAnySession(request);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 401) throw error;
    await app.requireStaff(request);
    const staff = staffSessionOf(request);
    return { kind: 'staff', staffId: staff.staffId, role: staff.role, name: staff.name };
  }
  await app.requireCustomer(request);
  return { kind: 'customer', customerId: sessionOf(request).customerId };
}
