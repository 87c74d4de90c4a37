import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerResponse } from '../../src/shared/api/auth.schema';
import { verifyResponse } from '../../src/shared/api/customer.schema';
import { customers, sessions } from '../../src/server/db/schema';
import {
  PASSWORD,
  call,
  customerRow,
  expectError,
  expectUnauthenticated,
  expectValidation,
  login,
  loginOk,
  registerCustomer,
  uniqueEmail,
} from '../support/auth';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('PUT /api/v1/customer-auth/profile', () => {
  let account: Awaited<ReturnType<typeof registerCustomer>>;

  beforeAll(async () => {
    account = await registerCustomer(t.app, { firstName: 'Manon', lastName: 'Lefèvre', phone: '0612345678' });
  });

  function updateProfile(payload: Record<string, unknown>, token = account.token) {
    return call(t.app, 'PUT', 'profile', { token, payload });
  }

  it('updates the names and phone, trimmed, and ignores an e-mail in the body', async () => {
    const res = await updateProfile({
      firstName: '  Manon-Lou ',
      lastName: ' Lefèvre Duval  ',
      phone: ' +33 6 98 76 54 32 ',
      email: 'autre.adresse@exemple.fr',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('Hash');
    const body = customerResponse.strict().parse(res.json());
    expect(body.message).toBe('Profil mis à jour');
    expect(body.data.customer).toMatchObject({
      _id: account.id,
      firstName: 'Manon-Lou',
      lastName: 'Lefèvre Duval',
      // Stored normalised (docs/decisions.md, "Phone numbers").
      phone: '+33698765432',
      email: account.email,
      isTemporaryPassword: false,
    });

    const row = await customerRow(t.db, account.id);
    expect(row).toMatchObject({
      firstName: 'Manon-Lou',
      lastName: 'Lefèvre Duval',
      // Stored normalised (docs/decisions.md, "Phone numbers").
      phone: '+33698765432',
      email: account.email,
    });
    const verify = await call(t.app, 'GET', 'verify', { token: account.token });
    expect(verifyResponse.parse(verify.json()).data.customer.firstName).toBe('Manon-Lou');
    // The address that logs in is still the original one.
    await loginOk(t.app, account.email, PASSWORD);
    expect(await t.db.select().from(customers).where(eq(customers.email, 'autre.adresse@exemple.fr'))).toHaveLength(0);
  });

  it.each([null, ''])('removes the phone when given %j', async (phone) => {
    const res = await updateProfile({ firstName: 'Manon', lastName: 'Lefèvre', phone });
    expect(res.statusCode, res.body).toBe(200);
    expect(customerResponse.parse(res.json()).data.customer.phone).toBeNull();
    expect((await customerRow(t.db, account.id)).phone).toBeNull();
  });

  it.each([
    ['a missing first name', { firstName: undefined }, 'firstName', 'Le prénom est requis'],
    ['a blank first name', { firstName: '   ' }, 'firstName', 'Le prénom est requis'],
    ['a missing last name', { lastName: undefined }, 'lastName', 'Le nom est requis'],
    ['a blank last name', { lastName: '' }, 'lastName', 'Le nom est requis'],
    ['a phone with letters', { phone: 'appelez-moi' }, 'phone', 'Format de téléphone invalide'],
  ])('refuses %s with its French message and changes nothing', async (_label, change, field, message) => {
    const before = await customerRow(t.db, account.id);
    const res = await updateProfile({ firstName: 'Nouveau', lastName: 'Nom', phone: '0611223344', ...change });
    expectValidation(res, field, message);
    const after = await customerRow(t.db, account.id);
    expect(after).toEqual(before);
  });

  it('requires a session', async () => {
    expectUnauthenticated(
      await call(t.app, 'PUT', 'profile', { payload: { firstName: 'Manon', lastName: 'Lefèvre', phone: null } }),
    );
  });
});

describe('DELETE /api/v1/customer-auth/account', () => {
  it('refuses a wrong or missing password and changes nothing', async () => {
    const account = await registerCustomer(t.app);
    const before = await customerRow(t.db, account.id);

    const wrong = await call(t.app, 'DELETE', 'account', {
      token: account.token,
      payload: { password: 'Pas-Le-Bon-12' },
    });
    const body = expectError(wrong, 400, 'Mot de passe incorrect', 'WRONG_PASSWORD');
    expect(body.details).toEqual({ password: 'Mot de passe incorrect' });
    expectValidation(
      await call(t.app, 'DELETE', 'account', { token: account.token, payload: {} }),
      'password',
      'Mot de passe requis',
    );

    expect(await customerRow(t.db, account.id)).toEqual(before);
    expect((await call(t.app, 'GET', 'verify', { token: account.token })).statusCode).toBe(200);
  });

  it('requires a session', async () => {
    expectUnauthenticated(await call(t.app, 'DELETE', 'account', { payload: { password: PASSWORD } }));
  });

  it('erases the personal data, closes every session, and frees the address', async () => {
    const account = await registerCustomer(t.app, {
      firstName: 'Théo',
      lastName: 'Garnier',
      phone: '05 58 00 00 00',
      email: uniqueEmail('theo.garnier'),
    });
    const other = await loginOk(t.app, account.email, PASSWORD);

    const res = await call(t.app, 'DELETE', 'account', { token: account.token, payload: { password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Votre compte a été supprimé' });

    for (const token of [account.token, other.token]) {
      expectUnauthenticated(await call(t.app, 'GET', 'verify', { token }));
      expectUnauthenticated(await call(t.app, 'POST', 'refresh', { token }));
    }
    expectError(await login(t.app, account.email, PASSWORD), 401, 'Email ou mot de passe incorrect');

    const row = await customerRow(t.db, account.id);
    expect(row.status).toBe('deleted');
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.firstName).not.toBe('Théo');
    expect(row.lastName).not.toBe('Garnier');
    expect(row.email).not.toBe(account.email);
    expect(row.email).not.toContain('garnier');
    expect(row.phone).toBeNull();
    expect(row.passwordHash).toBeNull();
    expect(row.temporaryPasswordHash).toBeNull();
    expect(row.temporaryPasswordExpiresAt).toBeNull();
    const open = await t.db.select().from(sessions).where(eq(sessions.customerId, account.id));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);

    // The same address can open a new, separate account.
    const again = await registerCustomer(t.app, { email: account.email, firstName: 'Théo', lastName: 'Garnier' });
    expect(again.id).not.toBe(account.id);
    expect((await loginOk(t.app, account.email, PASSWORD)).customer._id).toBe(again.id);
  });

  it('finds no account marked deleted, even one that kept its address and password', async () => {
    const account = await registerCustomer(t.app);
    await t.db.update(customers).set({ status: 'deleted' }).where(eq(customers.id, account.id));
    expectError(await login(t.app, account.email, PASSWORD), 401, 'Email ou mot de passe incorrect');
    expectUnauthenticated(await call(t.app, 'GET', 'verify', { token: account.token }));
  });
});
