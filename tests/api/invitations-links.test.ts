import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteLinkListResponse, inviteLinkResponse } from '../../src/shared/api/invitation.schema';
import { addIsoDays, todayInParis } from '../../src/shared/booking-days';
import { inviteLinks, outbox } from '../../src/server/db/schema';
import {
  expectError,
  expectUnauthenticated,
  expectValidation,
  registerCustomer,
  uniqueEmail,
  type RegisteredCustomer,
} from '../support/auth';
import { catalogueBySlug, type CatalogueRow } from '../support/booking-requests';
import {
  addParticipant,
  cb,
  createBooking,
  joinAsParticipant,
  MSG,
  personalInviteToken,
  setBookingState,
} from '../support/customer-bookings';
import {
  createLink,
  expectNothingWritten,
  getInvitation,
  INVITE_MSG,
  join,
  linkRow,
  participantsOfBooking,
  setLink,
} from '../support/invitations';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let organizer: RegisteredCustomer;
let participant: RegisteredCustomer;
let stranger: RegisteredCustomer;
let catalogue: CatalogueRow;
let bookingId: string;

async function newBooking(participants = 10) {
  const created = await createBooking(t.app, organizer, { participants, lines: [{ item: catalogue }] });
  return created._id;
}

beforeAll(async () => {
  t = await createTestApp();
  [organizer, participant, stranger] = await Promise.all([
    registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' }),
    registerCustomer(t.app, { firstName: 'Jules', lastName: 'Bernard' }),
    registerCustomer(t.app, { firstName: 'Inès', lastName: 'Moreau' }),
  ]);
  catalogue = (await catalogueBySlug(t.db)).get('parcours-aventure')!;
  bookingId = await newBooking();
  await joinAsParticipant(t.app, t.db, organizer.token, bookingId, participant);
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/v1/customer-booking-requests/{id}/invite-links', () => {
  it('creates an unlimited link without body: a 22-character token of 128 random bits, its URL, status active', async () => {
    const link = await createLink(t.app, organizer.token, bookingId);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(16);
    expect(link).toMatchObject({
      isActive: true,
      maxUses: null,
      usedCount: 0,
      remainingUses: null,
      expiresAt: null,
      status: 'active',
      participants: [],
      createdBy: { firstName: 'Léa', lastName: 'Martin' },
    });
    expect(link.url).toMatch(new RegExp(`^https?://[^/]+/invitation/${link.token}$`));
    const row = await linkRow(t.db, link._id);
    expect(row).toMatchObject({ bookingId, kind: 'link', token: link.token, createdByCustomerId: organizer.id });

    // Two links never share a token.
    const other = await createLink(t.app, organizer.token, bookingId);
    expect(other.token).not.toBe(link.token);
  });

  it('stores each maximum offered (1, 3, 5, 10) and an expiry day, which lasts until the end of that day in Paris', async () => {
    for (const maxUses of [1, 3, 5, 10]) {
      const link = await createLink(t.app, organizer.token, bookingId, { maxUses });
      expect(link).toMatchObject({ maxUses, remainingUses: maxUses, status: 'active' });
    }
    const today = todayInParis();
    const link = await createLink(t.app, organizer.token, bookingId, { maxUses: 3, expiresAt: today });
    const expiresAt = new Date(link.expiresAt!);
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now());
    // 23:59:59.999 in Paris is 21:59 or 22:59 UTC.
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(expiresAt)).toBe(today);
    expect(new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', timeStyle: 'medium' }).format(expiresAt)).toBe(
      '23:59:59',
    );
    const instant = new Date(Date.now() + 3_600_000).toISOString();
    expect((await createLink(t.app, organizer.token, bookingId, { expiresAt: instant })).expiresAt).toBe(instant);
  });

  it('refuses another maximum or an expiry in the past with the French message, and stores nothing', async () => {
    const yesterday = addIsoDays(todayInParis(), -1);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ maxUses: 2 }, 'maxUses', INVITE_MSG.maxUses],
      [{ maxUses: 0 }, 'maxUses', INVITE_MSG.maxUses],
      [{ maxUses: 11 }, 'maxUses', INVITE_MSG.maxUses],
      [{ maxUses: -3 }, 'maxUses', INVITE_MSG.maxUses],
      [{ maxUses: 3.5 }, 'maxUses', INVITE_MSG.maxUses],
      [{ maxUses: 'trois' }, 'maxUses', INVITE_MSG.maxUses],
      [{ expiresAt: yesterday }, 'expiresAt', INVITE_MSG.expiresAtPast],
      [{ expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'expiresAt', INVITE_MSG.expiresAtPast],
      [{ expiresAt: 'demain' }, 'expiresAt', INVITE_MSG.expiresAtInvalid],
      [{ expiresAt: '2027-02-30' }, 'expiresAt', INVITE_MSG.expiresAtInvalid],
      [{ expiresAt: 12 }, 'expiresAt', INVITE_MSG.expiresAtInvalid],
    ];
    await expectNothingWritten(t.db, async () => {
      for (const [payload, field, message] of cases) {
        expectValidation(
          await cb(t.app, 'POST', `/${bookingId}/invite-links`, organizer.token, payload),
          field,
          message,
        );
      }
    });
  });

  it('no new link once the organizer validated the request (SPEC.md §4); the list and revocation still work', async () => {
    const id = await newBooking();
    const link = await createLink(t.app, organizer.token, id);
    await setBookingState(t.db, id, { clientValidation: 'validated' });
    await expectNothingWritten(t.db, async () => {
      expectError(await cb(t.app, 'POST', `/${id}/invite-links`, organizer.token, {}), 403, INVITE_MSG.linksLocked);
    });
    const list = inviteLinkListResponse.parse((await cb(t.app, 'GET', `/${id}/invite-links`, organizer.token)).json());
    expect(list.data.map((row) => row._id)).toEqual([link._id]);
    const revoke = await cb(t.app, 'DELETE', `/${id}/invite-links/${link._id}`, organizer.token);
    expect(revoke.statusCode, revoke.body).toBe(200);
  });

  it('a draft the organizer canceled is told canceled, not validated: no link, no change to the list', async () => {
    const id = await newBooking();
    const canceled = await cb(t.app, 'POST', `/${id}/cancel`, organizer.token);
    expect(canceled.statusCode, canceled.body).toBe(200);
    await expectNothingWritten(t.db, async () => {
      expectError(
        await cb(t.app, 'POST', `/${id}/invite-links`, organizer.token, {}),
        403,
        "Cette demande est annulée ou terminée : il n'est plus possible de créer de lien d'invitation",
        'LINKS_LOCKED',
      );
      expectError(
        await cb(t.app, 'POST', `/${id}/participants`, organizer.token, {
          firstName: 'Zoé',
          lastName: 'Petit',
          email: 'zoe.petit.annulee@exemple.fr',
        }),
        403,
        'Cette demande est annulée ou terminée : la liste des participants ne peut plus être modifiée',
        'PARTICIPANTS_LOCKED',
      );
    });
  });
});

