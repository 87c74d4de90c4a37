import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, outbox, rateLimits } from '../../src/server/db/schema';
import { MASKED_SECRET, purgeSentMails } from '../../src/server/modules/mail/mailer.public';
import { purgeExpiredRateLimits } from '../../src/server/plugins/rate-limit-store';
import {
  call,
  customerRow,
  expectError,
  login,
  loginOk,
  mailsTo,
  PASSWORD,
  registerCustomer,
  tableCounts,
  temporaryPasswordFor,
  uniqueEmail,
} from '../support/auth';
import { catalogueBySlug } from '../support/booking-requests';
import { cb, createBooking } from '../support/customer-bookings';
import { createLink, expectNothingWritten, INVITE_MSG, join } from '../support/invitations';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const forgot = (email: string) => call(t.app, 'POST', 'forgot-password', { payload: { email } });

describe('temporary passwords in the outbox', () => {
  it('stores the mail with the password masked, while the recipient gets it in clear', async () => {
    const customer = await registerCustomer(t.app);
    expect((await forgot(customer.email)).statusCode).toBe(200);
    const { password, mail, stored } = await temporaryPasswordFor(t, customer.email);
    expect(mail.text).toContain(password);
    expect(stored.text).not.toContain(password);
    expect(stored.html).not.toContain(password);
    expect(stored.text).toContain(`Voici votre mot de passe temporaire : ${MASKED_SECRET}`);
    // The masked outbox row is still a working mail: the person logs in with what they received.
    expect((await loginOk(t.app, customer.email, password)).customer.isTemporaryPassword).toBe(true);
  });

  it('the temporary-password mail carries no login token: none is stored, and the login-link call is gone', async () => {
    const customer = await registerCustomer(t.app);
    expect((await forgot(customer.email)).statusCode).toBe(200);
    const { mail } = await temporaryPasswordFor(t, customer.email);
    // One credential, the password (docs/decisions.md, "E-mail"): a plain link to the login page.
    const link = new URL(/https?:\/\/\S+\/login\S*/.exec(mail.text)![0]);
    expect(link.search).toBe('');
    const row = await customerRow(t.db, customer.id);
    expect(row.temporaryLoginTokenHash).toBeNull();
    // No mail issues a login-link token: the call is gone.
    const useLink = await call(t.app, 'POST', 'login-link', {
      payload: { email: customer.email, token: 'x'.repeat(43) },
    });
    expect(useLink.statusCode).toBe(404);
  });

  it('purges sent mails after the 30-day retention period and keeps the recent ones', async () => {
    const old = uniqueEmail('ancien');
    const recent = uniqueEmail('recent');
    const mail = { template: 'test', subject: 'Sujet', text: 'Texte', html: '<p>Texte</p>' };
    await t.db.insert(outbox).values([
      { ...mail, to: old, createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) },
      { ...mail, to: recent, createdAt: new Date(Date.now() - 29 * 24 * 60 * 60 * 1000) },
    ]);
    expect(await purgeSentMails(t.db)).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(t.db, old, 'test')).toHaveLength(0);
    expect(await mailsTo(t.db, recent, 'test')).toHaveLength(1);
  });
});

describe('forgot-password', () => {
  it('sends one account at most 3 mails an hour, whatever the number of addresses asking, with the same answer', async () => {
    const customer = await registerCustomer(t.app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => forgot(customer.email)));
    expect(new Set(answers.map((res) => `${res.statusCode} ${res.body}`)).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(200);
    await t.settled();
    expect(await mailsTo(t.db, customer.email, 'temporary-password')).toHaveLength(3);
  });

  it('answers before the password is hashed and mailed, so a known address takes no longer than an unknown one', async () => {
    const customer = await registerCustomer(t.app);
    const res = await forgot(customer.email);
    expect(res.statusCode).toBe(200);
    // Nothing of the work is visible yet when the answer is there; it all lands just after.
    expect((await customerRow(t.db, customer.id)).temporaryPasswordHash).toBeNull();
    await t.settled();
    expect((await customerRow(t.db, customer.id)).temporaryPasswordHash).toMatch(/^\$argon2id\$/);
  });
});

function expectWeak(res: Parameters<typeof expectError>[0], field: string, message: string) {
  const body = expectError(res, 400, message, 'WEAK_PASSWORD');
  expect(body.details?.[field]).toBe(message);
}

