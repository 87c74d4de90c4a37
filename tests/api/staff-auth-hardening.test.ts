import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSessionResponse, staffSetupStatusResponse } from '../../src/shared/api/staff.schema';
import { staffAccounts, staffSessions } from '../../src/server/db/schema';
import { createStaffAccount, issueSetupTokenIfNoStaff } from '../../src/server/modules/staff/staff-auth.service';
import { expectError, login as customerLogin, nextAddress, registerCustomer } from '../support/auth';
import { createStaffWithSession } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

/** Staff login, throttling and password rules are the customers' (DESIGN.md §4). */

const PASSWORD = 'Heron-Pinede-Equipe-7';
const INVALID_CREDENTIALS = 'Email ou mot de passe incorrect';
const TOO_MANY_ATTEMPTS = 'Trop de tentatives de connexion, veuillez patienter avant de réessayer';
const BLANK = 'Le mot de passe ne peut pas être composé uniquement d’espaces';
const REPEATED = 'Le mot de passe ne peut pas être un seul caractère répété';
const EMAIL_AS_PASSWORD = 'Le mot de passe ne peut pas être votre adresse e-mail';
const COMMON = 'Ce mot de passe est trop courant, choisissez-en un autre';

let t: TestApp;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A fresh team member who can log in with PASSWORD. */
async function newMember(name = 'membre'): Promise<string> {
  sequence += 1;
  const row = await createStaffAccount(t.db, {
    email: `${name}.${sequence}@parc-aventure-landes.fr`,
    firstName: 'Camille',
    lastName: 'Dupuy',
    role: 'staff',
    password: PASSWORD,
  });
  return row.email;
}

/** One staff login from a fresh address, with the cookies a browser would send back. */
function login(email: string, password: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/staff/auth/login',
    payload: { email, password },
    remoteAddress: nextAddress(),
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/** The `name=value` of the staff device cookie a successful login sets. */
function staffDeviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const header = String(res.headers['set-cookie'] ?? '');
  const match = /^(parc_staff_device=[^;]+)/.exec(header);
  expect(match, header).not.toBeNull();
  return match![1]!;
}

async function sessionsOf(email: string): Promise<number> {
  const [{ n }] = (await t.db
    .select({ n: count() })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffSessions.staffId, staffAccounts.id))
    .where(eq(staffAccounts.email, email))) as [{ n: number }];
  return n;
}

