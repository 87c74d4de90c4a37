import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { bookingParticipants, sessions } from '../../src/server/db/schema';
import { tokenHash } from '../../src/server/modules/auth/passwords.public';
import { outboxMailer } from '../../src/server/modules/mail/mailer.public';
import {
  bearer,
  expectError,
  expectUnauthenticated,
  nextAddress,
  registerCustomer,
  type RegisteredCustomer,
} from '../support/auth';
import { CUSTOMER_BOOKINGS } from '../support/customer-bookings';
import { addJoinedParticipant, chatOfTwo, MESSAGES } from '../support/messages';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Read-after-write of the chat polls across instances (docs/decisions.md, "Volume and indexes",
 * the chat polls): a write answered by instance A shows in the very next poll to instance B,
 * which holds the old ETag; a participant removed through A gets the 404 from B. PostgreSQL only
 * (PGlite is one process). Repeated: B keeps a poll's session, access and version until their own
 * topic changes (migration `kept-read-topics`), so every try must see it after the read barrier.
 */
const TRIES = 10;

describe.skipIf(!process.env.TEST_DATABASE_URL)('chat polls on two instances', () => {
  let t: TestApp;
  let b: FastifyInstance;
  let second: Database;
  let organizer: RegisteredCustomer;
  let participant: RegisteredCustomer;
  let bookingId: string;
  const webDir = mkdtempSync(join(tmpdir(), 'parc-test-web-'));

  beforeAll(async () => {
    t = await createTestApp();
    second = await openDatabase({ kind: 'postgres', url: t.databaseUrl! });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: webDir });
    b = await buildApp({ config, database: second, mailer: outboxMailer() });
    await b.ready();
    ({ organizer, participant, bookingId } = await chatOfTwo(
      t,
      { firstName: 'Maëlle', lastName: 'Durand' },
      { firstName: 'Théo', lastName: 'Lambert' },
    ));
  });

  afterAll(async () => {
    await b?.close();
    await second?.close();
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const call = (
    app: FastifyInstance,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    etag?: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(token), ...(etag ? { 'if-none-match': etag } : {}) },
      remoteAddress: nextAddress(),
      ...(payload ? { payload } : {}),
    });
  const list = () => `${MESSAGES}/booking/${bookingId}?includeDeleted=true&limit=50`;
  const unread = () => `${MESSAGES}/booking/${bookingId}/unread-count`;

  it('a post, a delete and a read mark through A show in the next poll to B', async () => {
    for (let i = 0; i < TRIES; i += 1) {
      const held = await call(b, 'GET', list(), participant.token);
      const etag = held.headers.etag as string;
      expect((await call(b, 'GET', list(), participant.token, etag)).statusCode).toBe(304);
      const posted = await call(t.app, 'POST', `${MESSAGES}/booking/${bookingId}`, organizer.token, undefined, {
        content: `Message ${i}`,
      });
      expect(posted.statusCode, posted.body).toBe(201);
      const id = (JSON.parse(posted.body) as { data: { _id: string } }).data._id;
      const seen = await call(b, 'GET', list(), participant.token, etag);
      expect(seen.statusCode).toBe(200);
      expect(seen.body).toContain(`Message ${i}`);

      const count = await call(b, 'GET', unread(), participant.token);
      const before = (JSON.parse(count.body) as { data: { unreadCount: number } }).data.unreadCount;
      expect((await call(t.app, 'PUT', `${MESSAGES}/${id}/read`, participant.token)).statusCode).toBe(200);
      const after = await call(b, 'GET', unread(), participant.token, count.headers.etag as string);
      expect(after.statusCode).toBe(200);
      expect((JSON.parse(after.body) as { data: { unreadCount: number } }).data.unreadCount).toBe(before - 1);

      const kept = seen.headers.etag as string;
      expect((await call(t.app, 'DELETE', `${MESSAGES}/${id}`, organizer.token)).statusCode).toBe(200);
      const gone = await call(b, 'GET', list(), participant.token, kept);
      expect(gone.statusCode).toBe(200);
      expect(gone.body).not.toContain(`Message ${i}`);
    }
  });

  it('a poll kept on B reads nothing while other rows are written, and hears its own booking and session at once', async () => {
    // B's statements: each one takes a connection from its pool (the read barrier has its own).
    const pool = (second.db as unknown as { $client: pg.Pool }).$client;
    let statements = 0;
    const counted = () => {
      statements += 1;
    };
    const reader = await registerCustomer(t.app, { firstName: 'Inès', lastName: 'Roux' });
    const row = await addJoinedParticipant(t.db, bookingId, reader);
    const held = await call(b, 'GET', list(), reader.token);
    expect(held.statusCode, held.body).toBe(200);
    const etag = held.headers.etag as string;
    expect((await call(b, 'GET', list(), reader.token, etag)).statusCode).toBe(304);
    pool.on('acquire', counted);
    try {
      for (let i = 0; i < 3; i += 1) {
        // Another customer, their session, other bookings' rows: written through A, heard by B.
        await registerCustomer(t.app, { firstName: 'Jules', lastName: `Perrin ${i}` });
        await t.db.execute(sql`update booking_requests set note = note where id <> ${bookingId}`);
        await t.db.execute(sql`update booking_participants set is_active = is_active where booking_id <> ${bookingId}`);
        await t.db.execute(sql`update sessions set last_used_at = last_used_at where customer_id <> ${reader.id}`);
        await t.app.changes.sync();
        await b.changes.sync();
        expect((await call(b, 'GET', list(), reader.token, etag)).statusCode).toBe(304);
      }
      expect(statements).toBe(0);
    } finally {
      pool.off('acquire', counted);
    }

    // Its own participation, changed from another connection: the 404 at the very next poll.
    await t.db.update(bookingParticipants).set({ isActive: false }).where(eq(bookingParticipants.id, row.id));
    expectError(await call(b, 'GET', list(), reader.token, etag), 404, 'Réservation non trouvée');
    await t.db.update(bookingParticipants).set({ isActive: true }).where(eq(bookingParticipants.id, row.id));
    expect((await call(b, 'GET', list(), reader.token, etag)).statusCode).toBe(304);
    // Its session, revoked from another connection: the 401 at the very next poll.
    await t.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, tokenHash(reader.token)));
    expectUnauthenticated(await call(b, 'GET', list(), reader.token, etag));
  });

  it('a participant removed through A gets the booking’s 404 at their next poll to B', async () => {
    for (let i = 0; i < TRIES; i += 1) {
      const leaving = await registerCustomer(t.app, { firstName: 'Zoé', lastName: `Girard ${i}` });
      const row = await addJoinedParticipant(t.db, bookingId, leaving);
      const held = await call(b, 'GET', list(), leaving.token);
      expect(held.statusCode, held.body).toBe(200);
      const etag = held.headers.etag as string;
      expect((await call(b, 'GET', list(), leaving.token, etag)).statusCode).toBe(304);
      const removed = await call(
        t.app,
        'DELETE',
        `${CUSTOMER_BOOKINGS}/${bookingId}/participants/${row.id}`,
        organizer.token,
      );
      expect(removed.statusCode, removed.body).toBe(200);
      expectError(await call(b, 'GET', list(), leaving.token, etag), 404, 'Réservation non trouvée');
      expectError(await call(b, 'GET', unread(), leaving.token), 404, 'Réservation non trouvée');
    }
  });
});
