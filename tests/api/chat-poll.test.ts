import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTeamMessage } from '../../src/server/modules/messages/messages.service';
import { expectError, registerCustomer, type RegisteredCustomer } from '../support/auth';
import { cb } from '../support/customer-bookings';
import { addJoinedParticipant, chatOfTwo, MESSAGES, msgCall, pollChat } from '../support/messages';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The chat polls answer 304 from the chat's version, without reading the lines (docs/decisions.md,
 * "Volume and indexes", the chat polls), and 200 as soon as anything the caller sees changed:
 * a post, a delete, a read mark, a line written outside the chat's calls.
 */
let t: TestApp;
let organizer: RegisteredCustomer;
let participant: RegisteredCustomer;
let staff: TestStaff;
let bookingId: string;

const LIST = () => `${MESSAGES}/booking/${bookingId}?includeDeleted=true&limit=50`;
const UNREAD = () => `${MESSAGES}/booking/${bookingId}/unread-count`;

const poll = (url: string, token: string, etag?: string) => pollChat(t.app, url, token, etag);

/** The first answer, then checks that the same ETag gets a 304. */
async function held(url: string, token: string) {
  const first = await poll(url, token);
  expect(first.statusCode, first.body).toBe(200);
  const etag = first.headers.etag as string;
  expect(etag).toMatch(/^W\/"c\d+-[\w-]+"$/);
  const again = await poll(url, token, etag);
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe('');
  return { etag, body: JSON.parse(first.body) as { data: Record<string, unknown> } };
}

async function post(token: string, content: string) {
  const answer = await msgCall(t.app, 'POST', `${MESSAGES}/booking/${bookingId}`, token, { content });
  expect(answer.statusCode, answer.body).toBe(201);
  return (JSON.parse(answer.body) as { data: { _id: string } }).data._id;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ organizer, participant, bookingId } = await chatOfTwo(
    t,
    { firstName: 'Maëlle', lastName: 'Durand' },
    { firstName: 'Théo', lastName: 'Lambert' },
  ));
  staff = await createStaffWithSession(t.db);
  await post(organizer.token, 'Premier message');
});

afterAll(async () => {
  await t?.close();
});

describe('chat polls: 304 from the chat version, 200 after any change', () => {
  it('gives the organizer, a participant and staff each their own ETag, per query', async () => {
    const tags = new Set<string>();
    for (const token of [organizer.token, participant.token, staff.token]) {
      tags.add((await held(LIST(), token)).etag);
      tags.add((await held(UNREAD(), token)).etag);
    }
    expect(tags.size).toBe(6);
    const other = await held(`${MESSAGES}/booking/${bookingId}?limit=50`, participant.token);
    expect(tags.has(other.etag)).toBe(false);
  });

  it('answers 200 with the new line right after a post, for every reader', async () => {
    const before = await Promise.all([organizer, participant].map((c) => held(LIST(), c.token)));
    const staffBefore = await held(LIST(), staff.token);
    const id = await post(staff.token, 'Réponse de l’équipe');
    for (const [index, token] of [organizer.token, participant.token].entries()) {
      const after = await poll(LIST(), token, before[index]!.etag);
      expect(after.statusCode).toBe(200);
      expect(after.body).toContain(id);
    }
    const own = await poll(LIST(), staff.token, staffBefore.etag);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(id);
  });

  it('answers 200 after a delete, with the line deleted', async () => {
    const id = await post(organizer.token, 'Je retire ce message');
    const before = await held(LIST(), participant.token);
    const removed = await msgCall(t.app, 'DELETE', `${MESSAGES}/${id}`, organizer.token);
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await poll(LIST(), participant.token, before.etag);
    expect(after.statusCode).toBe(200);
    const line = (
      JSON.parse(after.body) as { data: { messages: { _id: string; status: string }[] } }
    ).data.messages.find((message) => message._id === id);
    expect(line?.status).toBe('deleted');
  });

  it('answers 200 with the lower unread count after a read mark, 304 for a second mark of the same line', async () => {
    const id = await post(organizer.token, 'À lire');
    const before = await held(UNREAD(), participant.token);
    const count = before.body.data.unreadCount as number;
    expect(count).toBeGreaterThan(0);
    const read = await msgCall(t.app, 'PUT', `${MESSAGES}/${id}/read`, participant.token);
    expect(read.statusCode, read.body).toBe(200);
    const after = await poll(UNREAD(), participant.token, before.etag);
    expect(after.statusCode).toBe(200);
    expect((JSON.parse(after.body) as { data: { unreadCount: number } }).data.unreadCount).toBe(count - 1);
    // Marking it again writes nothing: the chat did not change.
    const etag = after.headers.etag as string;
    await msgCall(t.app, 'PUT', `${MESSAGES}/${id}/read`, participant.token);
    expect((await poll(UNREAD(), participant.token, etag)).statusCode).toBe(304);
  });

  it('answers 200 after a line written outside the chat calls (a sweep’s team line)', async () => {
    const before = await held(LIST(), organizer.token);
    await postTeamMessage(t.db, bookingId, 'Rappel : le parc ouvre à 9h.');
    const after = await poll(LIST(), organizer.token, before.etag);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Rappel : le parc ouvre à 9h.');
  });

  it('a page asked for again without the ETag is the same, its reader’s own, and shows a post at once', async () => {
    const lines = async (token: string) => {
      const answer = await poll(LIST(), token);
      expect(answer.statusCode, answer.body).toBe(200);
      return (JSON.parse(answer.body) as { data: { messages: { _id: string; isOwn: boolean }[] } }).data.messages;
    };
    const first = await lines(organizer.token);
    expect(await lines(organizer.token)).toEqual(first);
    // The participant's page of the same version is their own: the organizer's lines are not theirs.
    const theirs = await lines(participant.token);
    expect(theirs.map((line) => line._id)).toEqual(first.map((line) => line._id));
    expect(theirs.filter((line) => line.isOwn)).toHaveLength(0);
    expect(first.filter((line) => line.isOwn).length).toBeGreaterThan(0);
    const id = await post(participant.token, 'Nouveau message de Théo');
    const after = await lines(organizer.token);
    expect(after.at(-1)).toMatchObject({ _id: id, isOwn: false });
  });

  it('answers the booking’s 404 to a participant removed since their last poll, with or without the ETag', async () => {
    const leaving = await registerCustomer(t.app, { firstName: 'Zoé', lastName: 'Girard' });
    const row = await addJoinedParticipant(t.db, bookingId, leaving, { firstName: 'Zoé', lastName: 'Girard' });
    const list = await held(LIST(), leaving.token);
    const count = await held(UNREAD(), leaving.token);
    const removed = await cb(t.app, 'DELETE', `/${bookingId}/participants/${row.id}`, organizer.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expectError(await poll(LIST(), leaving.token, list.etag), 404, 'Réservation non trouvée');
    expectError(await poll(LIST(), leaving.token), 404, 'Réservation non trouvée');
    expectError(await poll(UNREAD(), leaving.token, count.etag), 404, 'Réservation non trouvée');
  });

  it('never answers 304 to a stranger', async () => {
    const mine = await held(LIST(), participant.token);
    const stranger = await registerCustomer(t.app, { firstName: 'Inès', lastName: 'Moreau' });
    expect((await poll(LIST(), stranger.token, mine.etag)).statusCode).toBe(404);
  });
});
