import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageListResponse, messageResponse, unreadCountResponse } from '../../src/shared/api/messages.schema';
import { messageReads, messages } from '../../src/server/db/schema';
import { expectError, expectUnauthenticated, registerCustomer, type RegisteredCustomer } from '../support/auth';
import { catalogueBySlug } from '../support/booking-requests';
import { createBooking } from '../support/customer-bookings';
import { addJoinedParticipant, MESSAGES, msgCall } from '../support/messages';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

const NOT_FOUND = 'Réservation non trouvée';

let t: TestApp;
let organizer: RegisteredCustomer;
let participant: RegisteredCustomer;
let removed: RegisteredCustomer;
let stranger: RegisteredCustomer;
let staff: TestStaff;
let bookingId: string;

async function newBooking(owner: RegisteredCustomer) {
  const catalogue = await catalogueBySlug(t.db);
  const booking = await createBooking(t.app, owner, { lines: [{ item: catalogue.get('parcours-aventure')! }] });
  return booking._id;
}

async function post(token: string | undefined, id: string, content: unknown, path = `${MESSAGES}/booking/${id}`) {
  return msgCall(t.app, 'POST', path, token, content === undefined ? undefined : { content });
}

async function postOk(token: string, id: string, content: string) {
  const res = await post(token, id, content);
  expect(res.statusCode, res.body).toBe(201);
  return messageResponse.strict().parse(res.json()).data;
}