describe('who may manage links', () => {
  it('a participant gets 403 with the French message on every link call, and nothing changes', async () => {
    const link = await createLink(t.app, organizer.token, bookingId);
    await expectNothingWritten(t.db, async () => {
      for (const [method, path] of [
        ['GET', `/${bookingId}/invite-links`],
        ['POST', `/${bookingId}/invite-links`],
        ['DELETE', `/${bookingId}/invite-links/${link._id}`],
      ] as const) {
        expectError(
          await cb(t.app, method, path, participant.token, method === 'POST' ? {} : undefined),
          403,
          INVITE_MSG.onlyOrganizerLinks,
        );
      }
    });
    expect((await linkRow(t.db, link._id)).isActive).toBe(true);
  });

  it('a stranger gets the 404 of an unknown booking; without a session, 401', async () => {
    const link = await createLink(t.app, organizer.token, bookingId);
    await expectNothingWritten(t.db, async () => {
      for (const id of [bookingId, randomUUID(), 'pas-un-id']) {
        for (const [method, path] of [
          ['GET', `/${id}/invite-links`],
          ['POST', `/${id}/invite-links`],
          ['DELETE', `/${id}/invite-links/${link._id}`],
        ] as const) {
          expectError(
            await cb(t.app, method, path, stranger.token, method === 'POST' ? {} : undefined),
            404,
            MSG.notFound,
            'NOT_FOUND',
          );
        }
      }
      expectUnauthenticated(await cb(t.app, 'GET', `/${bookingId}/invite-links`));
      expectUnauthenticated(await cb(t.app, 'POST', `/${bookingId}/invite-links`, undefined, {}));
    });
  });
});