describe('weak passwords and addresses', () => {
  it.each([
    ['      ', 'Le mot de passe ne peut pas être composé uniquement d’espaces'],
    ['aaaaaaaa', 'Le mot de passe ne peut pas être un seul caractère répété'],
    ['77777777', 'Le mot de passe ne peut pas être un seul caractère répété'],
  ])('refuses %j at registration', async (password, message) => {
    const res = await call(t.app, 'POST', 'register', {
      payload: { firstName: 'Léa', lastName: 'Roux', email: uniqueEmail(), password, phone: null },
    });
    expectWeak(res, 'password', message);
  });

  it('refuses the e-mail address as password, at registration and at a change', async () => {
    const email = uniqueEmail('lea.roux');
    const res = await call(t.app, 'POST', 'register', {
      payload: { firstName: 'Léa', lastName: 'Roux', email, password: email.toUpperCase(), phone: null },
    });
    expectWeak(res, 'password', 'Le mot de passe ne peut pas être votre adresse e-mail');
    const customer = await registerCustomer(t.app);
    const change = await call(t.app, 'PUT', 'reset-password', {
      token: customer.token,
      payload: { currentPassword: customer.password, newPassword: customer.email },
    });
    expectWeak(change, 'newPassword', 'Le mot de passe ne peut pas être votre adresse e-mail');
  });

  it('treats a trailing dot in the domain as the same address', async () => {
    const email = uniqueEmail('point');
    const customer = await registerCustomer(t.app, { email: `${email}.` });
    expect((await customerRow(t.db, customer.id)).email).toBe(email);
    await loginOk(t.app, email, PASSWORD);
    await loginOk(t.app, `${email.toUpperCase()}.`, PASSWORD);
    const twice = await call(t.app, 'POST', 'register', {
      payload: { firstName: 'A', lastName: 'B', email, password: PASSWORD, phone: null },
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('rate-limit counters', () => {
  it('purges the counters whose window is over and keeps the running ones', async () => {
    await t.db.insert(rateLimits).values([
      { key: 'test:expire', count: 3, resetAt: new Date(Date.now() - 1000) },
      { key: 'test:live', count: 3, resetAt: new Date(Date.now() + 60_000) },
    ]);
    expect(await purgeExpiredRateLimits(t.db)).toBeGreaterThanOrEqual(1);
    const keys = (await t.db.execute<{ key: string }>(
      sql`select key from rate_limits where key like 'test:%'`,
    )) as unknown;
    const rows = Array.isArray(keys) ? keys : (keys as { rows: { key: string }[] }).rows;
    expect(rows.map((row: { key: string }) => row.key)).toEqual(['test:live']);
  });
});

describe('login timing', () => {
  it('logs in with the right password when a temporary password is pending, and refuses the wrong one', async () => {
    const customer = await registerCustomer(t.app);
    await forgot(customer.email);
    await t.settled();
    expect((await login(t.app, customer.email, 'Mauvais-essai')).statusCode).toBe(401);
    expect((await loginOk(t.app, customer.email, customer.password)).customer.isTemporaryPassword).toBe(false);
  });
});

describe('one normalisation of e-mail addresses (trim, case, Unicode NFC, trailing dots), the pattern checked after it', () => {
  const register = (email: string, password = PASSWORD) =>
    call(t.app, 'POST', 'register', {
      payload: { firstName: 'Élise', lastName: 'Roux', email, password, phone: null },
    });

  it.each(['tld9004@exemple..', 'lea@exemple.', 'lea@exemple...', ' LEA@EXEMPLE.. '])(
    'refuses %j at registration, which would be stored without a top-level domain, and stores nothing',
    async (email) => {
      const before = await tableCounts(t.db);
      const res = await register(email);
      const body = expectError(res, 400, 'Email invalide', 'VALIDATION_ERROR');
      expect(body.details).toEqual({ email: 'Email invalide' });
      expect(await tableCounts(t.db)).toEqual(before);
    },
  );

  it('refuses such an address at forgot-password and in a personal invitation, with their own messages', async () => {
    const forgotRes = await forgot('zoe@exemple..');
    expect(forgotRes.statusCode).toBe(400);
    expect(forgotRes.json()).toMatchObject({
      error: 'Veuillez saisir une adresse email valide',
      details: { email: 'Veuillez saisir une adresse email valide' },
    });
    const organizer = await registerCustomer(t.app);
    const catalogue = await catalogueBySlug(t.db);
    const booking = await createBooking(t.app, organizer, { lines: [{ item: catalogue.get('parcours-aventure')! }] });
    const invite = await cb(t.app, 'POST', `/${booking._id}/participants`, organizer.token, {
      firstName: 'Zoé',
      lastName: 'Roux',
      email: 'zoe@exemple..',
    });
    expectError(invite, 400, "Format d'email invalide", 'VALIDATION_ERROR');
  });

  it('gives one account to 50 parallel registrations of one address in NFC, NFD, upper and lower case', async () => {
    const address = uniqueEmail('élise').normalize('NFC');
    const nfd = address.normalize('NFD');
    expect(nfd).not.toBe(address);
    const variants = [address, nfd, address.toUpperCase(), nfd.toUpperCase(), ` ${nfd} `, `${address.toUpperCase()}.`];
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => register(variants[i % variants.length]!)));
    const created = responses.filter((res) => res.statusCode === 201);
    expect(created).toHaveLength(1);
    for (const res of responses.filter((item) => item.statusCode !== 201)) {
      const body = expectError(res, 409, 'Un compte existe déjà avec cet e-mail', 'EMAIL_TAKEN');
      expect(body.details).toEqual({ email: 'Un compte existe déjà avec cet e-mail' });
    }
    const id = created[0]!.json().customer._id as string;
    expect(await t.db.select().from(customers).where(eq(customers.email, nfd))).toHaveLength(0);
    const rows = await t.db.select().from(customers).where(eq(customers.email, address));
    expect(rows.map((row) => row.id)).toEqual([id]);

    // Login, forgot-password and invitations find the same account whatever the form typed.
    for (const typed of [nfd.toUpperCase(), address, ` ${nfd}.`]) {
      expect((await loginOk(t.app, typed, PASSWORD)).customer._id).toBe(id);
    }
    expect((await forgot(nfd.toUpperCase())).statusCode).toBe(200);
    const { mail } = await temporaryPasswordFor(t, address);
    expect(mail.to).toBe(address);

    const organizer = await registerCustomer(t.app);
    const catalogue = await catalogueBySlug(t.db);
    const booking = await createBooking(t.app, organizer, { lines: [{ item: catalogue.get('parcours-aventure')! }] });
    const link = await createLink(t.app, organizer.token, booking._id);
    await expectNothingWritten(t.db, async () => {
      const res = await join(t.app, link.token, {
        firstName: 'Élise',
        lastName: 'Roux',
        email: nfd.toUpperCase(),
        password: 'Heron-Resine-48',
        confirmPassword: 'Heron-Resine-48',
      });
      expectError(res, 409, INVITE_MSG.loginFirst, 'ACCOUNT_EXISTS');
    });
  });
});
