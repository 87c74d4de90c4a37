import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/server/db/schema';
import { call, PASSWORD, uniqueEmail } from '../support/auth';
import { createTestApp, type TestApp } from '../support/test-app';

const validRegistration = () => ({
  firstName: 'Inès',
  lastName: 'Laborde',
  email: uniqueEmail('ines'),
  password: PASSWORD,
  phone: null,
});

describe('per-route rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts each limited route on its own: logins do not use up the register allowance', async () => {
    const remoteAddress = '10.99.0.1';
    for (let attempt = 0; attempt < 15; attempt += 1) {
      const res = await call(t.app, 'POST', 'login', {
        payload: { email: uniqueEmail('inconnu'), password: 'mauvais-mot-de-passe' },
        remoteAddress,
      });
      expect(res.statusCode).toBe(401);
    }
    const registered = await call(t.app, 'POST', 'register', { payload: validRegistration(), remoteAddress });
    expect(registered.statusCode).toBe(201);

    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toContain(`http:POST:/api/v1/customer-auth/login:${remoteAddress}`);
    expect(keys).toContain(`http:POST:/api/v1/customer-auth/register:${remoteAddress}`);
  });
});