describe('staff login throttle under concurrency', () => {
  it('claims each attempt before checking the password: of 60 parallel wrong passwords, exactly 10 are checked', async () => {
    const email = await newMember('cible');
    const responses = await Promise.all(Array.from({ length: 60 }, (_, i) => login(email, `Mauvais-${i}-essai`)));
    const refused = responses.filter((res) => res.statusCode === 401);
    const throttled = responses.filter((res) => res.statusCode === 429);
    expect(refused).toHaveLength(10);
    expect(throttled).toHaveLength(50);
    for (const res of refused) expectError(res, 401, INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
    for (const res of throttled) expectError(res, 429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED');
    // The right password from a new address is throttled too, and no session was opened.
    expectError(await login(email, PASSWORD), 429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED');
    expect(await sessionsOf(email)).toBe(0);
  });

  it('lets at most one of 100 parallel attempts in, the right password among 99 wrong ones', async () => {
    const email = await newMember('course');
    const passwords = [...Array.from({ length: 99 }, (_, i) => `Devine-${i}-essai`), PASSWORD];
    const statuses = (await Promise.all(passwords.map((password) => login(email, password)))).map(
      (res) => res.statusCode,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
    expect(statuses.filter((status) => status === 401 || status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
  });
});

describe('staff device cookies (nobody can lock a team member out)', () => {
  it('sets a signed HttpOnly, SameSite=Strict cookie of its own, scoped to the staff login calls, and none at a failure', async () => {
    const email = await newMember();
    const ok = await login(email, PASSWORD);
    expect(ok.statusCode, ok.body).toBe(200);
    const header = String(ok.headers['set-cookie']);
    expect(header).toMatch(/^parc_staff_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; /);
    expect(header).toContain('Path=/api/v1/staff/auth;');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).not.toContain('Secure');
    // The answer itself is unchanged: the cookie is not in the body.
    const session = staffSessionResponse.strict().parse(ok.json());
    expect(session.message).toBe('Connexion réussie');
    expect(ok.body).not.toContain('parc_staff_device');

    const failed = await login(email, 'Mauvais-essai-1');
    expectError(failed, 401, INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
    expect(failed.headers['set-cookie']).toBeUndefined();
  });

  it('marks the cookie SameSite=None; Secure for the desktop app origin', async () => {
    const email = await newMember();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/auth/login',
      payload: { email, password: PASSWORD },
      remoteAddress: nextAddress(),
      headers: { origin: 'app://parc' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^parc_staff_device=.*; Secure; SameSite=None$/);
  });

  it('after 10 wrong passwords from other addresses, the owner’s device still logs in and a new device gets 429', async () => {
    const email = await newMember('proprietaire');
    const trusted = staffDeviceCookieOf(await login(email, PASSWORD));

    const attack = await Promise.all(Array.from({ length: 10 }, (_, i) => login(email, `Devine-${i}-essai`)));
    for (const res of attack) expectError(res, 401, INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
    expectError(await login(email, PASSWORD), 429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED');

    const fromTrusted = await login(email, PASSWORD, trusted);
    expect(fromTrusted.statusCode, fromTrusted.body).toBe(200);
    const session = staffSessionResponse.strict().parse(fromTrusted.json());
    expect(session.data.staff.email).toBe(email);
    expect((await staffCall(t.app, 'GET', '/auth/me', session.data.token)).statusCode).toBe(200);
    // The shared budget stays spent for everyone else.
    expectError(await login(email, PASSWORD), 429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED');
  });

  it('gives a trusted device its own budget of 5: a stolen cookie throttles that device only', async () => {
    const email = await newMember();
    const stolen = staffDeviceCookieOf(await login(email, PASSWORD));
    const other = staffDeviceCookieOf(await login(email, PASSWORD));
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => login(email, `Mauvais-${i}`, stolen)));
    expect(guesses.filter((res) => res.statusCode === 401)).toHaveLength(5);
    expect(guesses.filter((res) => res.statusCode === 429)).toHaveLength(15);
    expectError(await login(email, PASSWORD, stolen), 429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED');
    expect((await login(email, PASSWORD, other)).statusCode).toBe(200);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('trusts neither a forged cookie, nor one signed for another member, nor a customer’s cookie for the same address', async () => {
    const victim = await newMember('victime');
    const attacker = await newMember('attaquant');
    const attackerCookie = staffDeviceCookieOf(await login(attacker, PASSWORD));
    // Anyone may open a customer account with a team member's address and collect customer device cookies.
    const customer = await registerCustomer(t.app, { email: victim });
    const customerLogin1 = await customerLogin(t.app, customer.email, customer.password);
    const customerCookie = /^parc_device=([^;]+)/.exec(String(customerLogin1.headers['set-cookie']))![1]!;
    const cookies = [
      attackerCookie,
      `parc_staff_device=${'A'.repeat(22)}.${'B'.repeat(43)}`,
      `parc_staff_device=${customerCookie}`,
      `parc_device=${customerCookie}`,
    ];
    for (let i = 0; i < 10; i += 1) {
      expectError(await login(victim, `Devine-${i}`, cookies[i % cookies.length]), 401, INVALID_CREDENTIALS);
    }
    // Those ten attempts counted on the victim's shared budget, not on a device budget.
    for (const cookie of cookies) {
      expectError(await login(victim, PASSWORD, cookie), 429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED');
    }
  });
});

describe('staff passwords follow the customers’ rules', () => {
  const weakCases = (email: string) => [
    { password: '        ', message: BLANK },
    { password: 'aaaaaaaa', message: REPEATED },
    { password: email.split('@')[0]!, message: EMAIL_AS_PASSWORD },
  ];

  it('an admin cannot create an account with a blank, repeated or e-mail password', async () => {
    const admin = await createStaffWithSession(t.db, 'admin');
    const body = {
      email: 'Marion.Lafitte@Parc-Aventure-Landes.fr',
      firstName: 'Marion',
      lastName: 'Lafitte',
      role: 'staff',
    };
    for (const { password, message } of [
      ...weakCases(body.email),
      { password: 'marion.lafitte@parc-aventure-landes.fr', message: EMAIL_AS_PASSWORD },
      { password: 'azerty123', message: COMMON },
    ]) {
      const res = await staffCall(t.app, 'POST', '/accounts', admin.token, { ...body, password });
      const error = expectError(res, 400, message, message === COMMON ? 'COMMON_PASSWORD' : 'WEAK_PASSWORD');
      expect(error.details).toEqual({ password: message });
    }
    const stored = await t.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, 'marion.lafitte@parc-aventure-landes.fr'));
    expect(stored).toHaveLength(0);

    const created = await staffCall(t.app, 'POST', '/accounts', admin.token, { ...body, password: PASSWORD });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('the first admin setup refuses the same passwords and keeps its link usable', async () => {
    const fresh = await createTestApp();
    try {
      const token = await issueSetupTokenIfNoStaff(fresh.db);
      const body = {
        token: token!,
        email: 'Directrice@Parc-Aventure-Landes.fr',
        firstName: 'Inès',
        lastName: 'Lafitte',
      };
      for (const { password, message } of weakCases(body.email)) {
        const res = await staffCall(fresh.app, 'POST', '/auth/setup', undefined, { ...body, password });
        const error = expectError(res, 400, message, 'WEAK_PASSWORD');
        expect(error.details).toEqual({ password: message });
      }
      const [{ n }] = (await fresh.db.select({ n: count() }).from(staffAccounts)) as [{ n: number }];
      expect(n).toBe(0);
      const status = await staffCall(fresh.app, 'GET', `/auth/setup/${token}`);
      expect(staffSetupStatusResponse.parse(status.json()).data.valid).toBe(true);

      const created = await staffCall(fresh.app, 'POST', '/auth/setup', undefined, { ...body, password: PASSWORD });
      expect(created.statusCode, created.body).toBe(201);
      expect(staffSessionResponse.parse(created.json()).message).toBe('Compte administrateur créé');
    } finally {
      await fresh.close();
    }
  });
});
