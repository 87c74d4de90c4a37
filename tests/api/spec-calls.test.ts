import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

type Call = readonly [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string];

/**
 * Every call of SPEC.md §7, with its /api prefix (parameter names do not matter to the check):
 * each one is registered.
 */
const SPEC_CALLS: Call[] = [
  ['POST', '/api/v1/customer-auth/login'],
  ['POST', '/api/v1/customer-auth/register'],
  ['GET', '/api/v1/customer-auth/verify'],
  ['POST', '/api/v1/customer-auth/refresh'],
  ['PUT', '/api/v1/customer-auth/reset-password'],
  ['POST', '/api/v1/customer-auth/forgot-password'],
  ['GET', '/api/v1/public-booking-requests/booking-types'],
  ['POST', '/api/v1/public-booking-requests'],
  ['GET', '/api/v1/booking-requests'],
  ['GET', '/api/v1/customer-booking-requests'],
  ['GET', '/api/v1/customer-booking-requests/invitations'],
  ['GET', '/api/v1/customer-booking-requests/:id'],
  ['PUT', '/api/v1/customer-booking-requests/:id'],
  ['POST', '/api/v1/customer-booking-requests/:id/validate'],
  ['POST', '/api/v1/customer-booking-requests/:id/participants'],
  ['DELETE', '/api/v1/customer-booking-requests/:id/participants/:participantId'],
  ['GET', '/api/v1/public-booking-requests/activities'],
  ['GET', '/api/v1/public-booking-requests/services'],
  ['GET', '/api/v1/establishment/activities/:id'],
  ['GET', '/api/v1/establishment/services/:id'],
  ['GET', '/api/v1/establishment/info'],
  ['GET', '/api/v1/establishment/stripe-config'],
  ['POST', '/api/v1/customer-booking-requests/:id/messages'],
  ['POST', '/api/v1/customer-booking-requests/:id/invite-links'],
  ['GET', '/api/v1/customer-booking-requests/:id/invite-links'],
  ['DELETE', '/api/v1/customer-booking-requests/:id/invite-links/:linkId'],
  ['GET', '/api/v1/invitations/:token'],
  ['POST', '/api/v1/invitations/:token/join'],
  ['GET', '/api/v1/messages/booking/:id'],
  ['POST', '/api/v1/messages/booking/:id'],
  ['PUT', '/api/v1/messages/:id/read'],
  ['GET', '/api/v1/messages/booking/:id/unread-count'],
  ['GET', '/api/v1/customer-booking-requests/stripe-config'],
  ['GET', '/api/v1/customer-booking-requests/:id/booking-payment/collective-status'],
  ['POST', '/api/v1/customer-booking-requests/:id/booking-payment/participant-payment/:participantId'],
  ['POST', '/api/v1/customer-booking-requests/:id/booking-payment/participant-stripe-intent/:participantId'],
  ['POST', '/api/v1/customer-booking-requests/:id/booking-payment/organizer-stripe-intent'],
  ['POST', '/api/v1/customer-booking-requests/:id/booking-payment/stripe-confirm'],
  ['GET', '/api/v1/customer-booking-requests/:id/booking-payment/deposit-authorization-status'],
  ['POST', '/api/v1/customer-booking-requests/:id/booking-payment/complete-deposit-authorization'],
  ['GET', '/api/v1/contracts/:filename'],
];

describe('the calls of SPEC.md §7', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists each call of §7 once', () => {
    const all = SPEC_CALLS.map(([method, path]) => `${method} ${path}`);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(41);
  });

  it.each(SPEC_CALLS)('%s %s is served', (method, url) => {
    expect(t.app.hasRoute({ method, url })).toBe(true);
  });
});
