// The test provider survives a server restart (docs/decisions.md, "Test payment provider"): its intents are rows of the database, not
// the server's memory, so an intent opened before a restart is paid and confirmed after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { outboxMailer } from '../../src/server/modules/mail/mailer.public';
import { paymentIntentResponse, paymentOutcomeResponse } from '../../src/shared/api/payments.schema';
import { cb } from '../support/customer-bookings';
import { bookingRow, pay, paymentRows, prebookedBooking } from '../support/payment-states';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let restarted: FastifyInstance | undefined;
const webDir = mkdtempSync(join(tmpdir(), 'parc-test-web-'));

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await restarted?.close();
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** A second server process on the same database: a new app, a new provider, nothing kept in memory. */
async function restart(): Promise<FastifyInstance> {
  await t.app.close();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: webDir,
    CATALOGUE_CACHE_SECONDS: '0',
  });
  const app = await buildApp({ config, database: t.database, mailer: outboxMailer() });
  await app.ready();
  return app;
}

describe('test provider across a restart', () => {
  it('an intent created before the restart is paid with a card and confirmed after it', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 32_000 });
    const opened = await cb(t.app, 'POST', pay(state.bookingId, 'organizer-stripe-intent'), state.organizer.token, {});
    expect(opened.statusCode, opened.body).toBe(200);
    const intent = paymentIntentResponse.parse(opened.json()).data;
    expect(intent).toMatchObject({ amount: 320, status: 'requires_payment_method', payment_mode: 'test' });

    restarted = await restart();

    // The same intent (not a new one) is still known and payable.
    const again = await cb(
      restarted,
      'POST',
      pay(state.bookingId, 'organizer-stripe-intent'),
      state.organizer.token,
      {},
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(paymentIntentResponse.parse(again.json()).data).toMatchObject({
      intentId: intent.intentId,
      client_secret: intent.client_secret,
    });
    const paid = await cb(restarted, 'POST', pay(state.bookingId, 'test-card'), state.organizer.token, {
      intentId: intent.intentId,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toEqual({ intentId: intent.intentId, status: 'succeeded', error: null });
    const confirmed = await cb(restarted, 'POST', pay(state.bookingId, 'stripe-confirm'), state.organizer.token, {
      intentId: intent.intentId,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(paymentOutcomeResponse.parse(confirmed.json()).data).toMatchObject({
      intentId: intent.intentId,
      intentStatus: 'succeeded',
      paymentStatus: 'paid',
      bookingStatus: 'confirmed',
    });
    const rows = await paymentRows(t.db, state.bookingId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ providerIntentId: intent.intentId, status: 'completed', capturedCents: 32_000 });
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });
});
