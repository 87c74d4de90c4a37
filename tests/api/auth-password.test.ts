import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerResponse, TEMPORARY_PASSWORD_CODE } from '../../src/shared/api/auth.schema';
import { verifyResponse } from '../../src/shared/api/customer.schema';
import { customers } from '../../src/server/db/schema';
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
  temporaryPasswordFor,
  uniqueEmail,
} from '../support/auth';
import { createTestApp, type TestApp } from '../support/test-app';

const NEW_PASSWORD = 'Boussole-Radeau-31';
const INVALID_CREDENTIALS = 'Email ou mot de passe incorrect';
const FORGOT_SENT =
  'Si un compte existe pour cette adresse, un mot de passe temporaire vient de lui être envoyé par e-mail.';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

function changePassword(token: string, payload: Record<string, unknown>) {
  return call(t.app, 'PUT', 'reset-password', { token, payload });
}

function forgotPassword(email: unknown, remoteAddress?: string) {
  return call(t.app, 'POST', 'forgot-password', { payload: { email }, remoteAddress });
}

describe('PUT /api/v1/customer-auth/reset-password', () => {
  let account: Awaited<ReturnType<typeof registerCustomer>>;

  beforeAll(async () => {
    account = await registerCustomer(t.app);
  });

  it.each([
    [
      'a missing current password',
      { newPassword: NEW_PASSWORD },
      'currentPassword',
      'Veuillez saisir votre mot de passe actuel',
    ],
    [
      'an empty current password',
      { currentPassword: '', newPassword: NEW_PASSWORD },
      'currentPassword',
      'Veuillez saisir votre mot de passe actuel',
    ],
    [
      'a missing new password',
      { currentPassword: PASSWORD },
      'newPassword',
      'Veuillez saisir votre nouveau mot de passe',
    ],
    [
      'an empty new password',
      { currentPassword: PASSWORD, newPassword: '' },
      'newPassword',
      'Veuillez saisir votre nouveau mot de passe',
    ],
    [
      'a 5-character new password',
      { currentPassword: PASSWORD, newPassword: 'Lac-1' },
      'newPassword',
      'Le nouveau mot de passe doit contenir au moins 6 caractères',
    ],
    [
      'a new password equal to the current one',
      { currentPassword: PASSWORD, newPassword: PASSWORD },
      'newPassword',
      // SPEC.md §5, as the schema spells it (straight apostrophe).
      "Le nouveau mot de passe doit être différent de l'ancien",
    ],
  ])('refuses %s with its French message', async (_label, payload, field, message) => {
    const before = await customerRow(t.db, account.id);
    expectValidation(await changePassword(account.token, payload), field, message);
    expect((await customerRow(t.db, account.id)).passwordHash).toBe(before.passwordHash);
  });

  it('refuses a wrong current password with 400, not 401, and keeps the session', async () => {
    const before = await customerRow(t.db, account.id);
    const res = await changePassword(account.token, { currentPassword: 'Pas-Le-Bon-12', newPassword: NEW_PASSWORD });
    const body = expectError(res, 400, 'Mot de passe actuel incorrect', 'WRONG_PASSWORD');
    expect(body.details).toEqual({ currentPassword: 'Mot de passe actuel incorrect' });
    expect((await customerRow(t.db, account.id)).passwordHash).toBe(before.passwordHash);
    expect((await call(t.app, 'GET', 'verify', { token: account.token })).statusCode).toBe(200);
  });

  it('refuses a common new password', async () => {
    const before = await customerRow(t.db, account.id);
    const res = await changePassword(account.token, { currentPassword: PASSWORD, newPassword: 'azerty123' });
    expectError(res, 400, 'Ce mot de passe est trop courant, choisissez-en un autre', 'COMMON_PASSWORD');
    expect((await customerRow(t.db, account.id)).passwordHash).toBe(before.passwordHash);
  });

  it('refuses guessable passwords no list named (zxcvbn-ts, French dictionary, azerty rows), and accepts a passphrase', async () => {
    const before = await customerRow(t.db, account.id);
    for (const newPassword of ['qsdfghjklm', 'Bonjour123', 'chocolat1']) {
      const res = await changePassword(account.token, { currentPassword: PASSWORD, newPassword });
      expectError(res, 400, 'Ce mot de passe est trop courant, choisissez-en un autre', 'COMMON_PASSWORD');
    }
    expect((await customerRow(t.db, account.id)).passwordHash).toBe(before.passwordHash);
  });

  it('requires a session', async () => {
    expectUnauthenticated(
      await call(t.app, 'PUT', 'reset-password', { payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } }),
    );
  });

  it('changes the password, closes the other sessions and keeps the current one', async () => {
    const customer = await registerCustomer(t.app, { firstName: 'Inès' });
    const other = await loginOk(t.app, customer.email, PASSWORD);
    const current = await loginOk(t.app, customer.email, PASSWORD);

    const res = await changePassword(current.token, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('argon2');
    const body = customerResponse.strict().parse(res.json());
    expect(body.message).toBe('Mot de passe modifié avec succès');
    expect(body.data.customer).toMatchObject({ _id: customer.id, isTemporaryPassword: false });

    expect((await call(t.app, 'GET', 'verify', { token: current.token })).statusCode).toBe(200);
    expectUnauthenticated(await call(t.app, 'GET', 'verify', { token: other.token }));
    expectUnauthenticated(await call(t.app, 'GET', 'verify', { token: customer.token }));

    const row = await customerRow(t.db, customer.id);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expectError(await login(t.app, customer.email, PASSWORD), 401, INVALID_CREDENTIALS);
    await loginOk(t.app, customer.email, NEW_PASSWORD);

    const mails = await mailsTo(t.db, customer.email, 'password-changed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Bonjour Inès,');
    expect(mails[0]!.text).not.toContain(NEW_PASSWORD);
    expect(mails[0]!.html).not.toContain(NEW_PASSWORD);
  });
});