describe('GET and DELETE /api/v1/customer-booking-requests/{id}/invite-links', () => {
  it('lists the links newest first with status, uses, creator and the people who joined through each', async () => {
    const id = await newBooking();
    const first = await createLink(t.app, organizer.token, id, { maxUses: 3 });
    const second = await createLink(t.app, organizer.token, id);
    const joined = await join(t.app, first.token, {
      firstName: 'Zoé',
      lastName: 'Petit',
      email: uniqueEmail('zoe'),
      password: 'Cabane-Dune-77',
      confirmPassword: 'Cabane-Dune-77',
    });
    expect(joined.statusCode, joined.body).toBe(200);

    const res = await cb(t.app, 'GET', `/${id}/invite-links`, organizer.token);
    expect(res.statusCode, res.body).toBe(200);
    const list = inviteLinkListResponse.strict().parse(res.json()).data;
    expect(list.map((link) => link._id)).toEqual([second._id, first._id]);
    expect(list[1]).toMatchObject({
      usedCount: 1,
      remainingUses: 2,
      status: 'active',
      createdBy: { firstName: 'Léa', lastName: 'Martin' },
      participants: [
        {
          name: 'Zoé Petit',
          firstName: 'Zoé',
          lastName: 'Petit',
          email: expect.stringMatching(/^zoe\./),
          joinedAt: expect.any(String),
        },
      ],
    });
    // Personal invitations are not shareable links: not listed.
    await addParticipant(t.app, organizer.token, id, { email: uniqueEmail('perso') });
    const again = inviteLinkListResponse.parse((await cb(t.app, 'GET', `/${id}/invite-links`, organizer.token)).json());
    expect(again.data).toHaveLength(2);
  });

  it('shows the display status in the order of SPEC.md §4: revoked, expired, exhausted, active', async () => {
    const id = await newBooking();
    const past = new Date(Date.now() - 60_000);
    const states: Array<[Partial<typeof inviteLinks.$inferInsert>, string]> = [
      [{ isActive: false, expiresAt: past, maxUses: 1, usedCount: 1 }, 'revoked'],
      [{ expiresAt: past, maxUses: 1, usedCount: 1 }, 'expired'],
      [{ maxUses: 3, usedCount: 3 }, 'exhausted'],
      [{ maxUses: 3, usedCount: 2, expiresAt: new Date(Date.now() + 60_000) }, 'active'],
    ];
    const expected: Record<string, string> = {};
    for (const [values, status] of states) {
      const link = await createLink(t.app, organizer.token, id);
      await setLink(t.db, link, values);
      expected[link._id] = status;
    }
    const list = inviteLinkListResponse.parse((await cb(t.app, 'GET', `/${id}/invite-links`, organizer.token)).json());
    expect(Object.fromEntries(list.data.map((link) => [link._id, link.status]))).toEqual(expected);
  });

  it('revokes an active link at once (its invitation page and joins answer revoked); only an active link can be revoked', async () => {
    const id = await newBooking();
    const link = await createLink(t.app, organizer.token, id, { maxUses: 5 });
    const res = await cb(t.app, 'DELETE', `/${id}/invite-links/${link._id}`, organizer.token);
    expect(res.statusCode, res.body).toBe(200);
    const revoked = inviteLinkResponse.strict().parse(res.json());
    expect(revoked.message).toBe("Lien d'invitation révoqué");
    expect(revoked.data).toMatchObject({ _id: link._id, isActive: false, status: 'revoked' });
    expect((await linkRow(t.db, link._id)).revokedAt).not.toBeNull();

    expectError(await getInvitation(t.app, link.token), 403, INVITE_MSG.revoked);
    await expectNothingWritten(t.db, async () => {
      expectError(
        await join(t.app, link.token, { firstName: 'Zoé', lastName: 'Petit', email: uniqueEmail('zoe') }),
        403,
        INVITE_MSG.revoked,
      );
      expectError(
        await cb(t.app, 'DELETE', `/${id}/invite-links/${link._id}`, organizer.token),
        409,
        INVITE_MSG.onlyActiveRevoked,
      );
      const exhausted = await createLink(t.app, organizer.token, id, { maxUses: 1 });
      await setLink(t.db, exhausted, { usedCount: 1 });
      expectError(
        await cb(t.app, 'DELETE', `/${id}/invite-links/${exhausted._id}`, organizer.token),
        409,
        INVITE_MSG.onlyActiveRevoked,
      );
      await t.db.delete(inviteLinks).where(eq(inviteLinks.id, exhausted._id));
    });
  });

  it('answers 404 for an unknown link, a link of another booking, or a personal invitation', async () => {
    const id = await newBooking();
    const elsewhere = await createLink(t.app, organizer.token, bookingId);
    const invited = await addParticipant(t.app, organizer.token, id, { email: uniqueEmail('perso') });
    const [personal] = await t.db
      .select()
      .from(inviteLinks)
      .where(and(eq(inviteLinks.participantId, invited._id), eq(inviteLinks.kind, 'personal')));
    await expectNothingWritten(t.db, async () => {
      for (const linkId of [randomUUID(), 'pas-un-id', elsewhere._id, personal!.id]) {
        expectError(
          await cb(t.app, 'DELETE', `/${id}/invite-links/${linkId}`, organizer.token),
          404,
          INVITE_MSG.linkNotFound,
          'NOT_FOUND',
        );
      }
    });
  });
});

