import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, call, expectError, login, nextAddress, PASSWORD, registerCustomer } from '../support/auth';
import { createTestApp, type TestApp } from '../support/test-app';

const TOO_MANY_ATTEMPTS = 'Trop de tentatives de connexion, veuillez patienter avant de réessayer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The device cookie a successful login sets, as a browser would send it back. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const header = String(res.headers['set-cookie'] ?? '');
  const match = /^(parc_device=[^;]+)/.exec(header);
  expect(match, header).not.toBeNull();
  return match![1]!;
}

function loginWithCookie(email: string, password: string, cookie: string) {
  return t.app.inject({
    method: 'POST',
    url: `${AUTH}/login`,
    remoteAddress: nextAddress(),
    headers: { cookie },
    payload: { email, password },
  });
}

describe('login throttle under concurrency', () => {
  it('counts each attempt before checking the password: 100 parallel guesses, the right one last, let no one in', async () => {
    const target = await registerCustomer(t.app);
    const guesses = Array.from({ length: 99 }, (_, i) => `Mauvais-${i}-essai`);
    const responses = await Promise.all(
      [...guesses, target.password].map((password) => login(t.app, target.email, password)),
    );
    const statuses = responses.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(89);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
    // The last, right one came after the budget was spent: refused like the guesses.
    expectError(responses.at(-1)!, 429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED');
  });
});

describe('device cookies (DESIGN.md §4: nobody can lock a customer out)', () => {
  it('sets a signed HttpOnly, SameSite cookie scoped to the login calls at a successful login, and none at a failure', async () => {
    const customer = await registerCustomer(t.app);
    const ok = await login(t.app, customer.email, customer.password);
    expect(ok.statusCode).toBe(200);
    const header = String(ok.headers['set-cookie']);
    expect(header).toMatch(/^parc_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; /);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/api/v1/customer-auth');
    expect(header).toContain('Max-Age=31536000');
    expect(header).not.toContain('Secure');
    const failed = await login(t.app, customer.email, 'Mauvais-essai');
    expect(failed.headers['set-cookie']).toBeUndefined();
  });

  it('marks the cookie Secure over https and SameSite=None for the desktop app origin', async () => {
    const customer = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/login`,
      remoteAddress: nextAddress(),
      headers: { origin: 'app://parc' },
      payload: { email: customer.email, password: customer.password },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure; SameSite=None$/);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it('after 30 parallel wrong attempts from other addresses, a trusted device still logs in and a new one gets 429', async () => {
    const customer = await registerCustomer(t.app);
    const trusted = deviceCookieOf(await login(t.app, customer.email, customer.password));

    const attack = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(t.app, customer.email, `Devine-${i}-essai`)),
    );
    expect(attack.every((res) => res.statusCode === 401 || res.statusCode === 429)).toBe(true);
    expect(attack.filter((res) => res.statusCode === 429).length).toBeGreaterThanOrEqual(20);

    const fromTrusted = await loginWithCookie(customer.email, customer.password, trusted);
    expect(fromTrusted.statusCode, fromTrusted.body).toBe(200);
    expect(fromTrusted.json().token).toEqual(expect.any(String));

    expectError(await login(t.app, customer.email, customer.password), 429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED');
  });

  it('gives a trusted device its own small budget: 5 wrong passwords throttle that device only', async () => {
    const customer = await registerCustomer(t.app);
    const stolen = deviceCookieOf(await login(t.app, customer.email, customer.password));
    const other = deviceCookieOf(await login(t.app, customer.email, customer.password));
    for (let i = 0; i < 5; i += 1) {
      expectError(
        await loginWithCookie(customer.email, `Mauvais-${i}`, stolen),
        401,
        'Email ou mot de passe incorrect',
      );
    }
    expectError(
      await loginWithCookie(customer.email, customer.password, stolen),
      429,
      TOO_MANY_ATTEMPTS,
      'RATE_LIMITED',
    );
    expect((await loginWithCookie(customer.email, customer.password, other)).statusCode).toBe(200);
    expect((await login(t.app, customer.email, customer.password)).statusCode).toBe(200);
  });

  it('trusts a cookie only for the account it was signed for, and never a forged one', async () => {
    const victim = await registerCustomer(t.app);
    const attacker = await registerCustomer(t.app);
    const attackerCookie = deviceCookieOf(await login(t.app, attacker.email, attacker.password));
    const forged = `parc_device=${'A'.repeat(22)}.${'B'.repeat(43)}`;
    for (let i = 0; i < 10; i += 1) {
      const cookie = i % 2 === 0 ? attackerCookie : forged;
      expect((await loginWithCookie(victim.email, `Devine-${i}`, cookie)).statusCode).toBe(401);
    }
    // Those ten attempts counted on the victim's shared budget, not on a device budget.
    expectError(await loginWithCookie(victim.email, victim.password, forged), 429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED');
    expectError(await login(t.app, victim.email, PASSWORD), 429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED');
  });

  it('throttles current-password checks: the 6th password change attempt in 15 minutes gets 429, even with the right password', async () => {
    const customer = await registerCustomer(t.app);
    for (let i = 0; i < 5; i += 1) {
      const res = await call(t.app, 'PUT', 'reset-password', {
        token: customer.token,
        payload: { currentPassword: `Mauvais-${i}-essai`, newPassword: 'Nouveau-Sentier-77' },
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await call(t.app, 'PUT', 'reset-password', {
      token: customer.token,
      payload: { currentPassword: customer.password, newPassword: 'Nouveau-Sentier-77' },
    });
    expectError(res, 429, 'Trop de tentatives avec un mot de passe incorrect, veuillez patienter avant de réessayer');
    const deletion = await call(t.app, 'DELETE', 'account', {
      token: customer.token,
      payload: { password: customer.password },
    });
    expect(deletion.statusCode).toBe(429);
    expect((await login(t.app, customer.email, customer.password)).statusCode).toBe(200);
  });
});
