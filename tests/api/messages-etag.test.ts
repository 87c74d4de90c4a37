import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, type RegisteredCustomer } from '../support/auth';
import { chatOfTwo, MESSAGES, msgCall, pollChat } from '../support/messages';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let organizer: RegisteredCustomer;
let participant: RegisteredCustomer;
let bookingId: string;

const poll = (url: string, token: string, etag?: string) => pollChat(t.app, url, token, etag);

beforeAll(async () => {
  t = await createTestApp();
  ({ organizer, participant, bookingId } = await chatOfTwo(
    t,
    { firstName: 'Héloïse', lastName: 'Martin' },
    { firstName: 'Loïc', lastName: 'Bernard' },
  ));
});

afterAll(async () => {
  await t?.close();
});

describe('polling the chat answers 304 when nothing changed', () => {
  it.each([
    ['the messages', ''],
    ['the unread count', '/unread-count'],
  ])('%s: a weak ETag, 304 while unchanged, 200 with a new ETag after a message', async (_name, suffix) => {
    const url = `${MESSAGES}/booking/${bookingId}${suffix}`;
    const first = await poll(url, participant.token);
    expect(first.statusCode, first.body).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toContain('Authorization');

    const same = await poll(url, participant.token, etag);
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);

    const posted = await msgCall(t.app, 'POST', `${MESSAGES}/booking/${bookingId}`, organizer.token, {
      content: `Nouveau message ${suffix}`,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const changed = await poll(url, participant.token, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(changed.body)).toMatchObject({ success: true });
  });

  it('never answers 304 to another reader nor to a stranger', async () => {
    const url = `${MESSAGES}/booking/${bookingId}/unread-count`;
    const mine = await poll(url, participant.token);
    // The organizer reads the same booking with another unread count: another ETag, a full answer.
    const theirs = await poll(url, organizer.token, mine.headers.etag as string);
    expect(theirs.statusCode).toBe(200);
    const stranger = await registerCustomer(t.app, { firstName: 'Inès', lastName: 'Moreau' });
    const refused = await poll(url, stranger.token, mine.headers.etag as string);
    expect(refused.statusCode).toBe(404);
  });
});
