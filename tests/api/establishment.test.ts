import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '../../src/shared/api/common.schema';
import { establishmentInfoResponse, stripeConfigResponse } from '../../src/shared/api/establishment.schema';
import { ESTABLISHMENT_ID, OPENING_HOURS, PARC_ID_HEADER } from '../../src/shared/constants';
import { createTestApp, type TestApp } from '../support/test-app';

const UNKNOWN_ESTABLISHMENT = 'Établissement inconnu : ce service gère uniquement le Parc Aventure des Landes';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/establishment/info', () => {
  it('describes the park in the Landes with its address and opening hours', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/establishment/info' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = establishmentInfoResponse.strict().parse(res.json());
    const info = body.data;
    expect(info._id).toBe(ESTABLISHMENT_ID);
    expect(info.name).toBe('Parc Aventure des Landes');
    expect(info.address).toEqual({
      street: '1250 route du Lac',
      zipCode: '40600',
      city: 'Biscarrosse',
      country: 'France',
    });
    // The Landes département: postcodes 40xxx.
    expect(info.address.zipCode).toMatch(/^40\d{3}$/);
    expect(info.email).toBe('contact@parc-aventure-landes.fr');
    expect(info.website).toMatch(/^https:\/\//);
    expect(info.openingHours).toEqual(OPENING_HOURS.map((entry) => ({ ...entry })));
    expect(info.socialLinks.map((link) => link.network)).toEqual(['Facebook', 'Instagram', 'YouTube']);
  });

  it('accepts the right park id in X-Parc-ID', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/establishment/info',
      headers: { [PARC_ID_HEADER]: ESTABLISHMENT_ID },
    });
    expect(res.statusCode).toBe(200);
    expect(establishmentInfoResponse.parse(res.json()).data.name).toBe('Parc Aventure des Landes');
  });

  it('refuses another park named in X-Parc-ID with a French message', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/establishment/info',
      headers: { [PARC_ID_HEADER]: 'other' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorResponse.strict().parse(res.json())).toEqual({
      success: false,
      error: UNKNOWN_ESTABLISHMENT,
      message: UNKNOWN_ESTABLISHMENT,
      code: 'UNKNOWN_ESTABLISHMENT',
    });
  });
});

describe('GET /api/v1/establishment/stripe-config', () => {
  it('uses the built-in test provider when no Stripe keys are configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/establishment/stripe-config' });
    expect(res.statusCode).toBe(200);
    const body = stripeConfigResponse.strict().parse(res.json());
    const expected = {
      stripe_configured: false,
      payment_mode: 'test',
      can_receive_payments: true,
      publishable_key: null,
    };
    expect(body).toEqual({ success: true, data: expected, ...expected });
  });

  it('switches to Stripe and exposes only the publishable key when both keys are set', async () => {
    const stripeApp = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' },
    });
    try {
      const res = await stripeApp.app.inject({ method: 'GET', url: '/api/v1/establishment/stripe-config' });
      expect(res.statusCode).toBe(200);
      const body = stripeConfigResponse.strict().parse(res.json());
      const expected = {
        stripe_configured: true,
        payment_mode: 'stripe',
        can_receive_payments: true,
        publishable_key: 'pk_test_x',
      };
      expect(body).toEqual({ success: true, data: expected, ...expected });
      expect(res.body).not.toContain('sk_test_x');
    } finally {
      await stripeApp.close();
    }
  });
});
