import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  staffAccountResponse,
  staffAccountsResponse,
  staffMeResponse,
  staffSessionResponse,
  staffSetupStatusResponse,
} from '../../src/shared/api/staff.schema';
import { staffAccounts, staffSessions, staffSetupTokens } from '../../src/server/db/schema';
import { createStaffAccount, issueSetupTokenIfNoStaff } from '../../src/server/modules/staff/staff-auth.service';
import { tokenHash } from '../../src/server/modules/auth/passwords.public';
import {
  AUTH,
  bearer,
  expectError,
  expectUnauthenticated,
  expectValidation,
  nextAddress,
  registerCustomer,
} from '../support/auth';
import { createStaffWithSession } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Heron-Pinede-Equipe-7';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function login(email: string, password: string, remoteAddress = nextAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/staff/auth/login',
    payload: { email, password },
    remoteAddress,
  });
}

describe('first admin setup link', () => {
  it('is issued while no staff account exists, creates one admin once, then is refused', async () => {
    const token = await issueSetupTokenIfNoStaff(t.db);
    expect(token).toEqual(expect.any(String));
    // Only the hash is stored.
    const [stored] = await t.db.select().from(staffSetupTokens);
    expect(stored!.tokenHash).toBe(tokenHash(token!));
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);

    const status = await staffCall(t.app, 'GET', `/auth/setup/${token}`);
    expect(staffSetupStatusResponse.parse(status.json()).data.valid).toBe(true);

    const body = {
      token: token!,
      email: 'Directrice@Parc-Aventure-Landes.fr',
      firstName: 'Inès',
      lastName: 'Lafitte',
      password: PASSWORD,
    };
    const weak = await staffCall(t.app, 'POST', '/auth/setup', undefined, { ...body, password: 'azerty' });
    expectError(weak, 400, 'Ce mot de passe est trop courant, choisissez-en un autre');

    const created = await staffCall(t.app, 'POST', '/auth/setup', undefined, body);
    expect(created.statusCode, created.body).toBe(201);
    const session = staffSessionResponse.parse(created.json());
    expect(session.message).toBe('Compte administrateur créé');
    expect(session.data.staff).toMatchObject({
      email: 'directrice@parc-aventure-landes.fr',
      role: 'admin',
      firstName: 'Inès',
    });

    const again = await staffCall(t.app, 'POST', '/auth/setup', undefined, { ...body, email: 'autre@parc.fr' });
    expectError(again, 409, 'Un compte du personnel existe déjà : connectez-vous');
    const [{ n }] = (await t.db.select({ n: count() }).from(staffAccounts)) as [{ n: number }];
    expect(n).toBe(1);
    // No new link once the team has an account.
    expect(await issueSetupTokenIfNoStaff(t.db)).toBeNull();
    const closed = await staffCall(t.app, 'GET', `/auth/setup/${token}`);
    expect(staffSetupStatusResponse.parse(closed.json()).data.valid).toBe(false);
  });
});