describe('POST /api/v1/customer-auth/forgot-password', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const customer = await registerCustomer(t.app, { firstName: 'Zoé' });
    const unknownEmail = uniqueEmail('inconnu');
    const passwordHash = (await customerRow(t.db, customer.id)).passwordHash;

    const known = await forgotPassword(` ${customer.email.toUpperCase()} `);
    await t.settled();
    const before = await tableCounts(t.db);
    const unknown = await forgotPassword(unknownEmail);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, message: FORGOT_SENT });
    expect(unknown.body).toBe(known.body);

    expect(await tableCounts(t.db)).toEqual(before);
    expect(await mailsTo(t.db, unknownEmail, 'temporary-password')).toHaveLength(0);

    const { password, mail } = await temporaryPasswordFor(t, customer.email);
    expect(mail.text).toContain('Bonjour Zoé,');
    expect(mail.text).toMatch(/https?:\/\/\S+\/login/);
    expect(mail.html).toContain('/login');
    expect(mail.html).toContain(password);
    // Stored hashed, with a 24-hour expiry; the current password is untouched.
    const row = await customerRow(t.db, customer.id);
    expect(row.temporaryPasswordHash).toMatch(/^\$argon2id\$/);
    expect(row.temporaryPasswordHash).not.toContain(password);
    expect(row.temporaryPasswordExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect(row.temporaryPasswordExpiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    expect(row.passwordHash).toBe(passwordHash);
  });

  it.each([
    ['a missing e-mail', undefined, 'Veuillez saisir votre adresse email'],
    ['an empty e-mail', '  ', 'Veuillez saisir votre adresse email'],
    ['a malformed e-mail', 'zoe@exemple', 'Veuillez saisir une adresse email valide'],
    ['a non-address', 'zoe', 'Veuillez saisir une adresse email valide'],
  ])('refuses %s with its French message', async (_label, email, message) => {
    expectValidation(await forgotPassword(email), 'email', message);
  });

  describe('the temporary password', () => {
    let customer: Awaited<ReturnType<typeof registerCustomer>>;
    let temporary: string;
    let tempToken: string;

    beforeAll(async () => {
      customer = await registerCustomer(t.app, { firstName: 'Jules', lastName: 'Bernard' });
      expect((await forgotPassword(customer.email)).statusCode).toBe(200);
      temporary = (await temporaryPasswordFor(t, customer.email)).password;
    });

    it('leaves the current password working', async () => {
      await loginOk(t.app, customer.email, PASSWORD);
      // Logging in with the usual password does not spend the temporary one.
      expect((await customerRow(t.db, customer.id)).temporaryPasswordUsedAt).toBeNull();
    });

    it('opens a session flagged as temporary', async () => {
      const session = await loginOk(t.app, customer.email, temporary);
      expect(session.customer.isTemporaryPassword).toBe(true);
      expect(session.data.customer.isTemporaryPassword).toBe(true);
      tempToken = session.token;
    });

    it('works only once', async () => {
      expectError(await login(t.app, customer.email, temporary), 401, INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
    });

    it('gives a session that may verify but gets 403 TEMPORARY_PASSWORD elsewhere', async () => {
      const verify = await call(t.app, 'GET', 'verify', { token: tempToken });
      expect(verify.statusCode).toBe(200);
      expect(verifyResponse.parse(verify.json()).data.customer).toMatchObject({
        _id: customer.id,
        isTemporaryPassword: true,
      });
      const refresh = await call(t.app, 'POST', 'refresh', { token: tempToken });
      expect(refresh.statusCode).toBe(200);
      expect(customerResponse.parse(refresh.json()).data.customer.isTemporaryPassword).toBe(true);

      const message = 'Veuillez d’abord changer votre mot de passe temporaire';
      expectError(
        await call(t.app, 'PUT', 'profile', {
          token: tempToken,
          payload: { firstName: 'Pirate', lastName: 'Bernard', phone: null },
        }),
        403,
        message,
        TEMPORARY_PASSWORD_CODE,
      );
      expectError(
        await call(t.app, 'DELETE', 'account', { token: tempToken, payload: { password: temporary } }),
        403,
        message,
        TEMPORARY_PASSWORD_CODE,
      );
      const row = await customerRow(t.db, customer.id);
      expect(row.firstName).toBe('Jules');
      expect(row.status).toBe('active');
    });

    it('is the current password of that session for the change, which ends the restriction', async () => {
      const res = await changePassword(tempToken, { currentPassword: temporary, newPassword: NEW_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(customerResponse.parse(res.json()).data.customer.isTemporaryPassword).toBe(false);

      const verify = await call(t.app, 'GET', 'verify', { token: tempToken });
      expect(verifyResponse.parse(verify.json()).data.customer.isTemporaryPassword).toBe(false);
      const profile = await call(t.app, 'PUT', 'profile', {
        token: tempToken,
        payload: { firstName: 'Jules', lastName: 'Bernard-Roy', phone: null },
      });
      expect(profile.statusCode, profile.body).toBe(200);

      const row = await customerRow(t.db, customer.id);
      expect(row.temporaryPasswordHash).toBeNull();
      expect(row.temporaryPasswordExpiresAt).toBeNull();
      expectError(await login(t.app, customer.email, temporary), 401, INVALID_CREDENTIALS);
      expectError(await login(t.app, customer.email, PASSWORD), 401, INVALID_CREDENTIALS);
      await loginOk(t.app, customer.email, NEW_PASSWORD);
      expect(await mailsTo(t.db, customer.email, 'password-changed')).toHaveLength(1);
    });
  });

  it('refuses an expired temporary password', async () => {
    const customer = await registerCustomer(t.app);
    expect((await forgotPassword(customer.email)).statusCode).toBe(200);
    const { password } = await temporaryPasswordFor(t, customer.email);
    await t.db
      .update(customers)
      .set({ temporaryPasswordExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(customers.id, customer.id));
    expectError(await login(t.app, customer.email, password), 401, INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
    await loginOk(t.app, customer.email, PASSWORD);
  });

  it('a new request replaces the previous temporary password', async () => {
    const customer = await registerCustomer(t.app);
    expect((await forgotPassword(customer.email)).statusCode).toBe(200);
    const first = (await temporaryPasswordFor(t, customer.email)).password;
    expect((await forgotPassword(customer.email)).statusCode).toBe(200);
    await t.settled();
    const mails = await mailsTo(t.db, customer.email, 'temporary-password');
    expect(mails).toHaveLength(2);
    const second = (await temporaryPasswordFor(t, customer.email)).password;
    if (second !== first) expectError(await login(t.app, customer.email, first), 401, INVALID_CREDENTIALS);
    expect((await loginOk(t.app, customer.email, second)).customer.isTemporaryPassword).toBe(true);
  });

  it('limits requests per address: the 6th within 15 minutes gets 429', async () => {
    const remoteAddress = nextAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await forgotPassword(uniqueEmail('oubli'), remoteAddress)).statusCode).toBe(200);
    }
    const customer = await registerCustomer(t.app);
    const res = await forgotPassword(customer.email, remoteAddress);
    expectError(res, 429, 'Trop de requêtes, veuillez patienter', 'RATE_LIMITED');
    expect(await mailsTo(t.db, customer.email, 'temporary-password')).toHaveLength(0);
  });
});

