import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationDetailsResponse } from '../../src/shared/api/invitation.schema';
import { bookingParticipants, customers } from '../../src/server/db/schema';
import {
  bearer,
  expectError,
  nextAddress,
  registerCustomer,
  uniqueEmail,
  type RegisteredCustomer,
} from '../support/auth';
import { catalogueBySlug, type CatalogueRow } from '../support/booking-requests';
import {
  addParticipant,
  cb,
  createBooking,
  expectUnchanged,
  getDetail,
  lastModifiedOf,
  personalInviteToken,
  putOk,
} from '../support/customer-bookings';
import {
  createLink,
  expectNothingWritten,
  getInvitation,
  INVITE_MSG,
  join,
  joinOk,
  linkRow,
  participantsOfBooking,
} from '../support/invitations';
import { MESSAGES, msgCall } from '../support/messages';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The rules every way into a booking's participant list shares (docs/decisions.md, "Joining"):
 * one limit, a personal invitation only for its invitee, a removed person stays out.
 */

const FULL = (max: number) =>
  `La liste des participants est complète : ${max} personnes au maximum pour cette réservation`;
const PERSONAL_ONLY = 'Cette invitation est personnelle : elle ne peut être acceptée que par la personne invitée';
const REMOVED =
  "L'organisateur vous a retiré de cet événement : demandez-lui une nouvelle invitation pour le rejoindre";
const LEFT = "Vous avez quitté cet événement : demandez à l'organisateur une nouvelle invitation pour le rejoindre";
const PASSWORD = 'Cabane-Dune-77';

let t: TestApp;
let organizer: RegisteredCustomer;
let catalogue: CatalogueRow;

async function newBooking(participants: number) {
  return (await createBooking(t.app, organizer, { participants, lines: [{ item: catalogue }] }))._id;
}

function person(name: string, extra: Record<string, unknown> = {}) {
  return { firstName: 'Zoé', lastName: name, email: uniqueEmail(name.toLowerCase()), ...extra };
}

/** Nothing of the booking (request, lines, participant rows) nor any account, session, link or use changes. */
async function expectNoChange(bookingId: string, act: () => Promise<void>) {
  await expectUnchanged(t.db, bookingId, () => expectNothingWritten(t.db, act));
}

/** The booking and its chat, as `token` reaches them: 200 for a member, 404 for anyone else. */
async function accessOf(token: string, bookingId: string) {
  const booking = await cb(t.app, 'GET', `/${bookingId}`, token);
  const chat = await msgCall(t.app, 'GET', `${MESSAGES}/booking/${bookingId}`, token);
  return [booking.statusCode, chat.statusCode];
}

async function activeRows(bookingId: string) {
  return (await participantsOfBooking(t.db, bookingId)).filter((row) => row.isActive);
}

async function rowOf(id: string) {
  const [row] = await t.db.select().from(bookingParticipants).where(eq(bookingParticipants.id, id));
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  organizer = await registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' });
  catalogue = (await catalogueBySlug(t.db)).get('parcours-aventure')!;
});

afterAll(async () => {
  await t?.close();
});

