import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markManyReadResponse } from '../../src/shared/api/messages.schema';
import { expectError, expectUnauthenticated, registerCustomer, type RegisteredCustomer } from '../support/auth';
import { chatOfTwo, MESSAGES, msgCall, pollChat } from '../support/messages';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * `PUT /api/v1/messages/booking/{id}/read`: the lines an open chat shows, marked as read in one
 * call (the per-line `PUT /api/v1/messages/{id}/read` of SPEC.md §7 stays).
 */
let t: TestApp;
let organizer: RegisteredCustomer;
let participant: RegisteredCustomer;
let staff: TestStaff;
let bookingId: string;
let otherBookingId: string;
let otherOrganizer: RegisteredCustomer;
let otherParticipant: RegisteredCustomer;
const IDS_INVALID = 'Indiquez de 1 à 100 identifiants de messages valides';

const readMany = (token: string, id: string, payload: unknown) =>
  msgCall(t.app, 'PUT', `${MESSAGES}/booking/${id}/read`, token, payload);

async function readManyOk(token: string, id: string, messageIds: string[]) {
  const answer = await readMany(token, id, { messageIds });
  expect(answer.statusCode, answer.body).toBe(200);
  const body = markManyReadResponse.strict().parse(answer.json());
  expect(body.message).toBe('Messages marqués comme lus');
  return body.data.read;
}

async function post(token: string, id: string, content: string) {
  const answer = await msgCall(t.app, 'POST', `${MESSAGES}/booking/${id}`, token, { content });
  expect(answer.statusCode, answer.body).toBe(201);
  return (answer.json() as { data: { _id: string } }).data._id;
}

async function unread(token: string, id: string) {
  const answer = await msgCall(t.app, 'GET', `${MESSAGES}/booking/${id}/unread-count`, token);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { data: { unreadCount: number } }).data.unreadCount;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ organizer, participant, bookingId } = await chatOfTwo(
    t,
    { firstName: 'Gaëlle', lastName: 'Morvan' },
    { firstName: 'Loïc', lastName: 'Le Goff' },
  ));
  ({
    bookingId: otherBookingId,
    organizer: otherOrganizer,
    participant: otherParticipant,
  } = await chatOfTwo(t, { firstName: 'Anaïs', lastName: 'Quéré' }, { firstName: 'Yann', lastName: 'Cadiou' }));
  staff = await createStaffWithSession(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('marking a chat page as read in one call', () => {
  it('marks the lines of others the reader is shown, once; its own and another chat’s stay as they are', async () => {
    const theirs: string[] = [];
    for (const content of ['Bonjour', 'Le programme ?', 'À samedi'])
      theirs.push(await post(organizer.token, bookingId, content));
    const own = await post(participant.token, bookingId, 'Merci !');
    const elsewhere = await post(otherOrganizer.token, otherBookingId, 'Ailleurs');
    expect(await unread(participant.token, bookingId)).toBe(3);
    const before = await pollChat(t.app, `${MESSAGES}/booking/${bookingId}/unread-count`, participant.token);

    expect(await readManyOk(participant.token, bookingId, [...theirs, own, elsewhere, randomUUID()])).toBe(3);
    expect(await unread(participant.token, bookingId)).toBe(0);
    // The unread count's poll sees the change (a new ETag, not a 304).
    const after = await pollChat(
      t.app,
      `${MESSAGES}/booking/${bookingId}/unread-count`,
      participant.token,
      before.headers.etag as string,
    );
    expect(after.statusCode).toBe(200);
    // A second call marks nothing; the organizer's own count is untouched (their messages, its own line).
    expect(await readManyOk(participant.token, bookingId, theirs)).toBe(0);
    expect(await unread(organizer.token, bookingId)).toBe(1);
    // The other chat's line, sent among the ids, stays unread for its own participant.
    expect(await unread(otherParticipant.token, otherBookingId)).toBe(1);
  });

  it('lets the team mark the customers’ lines', async () => {
    const line = await post(organizer.token, bookingId, 'Une question pour l’équipe');
    expect(await unread(staff.token, bookingId)).toBeGreaterThan(0);
    const count = await unread(staff.token, bookingId);
    expect(await readManyOk(staff.token, bookingId, [line])).toBe(1);
    expect(await unread(staff.token, bookingId)).toBe(count - 1);
  });

  it('claims each mark once when twenty calls carry the same lines at once', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 5; i += 1) lines.push(await post(organizer.token, bookingId, `Ligne ${i}`));
    const before = await unread(participant.token, bookingId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => readMany(participant.token, bookingId, { messageIds: lines })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const marked = answers.map((answer) => markManyReadResponse.parse(answer.json()).data.read);
    expect(marked.reduce((sum, n) => sum + n, 0)).toBe(5);
    expect(await unread(participant.token, bookingId)).toBe(before - 5);
  });

  it('answers 404 to a customer outside the booking and for an unknown or malformed booking, marking nothing', async () => {
    const stranger = await registerCustomer(t.app, { firstName: 'Erwan', lastName: 'Tanguy' });
    const line = await post(organizer.token, bookingId, 'Pour le groupe');
    const before = await unread(participant.token, bookingId);
    for (const [token, id] of [
      [stranger.token, bookingId],
      [participant.token, randomUUID()],
      [participant.token, 'pas-un-id'],
    ] as const) {
      expectError(await readMany(token, id, { messageIds: [line] }), 404, 'Réservation non trouvée');
    }
    // The booking's access comes before the body: a stranger learns nothing from a bad list either.
    expectError(await readMany(stranger.token, bookingId, { messageIds: [] }), 404, 'Réservation non trouvée');
    expectUnauthenticated(await msgCall(t.app, 'PUT', `${MESSAGES}/booking/${bookingId}/read`, undefined, {}));
    expect(await unread(participant.token, bookingId)).toBe(before);
  });

  it('refuses an empty list, more than 100 lines or an id that is not one, in French, marking nothing', async () => {
    const line = await post(organizer.token, bookingId, 'Encore un');
    const before = await unread(participant.token, bookingId);
    for (const payload of [
      {},
      { messageIds: [] },
      { messageIds: 'tous' },
      { messageIds: [line, 'pas-un-id'] },
      { messageIds: Array.from({ length: 101 }, () => randomUUID()) },
    ]) {
      expectError(await readMany(participant.token, bookingId, payload), 400, IDS_INVALID);
    }
    expect(await unread(participant.token, bookingId)).toBe(before);
  });
});