describe('the current-password throttle counts only wrong passwords', () => {
  const TOO_MANY = 'Trop de tentatives avec un mot de passe incorrect, veuillez patienter avant de réessayer';
  const COMMON = 'Ce mot de passe est trop courant, choisissez-en un autre';
  const WRONG_CURRENT = 'Mot de passe actuel incorrect';

  it('never counts a right current password: five changes refused for a common new password, then a valid one passes', async () => {
    const customer = await registerCustomer(t.app);
    for (const newPassword of ['azerty123', 'azertyuiop', 'motdepasse', 'marseille', 'doudou']) {
      const res = await changePassword(customer.token, { currentPassword: PASSWORD, newPassword });
      const body = expectError(res, 400, COMMON, 'COMMON_PASSWORD');
      expect(body.details).toEqual({ newPassword: COMMON });
    }
    const res = await changePassword(customer.token, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(customerResponse.parse(res.json()).message).toBe('Mot de passe modifié avec succès');
    const deletion = await call(t.app, 'DELETE', 'account', {
      token: customer.token,
      payload: { password: NEW_PASSWORD },
    });
    expect(deletion.statusCode, deletion.body).toBe(200);
    expect(deletion.json()).toEqual({ success: true, message: 'Votre compte a été supprimé' });
  });

  it('checks the new password before counting: a common one is refused alike whatever the current password, and counts nothing', async () => {
    const customer = await registerCustomer(t.app);
    for (let i = 0; i < 8; i += 1) {
      const res = await changePassword(customer.token, {
        currentPassword: `Mauvais-${i}-essai`,
        newPassword: 'azerty123',
      });
      expectError(res, 400, COMMON, 'COMMON_PASSWORD');
    }
    const res = await changePassword(customer.token, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('forgets the wrong attempts once the right password is given, as a login does', async () => {
    const customer = await registerCustomer(t.app);
    const wrong = (i: number) =>
      changePassword(customer.token, { currentPassword: `Mauvais-${i}-essai`, newPassword: 'Nouveau-Sentier-77' });
    for (let i = 0; i < 4; i += 1) expectError(await wrong(i), 400, WRONG_CURRENT, 'WRONG_PASSWORD');
    const right = await changePassword(customer.token, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(right.statusCode, right.body).toBe(200);
    // A full budget again: five wrong ones are checked, the sixth attempt waits, right or wrong.
    for (let i = 0; i < 5; i += 1) expectError(await wrong(i), 400, WRONG_CURRENT, 'WRONG_PASSWORD');
    const locked = await changePassword(customer.token, {
      currentPassword: NEW_PASSWORD,
      newPassword: 'Boussole-Lune-58',
    });
    expectError(locked, 429, TOO_MANY, 'RATE_LIMITED');
    expectError(
      await call(t.app, 'DELETE', 'account', { token: customer.token, payload: { password: NEW_PASSWORD } }),
      429,
      TOO_MANY,
      'RATE_LIMITED',
    );
    expect((await customerRow(t.db, customer.id)).status).toBe('active');
  });

  it('lets a right password through the deletion after wrong ones, and counts the deletion’s wrong ones with the change’s', async () => {
    const customer = await registerCustomer(t.app);
    for (let i = 0; i < 3; i += 1) {
      expectError(
        await call(t.app, 'DELETE', 'account', { token: customer.token, payload: { password: `Mauvais-${i}-essai` } }),
        400,
        'Mot de passe incorrect',
        'WRONG_PASSWORD',
      );
    }
    for (let i = 0; i < 2; i += 1) {
      const res = await changePassword(customer.token, {
        currentPassword: `Faux-${i}-essai`,
        newPassword: NEW_PASSWORD,
      });
      expectError(res, 400, WRONG_CURRENT, 'WRONG_PASSWORD');
    }
    expectError(
      await call(t.app, 'DELETE', 'account', { token: customer.token, payload: { password: PASSWORD } }),
      429,
      TOO_MANY,
      'RATE_LIMITED',
    );
    const other = await registerCustomer(t.app);
    for (let i = 0; i < 4; i += 1) {
      await call(t.app, 'DELETE', 'account', { token: other.token, payload: { password: `Mauvais-${i}-essai` } });
    }
    const deletion = await call(t.app, 'DELETE', 'account', { token: other.token, payload: { password: PASSWORD } });
    expect(deletion.statusCode, deletion.body).toBe(200);
  });

  it('claims each attempt atomically: 20 parallel wrong current passwords give exactly 5 × 400 and 15 × 429', async () => {
    const customer = await registerCustomer(t.app);
    const before = await customerRow(t.db, customer.id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        changePassword(customer.token, { currentPassword: `Mauvais-${i}-essai`, newPassword: NEW_PASSWORD }),
      ),
    );
    const wrong = responses.filter((res) => res.statusCode === 400);
    const limited = responses.filter((res) => res.statusCode === 429);
    expect(wrong).toHaveLength(5);
    expect(limited).toHaveLength(15);
    for (const res of wrong) expectError(res, 400, WRONG_CURRENT, 'WRONG_PASSWORD');
    for (const res of limited) expectError(res, 429, TOO_MANY, 'RATE_LIMITED');
    expect((await customerRow(t.db, customer.id)).passwordHash).toBe(before.passwordHash);
    await loginOk(t.app, customer.email, PASSWORD);
  });
});

describe('two password changes at the same time', () => {
  it('applies one: the other session is refused as with a wrong current password, and only the winner’s password works', async () => {
    const customer = await registerCustomer(t.app, { firstName: 'Lou' });
    const a = await loginOk(t.app, customer.email, PASSWORD);
    const b = await loginOk(t.app, customer.email, PASSWORD);
    const passwords = { [a.token]: 'Sapin-Ocean-41', [b.token]: 'Brise-Fougere-63' };
    const [resA, resB] = await Promise.all(
      [a.token, b.token].map((token) =>
        changePassword(token, { currentPassword: PASSWORD, newPassword: passwords[token] }),
      ),
    );
    const ok = [resA!, resB!].filter((res) => res.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(customerResponse.parse(ok[0]!.json()).message).toBe('Mot de passe modifié avec succès');
    const [winner, loser] = resA!.statusCode === 200 ? [a, b] : [b, a];
    const refused = expectError(
      resA!.statusCode === 200 ? resB! : resA!,
      400,
      'Mot de passe actuel incorrect',
      'WRONG_PASSWORD',
    );
    expect(refused.details).toEqual({ currentPassword: 'Mot de passe actuel incorrect' });

    // The winner's change closed the other sessions, the loser's included; its own stays.
    expect((await call(t.app, 'GET', 'verify', { token: winner.token })).statusCode).toBe(200);
    expectUnauthenticated(await call(t.app, 'GET', 'verify', { token: loser.token }));
    expectUnauthenticated(await call(t.app, 'GET', 'verify', { token: customer.token }));
    expectError(await login(t.app, customer.email, passwords[loser.token]!), 401, INVALID_CREDENTIALS);
    expectError(await login(t.app, customer.email, PASSWORD), 401, INVALID_CREDENTIALS);
    await loginOk(t.app, customer.email, passwords[winner.token]!);
    expect(await mailsTo(t.db, customer.email, 'password-changed')).toHaveLength(1);
  });

  it('applies exactly one of four changes made at once from four sessions', async () => {
    const customer = await registerCustomer(t.app);
    const sessions = await Promise.all([0, 1, 2, 3].map(() => loginOk(t.app, customer.email, PASSWORD)));
    const newPasswords = ['Heron-Liane-11', 'Renard-Vague-22', 'Gland-Etoile-33', 'Velo-Mousse-44'];
    const responses = await Promise.all(
      sessions.map((session, i) =>
        changePassword(session.token, { currentPassword: PASSWORD, newPassword: newPasswords[i] }),
      ),
    );
    const statuses = responses.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const res of responses.filter((item) => item.statusCode !== 200)) {
      expectError(res, 400, 'Mot de passe actuel incorrect', 'WRONG_PASSWORD');
    }
    const winner = statuses.indexOf(200);
    for (const [i, password] of newPasswords.entries()) {
      if (i === winner) await loginOk(t.app, customer.email, password);
      else expectError(await login(t.app, customer.email, password), 401, INVALID_CREDENTIALS);
    }
  });
});
