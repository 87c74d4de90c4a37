import type * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, login, registerCustomer, uniqueEmail } from '../support/auth';
import { createTestApp, type TestApp } from '../support/test-app';

// Counts the argon2 checks a login runs: their number is what made an account with a pending
// temporary password answer slower (44 vs 27 ms).
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof argon2>();
  return {
    ...original,
    verify: (...args: Parameters<typeof original.verify>) => {
      verifications.count += 1;
      return original.verify(...args);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function checksOf(email: string, password: string) {
  verifications.count = 0;
  const res = await login(t.app, email, password);
  return { status: res.statusCode, checks: verifications.count };
}

describe('login timing', () => {
  it('runs the same two password checks whether the account exists, has a pending temporary password, or not', async () => {
    const plain = await registerCustomer(t.app);
    const pending = await registerCustomer(t.app);
    expect((await call(t.app, 'POST', 'forgot-password', { payload: { email: pending.email } })).statusCode).toBe(200);
    await t.settled();

    const results = [
      await checksOf(uniqueEmail('inconnu'), 'Mauvais-essai'),
      await checksOf(plain.email, 'Mauvais-essai'),
      await checksOf(pending.email, 'Mauvais-essai'),
      await checksOf(plain.email, plain.password),
      await checksOf(pending.email, pending.password),
    ];
    expect(results.map((result) => result.status)).toEqual([401, 401, 401, 200, 200]);
    expect(results.map((result) => result.checks)).toEqual([2, 2, 2, 2, 2]);
  });
});