describe('first admin setup links of several starts', () => {
  const SETUP_CLOSED = 'Un compte du personnel existe déjà : connectez-vous';

  function setupBody(token: string, email: string) {
    return { token, email, firstName: 'Inès', lastName: 'Lafitte', password: PASSWORD };
  }

  async function setupValid(app: TestApp['app'], token: string) {
    const status = await staffCall(app, 'GET', `/auth/setup/${token}`);
    return staffSetupStatusResponse.parse(status.json()).data.valid;
  }

  it('keeps the link an earlier start printed usable, then refuses the later one', async () => {
    const fresh = await createTestApp();
    try {
      // Two starts (two servers on one database, or a restart) print two links.
      const first = (await issueSetupTokenIfNoStaff(fresh.db))!;
      const second = (await issueSetupTokenIfNoStaff(fresh.db))!;
      expect(first).not.toBe(second);
      expect(await setupValid(fresh.app, first)).toBe(true);
      expect(await setupValid(fresh.app, second)).toBe(true);

      const created = await staffCall(
        fresh.app,
        'POST',
        '/auth/setup',
        undefined,
        setupBody(first, 'direction@parc-aventure-landes.fr'),
      );
      expect(created.statusCode, created.body).toBe(201);
      expect(staffSessionResponse.parse(created.json()).message).toBe('Compte administrateur créé');
      const admins = await fresh.db.select().from(staffAccounts);
      expect(admins).toMatchObject([{ email: 'direction@parc-aventure-landes.fr', role: 'admin' }]);

      const later = await staffCall(
        fresh.app,
        'POST',
        '/auth/setup',
        undefined,
        setupBody(second, 'autre@parc-aventure-landes.fr'),
      );
      expectError(later, 409, SETUP_CLOSED, 'SETUP_CLOSED');
      expect(await setupValid(fresh.app, second)).toBe(false);
      // The unused link is voided: only the one that created the admin is kept (used).
      const stored = await fresh.db.select().from(staffSetupTokens);
      expect(stored).toMatchObject([{ tokenHash: tokenHash(first), usedAt: expect.any(Date) }]);
      expect(await fresh.db.select().from(staffAccounts)).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('creates exactly one admin when several valid links are used at once', async () => {
    const fresh = await createTestApp();
    try {
      const tokens: string[] = [];
      for (let start = 0; start < 4; start += 1) tokens.push((await issueSetupTokenIfNoStaff(fresh.db))!);
      for (const token of tokens) expect(await setupValid(fresh.app, token)).toBe(true);

      const answers = await Promise.all(
        tokens.map((token, i) =>
          staffCall(fresh.app, 'POST', '/auth/setup', undefined, setupBody(token, `admin${i}@parc-aventure-landes.fr`)),
        ),
      );
      const created = answers.filter((res) => res.statusCode === 201);
      expect(created, answers.map((res) => res.body).join('\n')).toHaveLength(1);
      for (const res of answers.filter((res) => res.statusCode !== 201)) {
        expectError(res, 409, SETUP_CLOSED, 'SETUP_CLOSED');
      }
      const admins = await fresh.db.select().from(staffAccounts);
      expect(admins).toHaveLength(1);
      expect(admins[0]).toMatchObject({
        role: 'admin',
        email: staffSessionResponse.parse(created[0]!.json()).data.staff.email,
      });
      for (const token of tokens) expect(await setupValid(fresh.app, token)).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});

describe('staff login, me, logout', () => {
  let email: string;

  beforeAll(async () => {
    const row = await createStaffAccount(t.db, {
      email: 'camille.equipe@parc-aventure-landes.fr',
      firstName: 'Camille',
      lastName: 'Dupuy',
      role: 'staff',
      password: PASSWORD,
    });
    email = row.email;
  });

  it('logs in with data.token and data.staff, answers me, and logs out for good', async () => {
    const res = await login('  Camille.Equipe@parc-aventure-landes.fr ', PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    const session = staffSessionResponse.strict().parse(res.json());
    expect(session.message).toBe('Connexion réussie');
    expect(session.data.staff).toMatchObject({
      email,
      role: 'staff',
      firstName: 'Camille',
      lastName: 'Dupuy',
      status: 'active',
    });
    expect(res.body).not.toContain('passwordHash');

    const me = await staffCall(t.app, 'GET', '/auth/me', session.data.token);
    expect(me.statusCode, me.body).toBe(200);
    expect(staffMeResponse.strict().parse(me.json()).data.staff.email).toBe(email);

    const out = await staffCall(t.app, 'POST', '/auth/logout', session.data.token);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'Déconnexion réussie' });
    expectUnauthenticated(await staffCall(t.app, 'GET', '/auth/me', session.data.token));
    const [row] = await t.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, tokenHash(session.data.token)));
    expect(row!.revokedAt).not.toBeNull();
  });

  it('refuses a wrong password or an unknown address with the same message', async () => {
    expectError(
      await login(email, 'Mauvais-mot-de-passe-1'),
      401,
      'Email ou mot de passe incorrect',
      'INVALID_CREDENTIALS',
    );
    expectError(
      await login('personne@parc.fr', PASSWORD),
      401,
      'Email ou mot de passe incorrect',
      'INVALID_CREDENTIALS',
    );
    expectValidation(await login('', PASSWORD), 'email', 'Email requis');
  });

  it('throttles an account after 10 failures, whatever the address', async () => {
    await createStaffAccount(t.db, {
      email: 'cible@parc.fr',
      firstName: 'A',
      lastName: 'B',
      role: 'staff',
      password: PASSWORD,
    });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expectError(await login('cible@parc.fr', `faux-${attempt}-Mot`), 401, 'Email ou mot de passe incorrect');
    }
    expectError(
      await login('cible@parc.fr', PASSWORD),
      429,
      'Trop de tentatives de connexion, veuillez patienter avant de réessayer',
    );
  });

  it('keeps customer and staff tokens apart', async () => {
    const customer = await registerCustomer(t.app);
    expectUnauthenticated(await staffCall(t.app, 'GET', '/auth/me', customer.token));
    const res = await login(email, PASSWORD);
    const staffToken = staffSessionResponse.parse(res.json()).data.token;
    const verify = await t.app.inject({
      method: 'GET',
      url: `${AUTH}/verify`,
      headers: bearer(staffToken),
      remoteAddress: nextAddress(),
    });
    expectUnauthenticated(verify);
  });

  it('refuses a disabled account', async () => {
    await createStaffAccount(t.db, {
      email: 'parti@parc.fr',
      firstName: 'A',
      lastName: 'B',
      role: 'staff',
      password: PASSWORD,
    });
    await t.db.update(staffAccounts).set({ status: 'disabled' }).where(eq(staffAccounts.email, 'parti@parc.fr'));
    expectError(await login('parti@parc.fr', PASSWORD), 401, 'Email ou mot de passe incorrect');
  });

  it('pushes the expiry back when the session is used again more than 5 minutes later', async () => {
    const staff = await createStaffWithSession(t.db);
    const mine = eq(staffSessions.tokenHash, tokenHash(staff.token));
    const idleSince = new Date(Date.now() - 10 * 60_000);
    const soon = new Date(Date.now() + 60_000);
    await t.db.update(staffSessions).set({ lastUsedAt: idleSince, expiresAt: soon }).where(mine);
    expect((await staffCall(t.app, 'GET', '/auth/me', staff.token)).statusCode).toBe(200);
    const [row] = await t.db.select().from(staffSessions).where(mine);
    expect(row!.lastUsedAt.getTime()).toBeGreaterThan(idleSince.getTime());
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000);
  });
});

describe('staff accounts (admin)', () => {
  it('an admin creates a member who can log in; an address is used once', async () => {
    const admin = await createStaffWithSession(t.db, 'admin');
    const body = {
      email: 'Nouvelle@Parc.fr',
      firstName: 'Nina',
      lastName: 'Laborde',
      role: 'staff',
      password: PASSWORD,
    };
    const res = await staffCall(t.app, 'POST', '/accounts', admin.token, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(staffAccountResponse.strict().parse(res.json())).toMatchObject({
      message: 'Compte du personnel créé',
      data: { email: 'nouvelle@parc.fr', role: 'staff', status: 'active' },
    });
    expect((await login('nouvelle@parc.fr', PASSWORD)).statusCode).toBe(200);
    expectError(
      await staffCall(t.app, 'POST', '/accounts', admin.token, body),
      409,
      'Un compte du personnel existe déjà avec cet e-mail',
    );
    expectValidation(
      await staffCall(t.app, 'POST', '/accounts', admin.token, { ...body, email: 'x@y.fr', role: 'chef' }),
      'role',
      'Rôle invalide',
    );
    const list = staffAccountsResponse.parse((await staffCall(t.app, 'GET', '/accounts', admin.token)).json()).data;
    expect(list.map((member) => member.email)).toContain('nouvelle@parc.fr');
  });

  it('disabling an account closes its sessions; the last active admin and one’s own account are kept', async () => {
    // Only two active admins in a fresh park: the first one and this one.
    const fresh = await createTestApp();
    try {
      const [first, second, member] = await Promise.all([
        createStaffWithSession(fresh.db, 'admin'),
        createStaffWithSession(fresh.db, 'admin'),
        createStaffWithSession(fresh.db, 'staff'),
      ]);
      const put = (token: string, id: string, payload: unknown) =>
        staffCall(fresh.app, 'PUT', `/accounts/${id}`, token, payload);
      expectError(
        await put(first.token, first.id, { status: 'disabled' }),
        409,
        'Vous ne pouvez pas désactiver votre propre compte',
      );
      const off = await put(first.token, member.id, { status: 'disabled' });
      expect(off.statusCode, off.body).toBe(200);
      expect(staffAccountResponse.parse(off.json())).toMatchObject({
        message: 'Compte du personnel mis à jour',
        data: { status: 'disabled' },
      });
      expectUnauthenticated(await staffCall(fresh.app, 'GET', '/auth/me', member.token));
      const demoted = await put(first.token, second.id, { role: 'staff' });
      expect(demoted.statusCode, demoted.body).toBe(200);
      // `first` is now the only active admin.
      expectError(
        await put(first.token, first.id, { role: 'staff' }),
        409,
        'Il doit rester au moins un administrateur actif',
      );
      expectError(
        await put(first.token, '4a1d2f7c-0000-4000-8000-000000000000', { role: 'staff' }),
        404,
        'Compte du personnel non trouvé',
      );
    } finally {
      await fresh.close();
    }
  });
});
