import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES, TEMPORARY_PASSWORD_CODE } from '../../shared/api/auth.schema';
import { AppError } from '../app-error';
import { findLiveSession, touchSession } from '../modules/auth/auth.repository';
import { SESSION_TTL_MS, type SessionContext } from '../modules/auth/auth.service';
import { tokenHash } from '../modules/auth/passwords';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionContext | null;
  }
  interface FastifyInstance {
    /** preHandler: a live, normal session is required. */
    requireCustomer: (request: FastifyRequest) => Promise<void>;
    /** preHandler: any live session, temporary-password ones included (password change, verify, logout). */
    requireAnySession: (request: FastifyRequest) => Promise<void>;
  }
}

/** Sliding expiry is written at most every 5 minutes per session, not on every call. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('session', null);

  async function loadSession(request: FastifyRequest): Promise<SessionContext> {
    if (request.session) return request.session;
    const token = bearerToken(request);
    // Tokens are 43 characters of base64url; anything far from it names no session.
    if (!token || token.length > 200) throw new AppError('UNAUTHENTICATED', 401, AUTH_MESSAGES.authRequired);
    const found = await findLiveSession(app.db, tokenHash(token));
    if (!found) throw new AppError('UNAUTHENTICATED', 401, AUTH_MESSAGES.authRequired);
    const { session } = found;
    if (Date.now() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await touchSession(app.db, session.id, new Date(Date.now() + SESSION_TTL_MS));
    }
    request.session = { sessionId: session.id, customerId: session.customerId, isTemporary: session.isTemporary };
    return request.session;
  }

  app.decorate('requireAnySession', async (request: FastifyRequest) => {
    await loadSession(request);
  });

  app.decorate('requireCustomer', async (request: FastifyRequest) => {
    const session = await loadSession(request);
    if (session.isTemporary) {
      throw new AppError(TEMPORARY_PASSWORD_CODE, 403, AUTH_MESSAGES.temporaryPasswordOnly);
    }
  });
}

export default fp(authPlugin, { name: 'auth' });

/** The session a preHandler guaranteed. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw new AppError('UNAUTHENTICATED', 401, AUTH_MESSAGES.authRequired);
  return request.session;
}
