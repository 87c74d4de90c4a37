import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessionResponse, customerResponse } from '../../src/shared/api/auth.schema';
import { verifyResponse } from '../../src/shared/api/customer.schema';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import { customers, sessions } from '../../src/server/db/schema';
import { tokenHash } from '../../src/server/modules/auth/passwords.public';
import {
  PASSWORD,
  call,
  customerRow,
  expectError,
  expectUnauthenticated,
  expectValidation,
  login,
  loginOk,
  mailsTo,
  nextAddress,
  registerCustomer,
  tableCounts,
  uniqueEmail,
} from '../support/auth';
import { createTestApp, type TestApp } from '../support/test-app';

const TOO_MANY_REQUESTS = 'Trop de requêtes, veuillez patienter';
const UNKNOWN_ESTABLISHMENT_TEXT = 'Établissement inconnu : ce service gère uniquement le Parc Aventure des Landes';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const validRegistration = () => ({
  firstName: 'Camille',
  lastName: 'Durand',
  email: uniqueEmail('inscription'),
  password: PASSWORD,
  phone: '+33 (0)6 12-34-56-78',
});

describe('POST /api/v1/customer-auth/register', () => {
  it('creates the account, opens a session and never returns a hash', async () => {
    const email = uniqueEmail('Nouveau.Client');
    const res = await call(t.app, 'POST', 'register', {
      payload: {
        ...validRegistration(),
        firstName: '  Camille ',
        lastName: ' Durand  ',
        email: `  ${email.toUpperCase()}  `,
        establishment_id: ESTABLISHMENT_ID,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('Hash');
    expect(res.body).not.toContain(PASSWORD);
    const body = authSessionResponse.strict().parse(res.json());
    expect(body.message).toBe('Compte créé avec succès');
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.token).toBe(body.token);
    expect(body.data.userId).toBe(body.customer._id);
    expect(body.data.customer).toEqual(body.customer);
    expect(body.customer).toEqual({
      _id: expect.any(String),
      firstName: 'Camille',
      lastName: 'Durand',
      email: email.toLowerCase(),
      // Stored normalised (docs/decisions.md, "Phone numbers").
      phone: '+33612345678',
      status: 'active',
      createdAt: expect.any(String),
      isTemporaryPassword: false,
    });

    const row = await customerRow(t.db, body.customer._id);
    expect(row.email).toBe(email.toLowerCase());
    expect(row.firstName).toBe('Camille');
    expect(row.lastName).toBe('Durand');
    expect(row.establishmentId).toBe(ESTABLISHMENT_ID);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(PASSWORD);
    expect(row.temporaryPasswordHash).toBeNull();

    // Only the token's SHA-256 is kept.
    const stored = await t.db.select().from(sessions).where(eq(sessions.customerId, row.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(body.token);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.isTemporary).toBe(false);

    // The token works straight away.
    const verify = await call(t.app, 'GET', 'verify', { token: body.token });
    expect(verify.statusCode).toBe(200);
    expect(verifyResponse.parse(verify.json()).data.customer._id).toBe(row.id);

    const mails = await mailsTo(t.db, email.toLowerCase(), 'account-created');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Bienvenue');
    expect(mails[0]!.text).toContain('Bonjour Camille,');
    expect(mails[0]!.text).toContain('/dashboard');
    expect(mails[0]!.text).not.toContain(PASSWORD);
    expect(mails[0]!.html).not.toContain(PASSWORD);
  });

  it('accepts a missing, empty or null phone and stores none', async () => {
    for (const phone of [undefined, '', null]) {
      const { id, session } = await registerCustomer(t.app, { phone });
      expect(session.customer.phone).toBeNull();
      expect((await customerRow(t.db, id)).phone).toBeNull();
    }
  });

  it('refuses an address already registered, whatever its case, and keeps one account', async () => {
    const { email } = await registerCustomer(t.app);
    const before = await tableCounts(t.db);
    const res = await call(t.app, 'POST', 'register', {
      payload: { ...validRegistration(), firstName: 'Autre', email: ` ${email.toUpperCase()} ` },
    });
    const body = expectError(res, 409, 'Un compte existe déjà avec cet e-mail', 'EMAIL_TAKEN');
    expect(body.details).toEqual({ email: 'Un compte existe déjà avec cet e-mail' });
    expect(await tableCounts(t.db)).toEqual(before);
    const rows = await t.db.select().from(customers).where(eq(customers.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstName).toBe('Camille');
    expect(await mailsTo(t.db, email, 'account-created')).toHaveLength(1);
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['a missing first name', { firstName: undefined }, 'firstName', 'Prénom requis'],
    ['a blank first name', { firstName: '   ' }, 'firstName', 'Prénom requis'],
    ['a missing last name', { lastName: undefined }, 'lastName', 'Nom requis'],
    ['a blank last name', { lastName: ' ' }, 'lastName', 'Nom requis'],
    ['a missing e-mail', { email: undefined }, 'email', 'Email requis'],
    ['an empty e-mail', { email: '  ' }, 'email', 'Email requis'],
    ['a malformed e-mail', { email: 'camille.durand@exemple' }, 'email', 'Email invalide'],
    ['an e-mail with a space', { email: 'camille durand@exemple.fr' }, 'email', 'Email invalide'],
    ['a missing password', { password: undefined }, 'password', 'Mot de passe requis'],
    ['an empty password', { password: '' }, 'password', 'Mot de passe requis'],
    ['a 5-character password', { password: 'Pin3d' }, 'password', 'Minimum 6 caractères'],
    ['a phone with letters', { phone: '06 12 AB 56 78' }, 'phone', 'Format de téléphone invalide'],
    ['a phone with a dot', { phone: '06.12.34.56.78' }, 'phone', 'Format de téléphone invalide'],
  ];

  it.each(invalid)('refuses %s with its French message and writes nothing', async (_label, change, field, message) => {
    const before = await tableCounts(t.db);
    const res = await call(t.app, 'POST', 'register', { payload: { ...validRegistration(), ...change } });
    expectValidation(res, field, message);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it.each(['azerty123', 'AZERTY123', 'motdepasse'])(
    'refuses the common password %s and writes nothing',
    async (password) => {
      const before = await tableCounts(t.db);
      const res = await call(t.app, 'POST', 'register', { payload: { ...validRegistration(), password } });
      const body = expectError(res, 400, 'Ce mot de passe est trop courant, choisissez-en un autre', 'COMMON_PASSWORD');
      expect(body.details).toEqual({ password: 'Ce mot de passe est trop courant, choisissez-en un autre' });
      expect(await tableCounts(t.db)).toEqual(before);
    },
  );

  it('refuses another park named in establishment_id and writes nothing', async () => {
    const before = await tableCounts(t.db);
    const res = await call(t.app, 'POST', 'register', {
      payload: { ...validRegistration(), establishment_id: '00000000-0000-4000-8000-000000000000' },
    });
    expectError(res, 400, UNKNOWN_ESTABLISHMENT_TEXT, 'UNKNOWN_ESTABLISHMENT');
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('limits registrations per address: the 11th within an hour gets 429', async () => {
    const remoteAddress = nextAddress();
    // Refused bodies count too (and cost no hashing).
    for (let i = 0; i < 10; i += 1) {
      const res = await call(t.app, 'POST', 'register', {
        payload: { ...validRegistration(), email: '' },
        remoteAddress,
      });
      expect(res.statusCode).toBe(400);
    }
    const before = await tableCounts(t.db);
    const res = await call(t.app, 'POST', 'register', { payload: validRegistration(), remoteAddress });
    expectError(res, 429, TOO_MANY_REQUESTS, 'RATE_LIMITED');
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('POST /api/v1/customer-auth/login', () => {
  let account: Awaited<ReturnType<typeof registerCustomer>>;

  beforeAll(async () => {
    account = await registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' });
  });

  it('opens a new session with the right password, whatever the case of the address', async () => {
    const res = await call(t.app, 'POST', 'login', {
      payload: { email: ` ${account.email.toUpperCase()} `, password: PASSWORD, establishment_id: ESTABLISHMENT_ID },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('Hash');
    const body = authSessionResponse.strict().parse(res.json());
    expect(body.message).toBe('Connexion réussie');
    expect(body.token).not.toBe(account.token);
    expect(body.data.token).toBe(body.token);
    expect(body.data.userId).toBe(account.id);
    expect(body.customer).toMatchObject({
      _id: account.id,
      firstName: 'Léa',
      lastName: 'Martin',
      email: account.email,
      isTemporaryPassword: false,
    });
    // Both sessions are live.
    for (const token of [account.token, body.token]) {
      expect((await call(t.app, 'GET', 'verify', { token })).statusCode).toBe(200);
    }
  });

  it('answers the same 401 for a wrong password and an unknown address', async () => {
    const before = await tableCounts(t.db);
    const wrong = await login(t.app, account.email, 'Mauvais-Mot-2026');
    const unknown = await login(t.app, uniqueEmail('inconnu'), PASSWORD);
    const first = expectError(wrong, 401, 'Email ou mot de passe incorrect', 'INVALID_CREDENTIALS');
    const second = expectError(unknown, 401, 'Email ou mot de passe incorrect', 'INVALID_CREDENTIALS');
    expect(first).toEqual(second);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('requires the e-mail and the password', async () => {
    expectValidation(await call(t.app, 'POST', 'login', { payload: { password: PASSWORD } }), 'email', 'Email requis');
    expectValidation(
      await call(t.app, 'POST', 'login', { payload: { email: ' ', password: PASSWORD } }),
      'email',
      'Email requis',
    );
    expectValidation(
      await call(t.app, 'POST', 'login', { payload: { email: account.email } }),
      'password',
      'Mot de passe requis',
    );
    expectValidation(
      await call(t.app, 'POST', 'login', { payload: { email: account.email, password: '' } }),
      'password',
      'Mot de passe requis',
    );
  });

  it('refuses another park named in establishment_id', async () => {
    const res = await call(t.app, 'POST', 'login', {
      payload: { email: account.email, password: PASSWORD, establishment_id: 'autre-parc' },
    });
    expectError(res, 400, UNKNOWN_ESTABLISHMENT_TEXT, 'UNKNOWN_ESTABLISHMENT');
  });

  it('throttles an account after 10 failures: the 11th attempt is refused even with the right password', async () => {
    const target = await registerCustomer(t.app);
    for (let i = 0; i < 10; i += 1) {
      // A different address each time: only the per-account throttle can answer 429.
      expectError(await login(t.app, target.email, `Mauvais-${i}-essai`), 401, 'Email ou mot de passe incorrect');
    }
    const res = await login(t.app, target.email, target.password);
    expectError(res, 429, 'Trop de tentatives de connexion, veuillez patienter avant de réessayer', 'RATE_LIMITED');
    expect(res.body).not.toContain('"token"');
    // Other accounts are not affected.
    await loginOk(t.app, account.email, PASSWORD);
  });

  it('forgets the failures after a successful login', async () => {
    const target = await registerCustomer(t.app);
    for (let i = 0; i < 9; i += 1) {
      expectError(await login(t.app, target.email, `Mauvais-${i}-essai`), 401, 'Email ou mot de passe incorrect');
    }
    await loginOk(t.app, target.email, target.password);
    // The counter starts again: a new failure is a plain 401, not the throttle.
    expectError(await login(t.app, target.email, 'Mauvais-final'), 401, 'Email ou mot de passe incorrect');
    await loginOk(t.app, target.email, target.password);
  });

  it('limits logins per address: the 21st within a minute gets 429', async () => {
    const remoteAddress = nextAddress();
    for (let i = 0; i < 20; i += 1) {
      // Each attempt on its own address so that the per-account throttle is not the cause.
      const res = await login(t.app, uniqueEmail('rafale'), 'Mauvais-mot', remoteAddress);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expectError(await login(t.app, account.email, PASSWORD, remoteAddress), 429, TOO_MANY_REQUESTS, 'RATE_LIMITED');
    // Another address still gets in.
    await loginOk(t.app, account.email, PASSWORD);
  });
});

describe('GET /api/v1/customer-auth/verify and POST /refresh', () => {
  let account: Awaited<ReturnType<typeof registerCustomer>>;

  beforeAll(async () => {
    account = await registerCustomer(t.app, { firstName: 'Hugo', lastName: 'Petit', phone: null });
  });

  it('returns the current customer in data.customer', async () => {
    const res = await call(t.app, 'GET', 'verify', { token: account.token });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('Hash');
    expect(verifyResponse.strict().parse(res.json()).data.customer).toEqual({
      _id: account.id,
      firstName: 'Hugo',
      lastName: 'Petit',
      email: account.email,
      phone: null,
      status: 'active',
      createdAt: account.session.customer.createdAt,
      isTemporaryPassword: false,
    });
  });

  it('refresh returns the current customer', async () => {
    const res = await call(t.app, 'POST', 'refresh', { token: account.token });
    expect(res.statusCode).toBe(200);
    const body = customerResponse.strict().parse(res.json());
    expect(body.data.customer).toMatchObject({ _id: account.id, email: account.email, isTemporaryPassword: false });
  });

  it.each([
    ['no token', undefined],
    ['a garbage token', 'pas-un-jeton'],
    ['a token of the right shape that names no session', 'A'.repeat(43)],
    ['an overlong token', 'A'.repeat(500)],
  ])('answers 401 with %s', async (_label, token) => {
    expectUnauthenticated(await call(t.app, 'GET', 'verify', { token }));
    expectUnauthenticated(await call(t.app, 'POST', 'refresh', { token }));
  });

  it('answers 401 with a malformed authorization header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer-auth/verify',
      headers: { authorization: `Basic ${account.token}` },
    });
    expectUnauthenticated(res);
  });

  it('answers 401 with an expired session', async () => {
    const { token } = await loginOk(t.app, account.email, PASSWORD);
    expect((await call(t.app, 'GET', 'verify', { token })).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.customerId, account.id));
    expectUnauthenticated(await call(t.app, 'GET', 'verify', { token }));
    expectUnauthenticated(await call(t.app, 'GET', 'verify', { token: account.token }));
  });

  it('pushes the expiry back when the session is used again more than 5 minutes later', async () => {
    const { token } = await loginOk(t.app, account.email, PASSWORD);
    const mine = eq(sessions.tokenHash, tokenHash(token));
    const idleSince = new Date(Date.now() - 10 * 60_000);
    const soon = new Date(Date.now() + 60_000);
    await t.db.update(sessions).set({ lastUsedAt: idleSince, expiresAt: soon }).where(mine);
    expect((await call(t.app, 'GET', 'verify', { token })).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(mine);
    expect(row!.lastUsedAt.getTime()).toBeGreaterThan(idleSince.getTime());
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000);
  });
});

describe('POST /api/v1/customer-auth/logout', () => {
  it('revokes the session: the old token then gets 401 everywhere, other sessions live on', async () => {
    const account = await registerCustomer(t.app);
    const other = await loginOk(t.app, account.email, PASSWORD);

    const res = await call(t.app, 'POST', 'logout', { token: account.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Déconnexion réussie' });
    const [stored] = await t.db.select().from(sessions).where(eq(sessions.customerId, account.id));
    expect(stored).toBeDefined();

    const token = account.token;
    expectUnauthenticated(await call(t.app, 'GET', 'verify', { token }));
    expectUnauthenticated(await call(t.app, 'POST', 'refresh', { token }));
    expectUnauthenticated(
      await call(t.app, 'PUT', 'profile', { token, payload: { firstName: 'Pirate', lastName: 'Durand', phone: null } }),
    );
    expectUnauthenticated(
      await call(t.app, 'PUT', 'reset-password', {
        token,
        payload: { currentPassword: PASSWORD, newPassword: 'Nouveau-Sentier-77' },
      }),
    );
    expectUnauthenticated(await call(t.app, 'POST', 'logout', { token }));

    // Nothing was changed through the revoked token.
    const row = await customerRow(t.db, account.id);
    expect(row.firstName).toBe('Camille');
    await loginOk(t.app, account.email, PASSWORD);
    expect((await call(t.app, 'GET', 'verify', { token: other.token })).statusCode).toBe(200);
  });

  it('requires a session', async () => {
    expectUnauthenticated(await call(t.app, 'POST', 'logout'));
  });
});