async function list(token: string, id: string, query = '') {
  const res = await msgCall(t.app, 'GET', `${MESSAGES}/booking/${id}${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return messageListResponse.strict().parse(res.json()).data.messages;
}

async function unread(token: string, id: string) {
  const res = await msgCall(t.app, 'GET', `${MESSAGES}/booking/${id}/unread-count`, token);
  expect(res.statusCode, res.body).toBe(200);
  const { data } = unreadCountResponse.strict().parse(res.json());
  expect(data.count).toBe(data.unreadCount);
  return data.unreadCount;
}

async function storedMessages(id: string) {
  const [row] = await t.db.select({ n: count() }).from(messages).where(eq(messages.bookingId, id));
  return Number(row!.n);
}

beforeAll(async () => {
  t = await createTestApp();
  [organizer, participant, removed, stranger] = await Promise.all([
    registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' }),
    registerCustomer(t.app, { firstName: 'Jules', lastName: 'Bernard' }),
    registerCustomer(t.app, { firstName: 'Nina', lastName: 'Petit' }),
    registerCustomer(t.app, { firstName: 'Inès', lastName: 'Moreau' }),
  ]);
  staff = await createStaffWithSession(t.db, 'staff', { firstName: 'Camille', lastName: 'Roux' });
  bookingId = await newBooking(organizer);
  await addJoinedParticipant(t.db, bookingId, participant);
  await addJoinedParticipant(t.db, bookingId, removed, { isActive: false });
});

afterAll(async () => {
  await t?.close();
});

describe('who may read and write a booking chat', () => {
  it('lets the organizer, a joined participant and staff write and read, each with their name', async () => {
    const fromOrganizer = await postOk(organizer.token, bookingId, 'Bonjour, pouvons-nous arriver à 9h ?');
    expect(fromOrganizer).toMatchObject({
      authorType: 'client',
      authorName: 'Léa Martin',
      authorId: organizer.id,
      isOwn: true,
    });
    const fromParticipant = await postOk(participant.token, bookingId, 'Je viendrai avec mon vélo.');
    expect(fromParticipant).toMatchObject({ authorType: 'client', authorName: 'Jules Bernard' });
    const fromTeam = await postOk(staff.token, bookingId, 'Bonjour, oui, le parc ouvre à 9h.');
    expect(fromTeam).toMatchObject({ authorType: 'team', authorName: 'Équipe', authorId: null, isOwn: true });

    for (const token of [organizer.token, participant.token, staff.token]) {
      const seen = await list(token, bookingId);
      expect(seen.map((m) => m.content)).toEqual([
        'Bonjour, pouvons-nous arriver à 9h ?',
        'Je viendrai avec mon vélo.',
        'Bonjour, oui, le parc ouvre à 9h.',
      ]);
      // Staff names never reach customers: the team is 'Équipe' for everyone.
      expect(JSON.stringify(seen)).not.toContain('Roux');
    }
  });

  it('answers 404 to a stranger and to a removed participant, for every call, and stores nothing', async () => {
    const [message] = await list(organizer.token, bookingId);
    const before = await storedMessages(bookingId);
    for (const who of [stranger, removed]) {
      const calls = [
        post(who.token, bookingId, 'Coucou'),
        post(who.token, bookingId, 'Coucou', `/api/v1/customer-booking-requests/${bookingId}/messages`),
        msgCall(t.app, 'GET', `${MESSAGES}/booking/${bookingId}`, who.token),
        msgCall(t.app, 'GET', `${MESSAGES}/booking/${bookingId}/unread-count`, who.token),
      ];
      for (const res of await Promise.all(calls)) expectError(res, 404, NOT_FOUND, 'NOT_FOUND');
      expectError(
        await msgCall(t.app, 'PUT', `${MESSAGES}/${message!._id}/read`, who.token),
        404,
        'Message non trouvé',
      );
      expectError(await msgCall(t.app, 'DELETE', `${MESSAGES}/${message!._id}`, who.token), 404, 'Message non trouvé');
    }
    expect(await storedMessages(bookingId)).toBe(before);
    const [reads] = await t.db
      .select({ n: count() })
      .from(messageReads)
      .where(eq(messageReads.readerKey, `customer:${stranger.id}`));
    expect(Number(reads!.n)).toBe(0);
  });

  it('asks anonymous callers to log in', async () => {
    expectUnauthenticated(await post(undefined, bookingId, 'Coucou'));
    expectUnauthenticated(await msgCall(t.app, 'GET', `${MESSAGES}/booking/${bookingId}`));
    expectUnauthenticated(await msgCall(t.app, 'GET', `${MESSAGES}/booking/${bookingId}/unread-count`));
  });

  it('answers the same 404 for an unknown or malformed booking id', async () => {
    expectError(await post(organizer.token, randomUUID(), 'Coucou'), 404, NOT_FOUND);
    expectError(await post(organizer.token, 'abc', 'Coucou'), 404, NOT_FOUND);
    expectError(await msgCall(t.app, 'PUT', `${MESSAGES}/pas-un-id/read`, organizer.token), 404, 'Message non trouvé');
  });

  it('accepts the post under /customer-booking-requests/{id}/messages too', async () => {
    const res = await post(
      participant.token,
      bookingId,
      'Par l’autre chemin',
      `/api/v1/customer-booking-requests/${bookingId}/messages`,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(messageResponse.parse(res.json()).data.content).toBe('Par l’autre chemin');
  });
});

describe('what a message may contain', () => {
  it('refuses empty, blank, too long and control-character content with French messages, storing nothing', async () => {
    const id = await newBooking(organizer);
    const cases: Array<[unknown, string]> = [
      ['', 'Le message ne peut pas être vide'],
      ['   \n\t  ', 'Le message ne peut pas être vide'],
      [undefined, 'Le message ne peut pas être vide'],
      ['a'.repeat(2001), 'Le message ne peut pas dépasser 2000 caractères'],
      // Control characters are refused by the input guard of every route, in its words.
      ['Bonjour\u0000', 'Ce champ contient des caractères non autorisés'],
      ['Bonjour \u001b[31m', 'Ce champ contient des caractères non autorisés'],
      ['facture\u202Efdp.exe', 'Le message contient des caractères non autorisés'],
    ];
    for (const [content, message] of cases) {
      const res =
        content === undefined
          ? await msgCall(t.app, 'POST', `${MESSAGES}/booking/${id}`, organizer.token, {})
          : await post(organizer.token, id, content);
      const body = expectError(res, 400, message, 'VALIDATION_ERROR');
      expect(body.details?.content).toBe(message);
    }
    expect(await storedMessages(id)).toBe(0);
  });

  it('keeps 2000 characters after trimming, counts an emoji as one, and keeps line breaks', async () => {
    const id = await newBooking(organizer);
    const long = await postOk(organizer.token, id, `   ${'é'.repeat(2000)}   `);
    expect(long.content).toBe('é'.repeat(2000));
    const emoji = await postOk(organizer.token, id, '🌲'.repeat(2000));
    expect(Array.from(emoji.content)).toHaveLength(2000);
    const lines = await postOk(organizer.token, id, 'Ligne 1\nLigne 2\r\n\tLigne 3');
    expect(lines.content).toBe('Ligne 1\nLigne 2\r\n\tLigne 3');
  });

  it('limits posting per user: the 21st message in a minute is refused', async () => {
    const chatty = await registerCustomer(t.app, { firstName: 'Hugo', lastName: 'Lefèvre' });
    const id = await newBooking(chatty);
    for (let i = 1; i <= 20; i += 1) await postOk(chatty.token, id, `Message ${i}`);
    expectError(await post(chatty.token, id, 'Un de trop'), 429, 'Trop de requêtes, veuillez patienter');
    expect(await storedMessages(id)).toBe(20);
    // Another person of the same booking keeps their own allowance.
    await postOk(staff.token, id, 'L’équipe répond');
  });
});

describe('read state and unread counts', () => {
  it('counts per reader the messages of others they have not read', async () => {
    const id = await newBooking(organizer);
    await addJoinedParticipant(t.db, id, participant);
    const mine = await postOk(organizer.token, id, 'Question de Léa');
    const team1 = await postOk(staff.token, id, 'Réponse 1');
    const team2 = await postOk(staff.token, id, 'Réponse 2');

    expect(await unread(organizer.token, id)).toBe(2);
    expect(await unread(participant.token, id)).toBe(3);
    expect(await unread(staff.token, id)).toBe(1);

    const read = await msgCall(t.app, 'PUT', `${MESSAGES}/${team1._id}/read`, organizer.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      success: true,
      message: 'Message marqué comme lu',
      data: { _id: team1._id, isRead: true },
    });
    // Reading twice changes nothing; reading one's own message counts for nothing.
    await msgCall(t.app, 'PUT', `${MESSAGES}/${team1._id}/read`, organizer.token);
    await msgCall(t.app, 'PUT', `${MESSAGES}/${mine._id}/read`, organizer.token);

    expect(await unread(organizer.token, id)).toBe(1);
    expect(await unread(participant.token, id)).toBe(3);
    const seen = await list(organizer.token, id);
    expect(seen.map((m) => [m.content, m.isRead])).toEqual([
      ['Question de Léa', true],
      ['Réponse 1', true],
      ['Réponse 2', false],
    ]);

    await msgCall(t.app, 'PUT', `${MESSAGES}/${mine._id}/read`, staff.token);
    expect(await unread(staff.token, id)).toBe(0);
    await msgCall(t.app, 'PUT', `${MESSAGES}/${team2._id}/read`, participant.token);
    expect(await unread(participant.token, id)).toBe(2);
    expect(await unread(organizer.token, id)).toBe(1);
  });
});

describe('deleting a message', () => {
  it('lets only the author delete; the line stays with status deleted and no content', async () => {
    const id = await newBooking(organizer);
    await addJoinedParticipant(t.db, id, participant);
    const message = await postOk(participant.token, id, 'Oups, mauvais numéro : 06 00 00 00 00');
    await postOk(organizer.token, id, 'Pas de souci');

    expectError(
      await msgCall(t.app, 'DELETE', `${MESSAGES}/${message._id}`, organizer.token),
      403,
      'Seul l’auteur d’un message peut le supprimer',
    );
    expectError(
      await msgCall(t.app, 'DELETE', `${MESSAGES}/${message._id}`, staff.token),
      403,
      'Seul l’auteur d’un message peut le supprimer',
    );

    const res = await msgCall(t.app, 'DELETE', `${MESSAGES}/${message._id}`, participant.token);
    expect(res.statusCode, res.body).toBe(200);
    const deleted = messageResponse.strict().parse(res.json());
    expect(deleted.message).toBe('Message supprimé');
    expect(deleted.data).toMatchObject({ status: 'deleted', content: '' });
    expect(deleted.data.deletedAt).not.toBeNull();

    const [row] = await t.db.select().from(messages).where(eq(messages.id, message._id));
    expect(row).toMatchObject({ status: 'deleted', content: '' });
    expect(row!.deletedAt).toBeInstanceOf(Date);

    expect((await list(organizer.token, id)).map((m) => m.content)).toEqual(['Pas de souci']);
    const withDeleted = await list(organizer.token, id, '?includeDeleted=true');
    expect(withDeleted.map((m) => [m.status, m.content])).toEqual([
      ['deleted', ''],
      ['active', 'Pas de souci'],
    ]);
    // A deleted line is nobody's unread message.
    expect(await unread(organizer.token, id)).toBe(0);
    expectError(
      await msgCall(t.app, 'DELETE', `${MESSAGES}/${message._id}`, participant.token),
      409,
      'Ce message a déjà été supprimé',
    );
  });
});