describe("a shared link and the organizer's invitations share the booking's participant count", () => {
  it('refuses the join past the count with the same 409 as POST …/participants, spending no use and writing nothing', async () => {
    const id = await newBooking(3);
    const link = await createLink(t.app, organizer.token, id);
    await joinOk(t.app, link.token, person('Un'));
    await joinOk(t.app, link.token, person('Deux', { password: PASSWORD, confirmPassword: PASSWORD }));
    const guest = await registerCustomer(t.app, { firstName: 'Paul', lastName: 'Girard' });
    await expectNoChange(id, async () => {
      expectError(await join(t.app, link.token, person('Trois')), 409, FULL(3), 'PARTICIPANTS_FULL');
      expectError(await join(t.app, link.token, {}, guest.token), 409, FULL(3), 'PARTICIPANTS_FULL');
      const invite = await cb(t.app, 'POST', `/${id}/participants`, organizer.token, {
        firstName: 'Quatre',
        lastName: 'Quatre',
        email: uniqueEmail('quatre'),
      });
      expectError(invite, 409, FULL(3), 'PARTICIPANTS_FULL');
    });
    expect((await linkRow(t.db, link._id)).usedCount).toBe(2);
    expect(await activeRows(id)).toHaveLength(3);
    expect(await accessOf(guest.token, id)).toEqual([404, 404]);
    // Only the two who joined got an account.
    const [third] = await t.db.select().from(customers).where(eq(customers.lastName, 'Trois'));
    expect(third).toBeUndefined();

    // The organizer raises the count while the request is editable: the link lets one more in.
    await putOk(t.app, organizer.token, id, { participants: 4, lastModified: await lastModifiedOf(t.db, id) });
    await joinOk(t.app, link.token, {}, guest.token);
    expect(await accessOf(guest.token, id)).toEqual([200, 200]);
    expectError(await join(t.app, link.token, person('Cinq')), 409, FULL(4), 'PARTICIPANTS_FULL');
  });

  it('counts a pending personal invitation as a place; its invitee still joins through the link, taking it', async () => {
    const id = await newBooking(3);
    const link = await createLink(t.app, organizer.token, id);
    const alice = await registerCustomer(t.app, { firstName: 'Alice', lastName: 'Petit' });
    const invited = await addParticipant(t.app, organizer.token, id, { email: alice.email });
    await joinOk(t.app, link.token, person('Un'));
    await expectNoChange(id, async () => {
      expectError(await join(t.app, link.token, person('Deux')), 409, FULL(3), 'PARTICIPANTS_FULL');
    });
    const joined = await joinOk(t.app, link.token, {}, alice.token);
    expect(joined.message).toBe(INVITE_MSG.joined);
    expect(await rowOf(invited._id)).toMatchObject({
      isActive: true,
      invitationStatus: 'joined',
      customerId: alice.id,
      inviteLinkId: link._id,
    });
    expect(await activeRows(id)).toHaveLength(3);
    expect((await linkRow(t.db, link._id)).usedCount).toBe(2);
  });

  it('tells the invitation page the list is full before any join, with the limit the 409 names, changing nothing', async () => {
    const id = await newBooking(3);
    const link = await createLink(t.app, organizer.token, id);
    const details = async (inviteToken: string, sessionToken?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/invitations/${inviteToken}`,
        headers: sessionToken ? bearer(sessionToken) : {},
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const info = invitationDetailsResponse.strict().parse(res.json()).data.invitationInfo;
      return { participantLimit: info.participantLimit, isFull: info.isFull };
    };
    expect(await details(link.token)).toEqual({ participantLimit: 3, isFull: false });

    const alice = await registerCustomer(t.app, { firstName: 'Alice', lastName: 'Petit' });
    const invited = await addParticipant(t.app, organizer.token, id, { email: alice.email });
    expect(await details(link.token)).toEqual({ participantLimit: 3, isFull: false });
    await joinOk(t.app, link.token, person('Un'));
    const guest = await registerCustomer(t.app, { firstName: 'Paul', lastName: 'Girard' });
    await expectNoChange(id, async () => {
      // Anyone who would need a new row: the page says it, and the join would refuse with that very text.
      expect(await details(link.token)).toEqual({ participantLimit: 3, isFull: true });
      expect(await details(link.token, guest.token)).toEqual({ participantLimit: 3, isFull: true });
      expect(await details(link.token, 'not-a-real-session')).toEqual({ participantLimit: 3, isFull: true });
      expectError(await join(t.app, link.token, person('Deux')), 409, FULL(3), 'PARTICIPANTS_FULL');
      // Whoever already holds a place is not told the list is full: the join lets them in.
      expect(await details(await personalInviteToken(t.db, invited._id))).toEqual({
        participantLimit: 3,
        isFull: false,
      });
      expect(await details(link.token, alice.token)).toEqual({ participantLimit: 3, isFull: false });
      expect(await details(link.token, organizer.token)).toEqual({ participantLimit: 3, isFull: false });
    });
    await joinOk(t.app, link.token, {}, alice.token);

    // A place freed by the organizer opens the form again.
    const [one] = (await activeRows(id)).filter((row) => row.lastName === 'Un');
    expect((await cb(t.app, 'DELETE', `/${id}/participants/${one!.id}`, organizer.token)).statusCode).toBe(200);
    expect(await details(link.token)).toEqual({ participantLimit: 3, isFull: false });
  });

  it('20 concurrent joins on an unlimited link with 3 places left: exactly 3 join, the 17 others get the 409', async () => {
    const id = await newBooking(5);
    await addParticipant(t.app, organizer.token, id, { email: uniqueEmail('attente') });
    const link = await createLink(t.app, organizer.token, id);
    const forms = Array.from({ length: 20 }, (_, index) => person(`Course${index}`));
    const results = await Promise.all(forms.map((form) => join(t.app, link.token, form)));
    const ok = results.filter((res) => res.statusCode === 200);
    expect(ok).toHaveLength(3);
    const refused = results.filter((res) => res.statusCode !== 200);
    expect(refused).toHaveLength(17);
    for (const res of refused) expectError(res, 409, FULL(5), 'PARTICIPANTS_FULL');
    expect(await activeRows(id)).toHaveLength(5);
    expect((await participantsOfBooking(t.db, id)).filter((row) => row.inviteLinkId === link._id)).toHaveLength(3);
    expect((await linkRow(t.db, link._id)).usedCount).toBe(3);
    const accounts = await Promise.all(
      forms.map((form) =>
        t.db
          .select()
          .from(customers)
          .where(eq(customers.email, String(form.email))),
      ),
    );
    expect(accounts.filter((rows) => rows.length === 1)).toHaveLength(3);
  });
});

describe('a personal invitation is accepted only by the person it was sent to', () => {
  it('joining through the group link spends the personal link; bob cannot take alice’s place with it', async () => {
    const id = await newBooking(10);
    const link = await createLink(t.app, organizer.token, id);
    const alice = await registerCustomer(t.app, { firstName: 'Alice', lastName: 'Petit' });
    const bob = await registerCustomer(t.app, { firstName: 'Bob', lastName: 'Roux' });
    const invited = await addParticipant(t.app, organizer.token, id, { email: alice.email });
    const personal = await personalInviteToken(t.db, invited._id);
    await joinOk(t.app, link.token, {}, alice.token);
    expectError(await getInvitation(t.app, personal), 403, INVITE_MSG.exhausted, 'LINK_EXHAUSTED');

    await expectNoChange(id, async () => {
      expectError(await join(t.app, personal, {}, bob.token), 403, PERSONAL_ONLY, 'FORBIDDEN');
      expectError(await join(t.app, personal, person('Roux')), 403, PERSONAL_ONLY, 'FORBIDDEN');
      // Alice herself opening it again is already in: nothing to do.
      expect((await joinOk(t.app, personal, {}, alice.token)).message).toBe(INVITE_MSG.alreadyMember);
    });
    expect(await rowOf(invited._id)).toMatchObject({
      isActive: true,
      invitationStatus: 'joined',
      customerId: alice.id,
    });
    expect(await accessOf(alice.token, id)).toEqual([200, 200]);
    expect(await accessOf(bob.token, id)).toEqual([404, 404]);
  });

  it('an unused personal link refuses anyone else, logged in or not, and writes nothing', async () => {
    const id = await newBooking(10);
    const alice = await registerCustomer(t.app, { firstName: 'Alice', lastName: 'Petit' });
    const bob = await registerCustomer(t.app, { firstName: 'Bob', lastName: 'Roux' });
    const invited = await addParticipant(t.app, organizer.token, id, { email: alice.email });
    const personal = await personalInviteToken(t.db, invited._id);
    const carolEmail = uniqueEmail('carol');
    const carol = await addParticipant(t.app, organizer.token, id, { email: carolEmail });
    const carolToken = await personalInviteToken(t.db, carol._id);
    await expectNoChange(id, async () => {
      expectError(await join(t.app, personal, {}, bob.token), 403, PERSONAL_ONLY, 'FORBIDDEN');
      expectError(await join(t.app, carolToken, {}, bob.token), 403, PERSONAL_ONLY, 'FORBIDDEN');
      expectError(await join(t.app, carolToken, person('Autre')), 403, PERSONAL_ONLY, 'FORBIDDEN');
    });
    expect(await rowOf(invited._id)).toMatchObject({ isActive: true, invitationStatus: 'invited', customerId: null });
    expect(await accessOf(bob.token, id)).toEqual([404, 404]);

    // The invitees accept, their e-mail compared once normalised.
    expect((await joinOk(t.app, personal, {}, alice.token)).message).toBe(INVITE_MSG.joined);
    const form = person('Carol', {
      email: ` ${carolEmail.toUpperCase()} `,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const accepted = await joinOk(t.app, carolToken, form);
    expect(await rowOf(carol._id)).toMatchObject({ isActive: true, invitationStatus: 'joined', email: carolEmail });
    expect(await accessOf(accepted.token!, id)).toEqual([200, 200]);
    expect(await accessOf(alice.token, id)).toEqual([200, 200]);
  });

  it('an invitation sent to a differently written address is accepted by its owner', async () => {
    const id = await newBooking(10);
    const alice = await registerCustomer(t.app, { firstName: 'Alice', lastName: 'Petit' });
    const invited = await addParticipant(t.app, organizer.token, id, { email: ` ${alice.email.toUpperCase()} ` });
    expect((await joinOk(t.app, await personalInviteToken(t.db, invited._id), {}, alice.token)).message).toBe(
      INVITE_MSG.joined,
    );
    expect(await accessOf(alice.token, id)).toEqual([200, 200]);
  });
});

describe('a person removed by the organizer does not come back through a link', () => {
  it('refuses the removed participant on the link they had and on a new one; a new personal invitation lets them back', async () => {
    const id = await newBooking(10);
    const link = await createLink(t.app, organizer.token, id);
    const alice = await registerCustomer(t.app, { firstName: 'Alice', lastName: 'Petit' });
    await joinOk(t.app, link.token, {}, alice.token);
    const [row] = (await participantsOfBooking(t.db, id)).filter((r) => r.customerId === alice.id);
    const removed = await cb(t.app, 'DELETE', `/${id}/participants/${row!.id}`, organizer.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await accessOf(alice.token, id)).toEqual([404, 404]);

    const other = await createLink(t.app, organizer.token, id, { maxUses: 3 });
    await expectNoChange(id, async () => {
      expectError(await join(t.app, link.token, {}, alice.token), 403, REMOVED, 'FORBIDDEN');
      expectError(await join(t.app, other.token, {}, alice.token), 403, REMOVED, 'FORBIDDEN');
      // Logged out with her address, she is asked to log in, as anyone with an account.
      expectError(await join(t.app, link.token, person('Petit', { email: alice.email })), 409, INVITE_MSG.loginFirst);
    });
    expect(await accessOf(alice.token, id)).toEqual([404, 404]);
    expect(await rowOf(row!.id)).toMatchObject({ isActive: false });

    const again = await addParticipant(t.app, organizer.token, id, { email: alice.email });
    expect(again._id).toBe(row!.id);
    expect((await joinOk(t.app, await personalInviteToken(t.db, again._id), {}, alice.token)).message).toBe(
      INVITE_MSG.joined,
    );
    expect(await accessOf(alice.token, id)).toEqual([200, 200]);
    expect((await getDetail(t.app, alice.token, id)).userRole).toBe('participant');
  });

  it('refuses a person removed before accepting, joining with the form; re-invited, the group link takes her row', async () => {
    const id = await newBooking(10);
    const link = await createLink(t.app, organizer.token, id);
    const email = uniqueEmail('carol');
    const invited = await addParticipant(t.app, organizer.token, id, { email });
    expect((await cb(t.app, 'DELETE', `/${id}/participants/${invited._id}`, organizer.token)).statusCode).toBe(200);
    await expectNoChange(id, async () => {
      expectError(await join(t.app, link.token, person('Carol', { email })), 403, REMOVED, 'FORBIDDEN');
    });

    const again = await addParticipant(t.app, organizer.token, id, { email });
    const personal = await personalInviteToken(t.db, again._id);
    const joined = await joinOk(
      t.app,
      link.token,
      person('Carol', { email, password: PASSWORD, confirmPassword: PASSWORD }),
    );
    expect(await rowOf(invited._id)).toMatchObject({
      isActive: true,
      invitationStatus: 'joined',
      inviteLinkId: link._id,
    });
    expect(await accessOf(joined.token!, id)).toEqual([200, 200]);
    // Her personal link is spent by that join.
    expectError(await getInvitation(t.app, personal), 403, INVITE_MSG.exhausted, 'LINK_EXHAUSTED');
  });
});

describe('a person who left does not come back through a link either', () => {
  it('is told they left, not that they were removed; a new personal invitation lets them back', async () => {
    const id = await newBooking(10);
    const link = await createLink(t.app, organizer.token, id);
    const bruno = await registerCustomer(t.app, { firstName: 'Bruno', lastName: 'Lefèvre' });
    await joinOk(t.app, link.token, {}, bruno.token);
    const [row] = (await participantsOfBooking(t.db, id)).filter((r) => r.customerId === bruno.id);
    const left = await cb(t.app, 'POST', `/${id}/participants/${row!.id}/leave`, bruno.token);
    expect(left.statusCode, left.body).toBe(200);
    expect(await rowOf(row!.id)).toMatchObject({ isActive: false, leftAt: expect.any(Date) });

    await expectNoChange(id, async () => {
      expectError(await join(t.app, link.token, {}, bruno.token), 403, LEFT, 'FORBIDDEN');
    });
    expect(await accessOf(bruno.token, id)).toEqual([404, 404]);

    const again = await addParticipant(t.app, organizer.token, id, { email: bruno.email });
    expect(again._id).toBe(row!.id);
    expect(await rowOf(row!.id)).toMatchObject({ isActive: true, leftAt: null, paymentStatus: 'pending' });
    expect((await joinOk(t.app, await personalInviteToken(t.db, again._id), {}, bruno.token)).message).toBe(
      INVITE_MSG.joined,
    );
    expect(await accessOf(bruno.token, id)).toEqual([200, 200]);
  });
});
