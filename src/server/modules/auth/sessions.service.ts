import { AUTH_MESSAGES } from '../../../shared/api/auth.schema';
import { AppError } from '../../app-error';
import type { ReadCache } from '../../db/read-cache';
import type { Db } from '../../db/client';
import { findCustomerById, findLiveSession, insertSession, touchSession, type CustomerRow } from './auth.repository';
import { newSessionToken, tokenHash } from './passwords.public';

/**
 * Customer sessions: an opaque token of which only the hash is stored, with a sliding expiry
 * (docs/decisions.md, "Accounts and security"). The auth plugin's guards and the other modules
 * read sessions here, never in the repository.
 */

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionContext {
  sessionId: string;
  customerId: string;
  isTemporary: boolean;
}

/**
 * The active customer behind a session, for the other modules (a module never reads another
 * module's repository): 401 when the account is gone meanwhile.
 */
export async function sessionCustomer(db: Db, session: SessionContext): Promise<CustomerRow> {
  const customer = await findCustomerById(db, session.customerId);
  if (!customer) throw AppError.of('UNAUTHENTICATED', AUTH_MESSAGES.authRequired);
  return customer;
}

/** Sliding expiry is written at most every 5 minutes per session, not on every call. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/**
 * The live customer session a bearer token names, or null; extends its sliding expiry. The auth
 * plugin's guards call this: the plugin depends on the auth service, never on its repository.
 */
export async function sessionForToken(
  db: Db,
  token: string,
  kept?: ReadCache<KeptSession>,
  since?: number,
): Promise<SessionContext | null> {
  return keptSessionLookup(
    kept,
    tokenHash(token),
    async (hash) => {
      const found = await findLiveSession(db, hash);
      if (!found) return null;
      const { session } = found;
      return {
        session,
        context: { sessionId: session.id, customerId: session.customerId, isTemporary: session.isTemporary },
      };
    },
    (sessionId, expiresAt) => touchSession(db, sessionId, expiresAt),
    since,
  );
}

/** A live session kept in memory (db/change-feed.ts): what the guard answers, and until when. */
export interface KeptSession<C = SessionContext> {
  context: C;
  lastUsedAt: number;
  expiresAt: number;
}

/** What a session's look-up found in the database: its row's times, and what the guard answers. */
export interface LiveSession<C> {
  session: { id: string; lastUsedAt: Date; expiresAt: Date };
  context: C;
}

/**
 * The kept look-up customers' sessions (`sessionForToken`) and staff's (`staffSessionForToken` in
 * staff/staff-auth.service.ts) share: the kept answer while its session needs no touch, else the
 * database's, whose sliding expiry is extended at most every `SESSION_TOUCH_INTERVAL_MS`; a session
 * that needs no touch is kept until then at most. `since`: the request's arrival (`ReadCache.getFresh`).
 */
export async function keptSessionLookup<C extends object>(
  kept: ReadCache<KeptSession<C>> | undefined,
  hash: string,
  load: (hash: string) => Promise<LiveSession<C> | null>,
  touch: (sessionId: string, expiresAt: Date) => Promise<unknown>,
  since?: number,
): Promise<C | null> {
  const now = Date.now();
  // Fresh: a logout, a revocation or a role change another instance has answered applies here too.
  const known = await kept?.getFresh(hash, since);
  if (known && now - known.lastUsedAt <= SESSION_TOUCH_INTERVAL_MS && now < known.expiresAt) return known.context;
  const stamp = kept?.stamp();
  const found = await load(hash);
  if (!found) return null;
  const { session } = found;
  // Frozen: a kept session is handed to every request that shows its token.
  const context = Object.freeze(found.context);
  if (now - session.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    await touch(session.id, new Date(now + SESSION_TTL_MS));
  } else if (kept && stamp !== undefined) {
    // Until its next touch at most; a logout, a revocation or a disabled account is a change that drops it.
    kept.set(
      hash,
      { context, lastUsedAt: session.lastUsedAt.getTime(), expiresAt: session.expiresAt.getTime() },
      stamp,
    );
  }
  return context;
}

export async function openSession(db: Db, customerId: string, isTemporary: boolean) {
  const token = newSessionToken();
  await insertSession(db, {
    customerId,
    tokenHash: tokenHash(token),
    isTemporary,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}