describe('POST /api/v1/customer-booking-requests/{id}/participants: a personal invitation', () => {
  it('answers the same whether or not the address has an account, never with a customer id, and e-mails a personal link', async () => {
    const id = await newBooking();
    const known = await addParticipant(t.app, organizer.token, id, {
      firstName: 'Inès',
      lastName: 'Moreau',
      email: stranger.email,
    });
    const unknownEmail = uniqueEmail('inconnu');
    const unknown = await addParticipant(t.app, organizer.token, id, {
      firstName: 'Inès',
      lastName: 'Moreau',
      email: unknownEmail,
    });
    const shape = (row: typeof known) => ({ ...row, _id: 'x', email: 'x' });
    expect(shape(known)).toEqual(shape(unknown));
    expect(known).toMatchObject({ customerId: null, status: 'invited', hasConnected: false, joinedAt: null });
    expect(JSON.stringify(known)).not.toContain(stranger.id);

    // The stranger with an account is not attached: no access until they accept.
    expectError(await cb(t.app, 'GET', `/${id}`, stranger.token), 404, MSG.notFound);
    for (const [email, row] of [
      [stranger.email, known],
      [unknownEmail, unknown],
    ] as const) {
      const [mail] = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, email), eq(outbox.template, 'participant-invitation')));
      const token = await personalInviteToken(t.db, row._id);
      expect(mail?.text).toContain(`/invitation/${token}`);
      expect(mail?.subject).toBe('Léa Martin vous invite – Parc Aventure des Landes');
      expect(
        (await linkRow(t.db, (await t.db.select().from(inviteLinks).where(eq(inviteLinks.token, token)))[0]!.id))
          .maxUses,
      ).toBe(1);
    }
  });

  it("caps the list at the booking's participant count (organizer included) and stores nothing more", async () => {
    const id = await newBooking(3);
    await addParticipant(t.app, organizer.token, id, { email: uniqueEmail('a') });
    await addParticipant(t.app, organizer.token, id, { email: uniqueEmail('b') });
    await expectNothingWritten(t.db, async () => {
      expectError(
        await cb(t.app, 'POST', `/${id}/participants`, organizer.token, {
          firstName: 'C',
          lastName: 'C',
          email: uniqueEmail('c'),
        }),
        409,
        INVITE_MSG.full(3),
        'PARTICIPANTS_FULL',
      );
    });
    expect((await participantsOfBooking(t.db, id)).filter((row) => row.isActive)).toHaveLength(3);
  });

  it('limits the invitations one organizer sends per hour (429), whatever the address', async () => {
    const sender = await registerCustomer(t.app, { firstName: 'Max', lastName: 'Roux' });
    const created = await createBooking(t.app, sender, {
      participants: 100,
      lines: [{ item: catalogue, participants: 50 }],
    });
    for (let index = 0; index < 30; index += 1) {
      const res = await cb(t.app, 'POST', `/${created._id}/participants`, sender.token, {
        firstName: 'Ami',
        lastName: String(index),
        email: uniqueEmail('ami'),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = (await participantsOfBooking(t.db, created._id)).length;
    expectError(
      await cb(t.app, 'POST', `/${created._id}/participants`, sender.token, {
        firstName: 'Ami',
        lastName: 'X',
        email: uniqueEmail('ami'),
      }),
      429,
      INVITE_MSG.tooMany,
    );
    expect(await participantsOfBooking(t.db, created._id)).toHaveLength(before);
  });

  it('removing a participant revokes their personal invitation and their access at once', async () => {
    const id = await newBooking();
    const guest = await registerCustomer(t.app, { firstName: 'Léo', lastName: 'Faure' });
    const pending = await addParticipant(t.app, organizer.token, id, { email: uniqueEmail('attente') });
    const token = await personalInviteToken(t.db, pending._id);
    const removed = await cb(t.app, 'DELETE', `/${id}/participants/${pending._id}`, organizer.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expectError(await getInvitation(t.app, token), 403, INVITE_MSG.revoked);

    const joined = await joinAsParticipant(t.app, t.db, organizer.token, id, guest);
    expect((await cb(t.app, 'GET', `/${id}`, guest.token)).statusCode).toBe(200);
    expect((await cb(t.app, 'DELETE', `/${id}/participants/${joined._id}`, organizer.token)).statusCode).toBe(200);
    expectError(await cb(t.app, 'GET', `/${id}`, guest.token), 404, MSG.notFound);
  });

  it('participants cannot invite or remove anyone (403), strangers get 404', async () => {
    await expectNothingWritten(t.db, async () => {
      expectError(
        await cb(t.app, 'POST', `/${bookingId}/participants`, participant.token, {
          firstName: 'A',
          lastName: 'B',
          email: uniqueEmail('x'),
        }),
        403,
        MSG.onlyOrganizerParticipants,
      );
      expectError(
        await cb(t.app, 'POST', `/${bookingId}/participants`, stranger.token, {
          firstName: 'A',
          lastName: 'B',
          email: uniqueEmail('x'),
        }),
        404,
        MSG.notFound,
      );
    });
  });
});
