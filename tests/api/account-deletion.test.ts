import { eq } from 'drizzle-orm';
import { normalisePhone } from '../../src/shared/phone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingDetailResponse } from '../../src/shared/api/customer-booking.schema';
import { invitationDetailsResponse, inviteLinkListResponse } from '../../src/shared/api/invitation.schema';
import { staffBookingDetailResponse } from '../../src/shared/api/staff.schema';
import {
  auditLog,
  bookingParticipants,
  bookingRequests,
  customers,
  inviteLinks,
  outbox,
} from '../../src/server/db/schema';
import { call, expectError, PASSWORD, registerCustomer, uniqueEmail, type RegisteredCustomer } from '../support/auth';
import { bookingInState } from '../support/booking-states';
import { catalogueBySlug, type CatalogueRow } from '../support/booking-requests';
import {
  addParticipant,
  cb,
  createBooking,
  joinAsParticipant,
  personalInviteToken,
} from '../support/customer-bookings';
import { createLink, expectNothingWritten, getInvitation, INVITE_MSG, join, joinOk } from '../support/invitations';
import { paymentRows } from '../support/payment-states';
import { pdfText } from '../support/pdf-text';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Account deletion (no personal data left behind; docs/decisions.md,
 * "Accounts and security"): the person's name, e-mail and phone are gone from their account, the
 * bookings they organize and the bookings they joined, for every reader, and their links stop working.
 */

const DELETED = 'Votre compte a été supprimé';
const ERASED_NAME = { firstName: 'Compte', lastName: 'supprimé' };
const DRAFT_CANCEL_REASON = 'Compte du client supprimé';

let t: TestApp;
let catalogue: Map<string, CatalogueRow>;
let staff: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  catalogue = await catalogueBySlug(t.db);
  staff = await createStaffWithSession(t.db, 'staff');
});

afterAll(async () => {
  await t?.close();
});

let people = 0;

/** A person whose name, address and phone appear nowhere else in the test database. */
function distinctPerson(tag: string) {
  people += 1;
  return {
    firstName: `Théodore${tag}`,
    lastName: `Vasseur-Lemoine${tag}`,
    email: uniqueEmail(`theodore.vasseur${tag.toLowerCase()}`),
    phone: `05 58 91 ${String(people).padStart(2, '0')} 46`,
  };
}

type Person = ReturnType<typeof distinctPerson>;

async function register(person: Person) {
  return registerCustomer(t.app, person);
}

function deleteAccount(customer: RegisteredCustomer, password = customer.password) {
  return call(t.app, 'DELETE', 'account', { token: customer.token, payload: { password } });
}

async function deleteOk(customer: RegisteredCustomer) {
  const res = await deleteAccount(customer);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ success: true, message: DELETED });
}

/** The traces of a person in a text: their names, their address and its local part, their phone. */
function expectNoTraceOf(person: Person, text: string) {
  // The phone as typed and as stored (docs/decisions.md, "Phone numbers").
  const phones = [person.phone, normalisePhone(person.phone)];
  for (const value of [person.firstName, person.lastName, person.email, person.email.split('@')[0]!, ...phones]) {
    expect(text).not.toContain(value);
  }
}

/**
 * Every stored row that may hold a person's data: accounts, bookings (main contact), participants,
 * the audit trail (who acted, the participant an entry is about).
 */
async function storedPersonalData() {
  const [accounts, bookings, participants, audit] = await Promise.all([
    t.db.select().from(customers),
    t.db.select().from(bookingRequests),
    t.db.select().from(bookingParticipants),
    t.db.select().from(auditLog),
  ]);
  return JSON.stringify({ accounts, bookings, participants, audit });
}

async function customerDetail(token: string, bookingId: string) {
  const res = await cb(t.app, 'GET', `/${bookingId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, detail: bookingDetailResponse.strict().parse(res.json()).data };
}

/**
 * The staff detail, and its text without the copies of the e-mails sent about the booking: the
 * ones sent to the person are deleted with the account, the team's own (which may name them) are
 * the park's, kept 30 days (OUTBOX_RETENTION_DAYS); what the team reads of the booking itself,
 * audit trail included, is erased.
 */
async function staffDetail(bookingId: string) {
  const res = await staffCall(t.app, 'GET', `/booking-requests/${bookingId}`, staff.token);
  expect(res.statusCode, res.body).toBe(200);
  const detail = staffBookingDetailResponse.parse(res.json()).data;
  const { emails: _sentMails, ...booking } = detail;
  return { body: JSON.stringify(booking), detail };
}

async function draftOf(organizer: RegisteredCustomer) {
  return createBooking(t.app, organizer, {
    participants: 8,
    lines: [{ item: catalogue.get('parcours-aventure')! }],
  });
}

describe('an organizer deletes their account', () => {
  it('erases them from their bookings for everyone, deactivates their links and cancels their draft', async () => {
    const owner = distinctPerson('A');
    const organizer = await register(owner);
    const booking = await draftOf(organizer);
    const link = await createLink(t.app, organizer.token, booking._id, { maxUses: 10 });
    const friend = await registerCustomer(t.app, { firstName: 'Inès', lastName: 'Moreau' });
    await joinOk(t.app, link.token, {}, friend.token);
    // Before: the friend sees the organizer's name, e-mail and phone (SPEC.md §2).
    expect((await customerDetail(friend.token, booking._id)).body).toContain(owner.lastName);
    const mailsTo = async () => (await t.db.select().from(outbox)).filter((mail) => mail.to === organizer.email);
    // The welcome and "request received" mails, kept in the outbox for the back-office.
    expect((await mailsTo()).map((mail) => mail.template)).toEqual(
      expect.arrayContaining(['account-created', 'request-received']),
    );

    await deleteOk(organizer);
    // Their copies are gone with the account.
    expect(await mailsTo()).toEqual([]);

    // The public invitation page and a stranger's join: the link was deactivated with the account.
    expectError(await getInvitation(t.app, link.token), 403, INVITE_MSG.revoked, 'LINK_REVOKED');
    await expectNothingWritten(t.db, async () => {
      const res = await join(t.app, link.token, {
        firstName: 'Paul',
        lastName: 'Inconnu',
        email: uniqueEmail('inconnu'),
        password: 'Heron-Resine-48',
        confirmPassword: 'Heron-Resine-48',
      });
      expectError(res, 403, INVITE_MSG.revoked, 'LINK_REVOKED');
    });
    const [stored] = await t.db.select().from(inviteLinks).where(eq(inviteLinks.id, link._id));
    expect(stored).toMatchObject({ isActive: false, usedCount: 1 });
    expect(stored!.revokedAt).toBeInstanceOf(Date);

    // The participant who joined still sees the booking, without anything of the organizer.
    const seen = await customerDetail(friend.token, booking._id);
    expectNoTraceOf(owner, seen.body);
    expect(seen.detail.mainContact).toEqual({ ...ERASED_NAME, email: '', phone: null });
    expect(seen.detail.organizer).toMatchObject(ERASED_NAME);
    const organizerRow = seen.detail.bookingParticipants.find((row) => row.role === 'Organisateur')!;
    expect(organizerRow).toMatchObject({ ...ERASED_NAME, phone: null });
    expect(organizerRow.email).toMatch(/^supprime-[0-9a-f-]{36}@compte-supprime\.invalid$/);
    expect(seen.detail.bookingParticipants.find((row) => row.customerId === friend.id)).toMatchObject({
      firstName: 'Inès',
      lastName: 'Moreau',
      email: friend.email,
    });
    // A draft has nobody left to validate or pay it: it is canceled, with the reason the team reads.
    expect(seen.detail.status).toBe('canceled');

    const team = await staffDetail(booking._id);
    expectNoTraceOf(owner, team.body);
    expect(team.detail.mainContact).toEqual({ ...ERASED_NAME, email: '', phone: null });
    expect(team.detail).toMatchObject({ status: 'canceled', cancelReason: DRAFT_CANCEL_REASON });
    // The trail keeps what happened (the link, the friend joining), the organizer's name erased.
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.bookingId, booking._id))
      .orderBy(auditLog.createdAt);
    const friendRow = seen.detail.bookingParticipants.find((row) => row.customerId === friend.id)!;
    expect(audit).toEqual([
      expect.objectContaining({
        actorType: 'customer',
        actorName: 'Compte supprimé',
        action: 'invite_link_created',
        before: null,
        after: { inviteLinkId: link._id, maxUses: 10, expiresAt: null },
      }),
      expect.objectContaining({
        actorType: 'customer',
        actorId: friend.id,
        actorName: 'Inès Moreau',
        action: 'participant_joined',
        before: null,
        after: { participantId: friendRow._id, participant: 'Inès Moreau', participantStatus: 'joined' },
      }),
      expect.objectContaining({
        actorType: 'customer',
        actorName: 'Compte supprimé',
        action: 'cancel',
        before: { status: 'draft' },
        after: { status: 'canceled', cancelReason: DRAFT_CANCEL_REASON },
      }),
    ]);

    expectNoTraceOf(owner, await storedPersonalData());
  });

  it('keeps a confirmed booking, its payments and its amounts, with the organizer anonymised there and in the contract', async () => {
    const owner = distinctPerson('BB');
    const organizer = await register(owner);
    const state = await bookingInState(t, 'confirmed', { organizer, staff });
    const before = await staffDetail(state.id);
    const paymentsBefore = await paymentRows(t.db, state.id);
    expect(paymentsBefore.length).toBeGreaterThan(0);

    await deleteOk(organizer);

    const after = await staffDetail(state.id);
    expectNoTraceOf(owner, after.body);
    expect(after.detail.status).toBe('confirmed');
    expect(after.detail.mainContact).toEqual({ ...ERASED_NAME, email: '', phone: null });
    expect(after.detail.estimatedTotal).toBe(before.detail.estimatedTotal);
    expect(after.detail.bookingActivities).toEqual(before.detail.bookingActivities);
    expect(after.detail.paymentState).toEqual(before.detail.paymentState);
    expect(after.detail.paymentConfig).toEqual(before.detail.paymentConfig);
    expect(await paymentRows(t.db, state.id)).toEqual(paymentsBefore);

    const contract = await t.app.inject({
      method: 'GET',
      url: `/api/v1/contracts/contrat-${state.reference}.pdf`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(contract.statusCode).toBe(200);
    const text = await pdfText(contract.rawPayload);
    expect(text).toContain(`Référence ${state.reference}`);
    expect(text).toContain('Le client : Compte supprimé');
    expectNoTraceOf(owner, text);

    expectNoTraceOf(owner, await storedPersonalData());
  });

  it('deactivates the personal invitations they sent, so an invitee can no longer join', async () => {
    const owner = distinctPerson('CCC');
    const organizer = await register(owner);
    const booking = await draftOf(organizer);
    const invitee = await addParticipant(t.app, organizer.token, booking._id, {
      firstName: 'Hugo',
      lastName: 'Invité',
      email: uniqueEmail('hugo'),
    });
    const token = await personalInviteToken(t.db, invitee._id);
    expect((await getInvitation(t.app, token)).statusCode).toBe(200);

    await deleteOk(organizer);

    expectError(await getInvitation(t.app, token), 403, INVITE_MSG.revoked, 'LINK_REVOKED');
    const links = await t.db.select().from(inviteLinks).where(eq(inviteLinks.bookingId, booking._id));
    expect(links.map((row) => row.isActive)).toEqual([false]);
  });
});

describe('a participant deletes their account', () => {
  it('is erased from the bookings they joined, for the organizer, the other participants, the invitation page and the team', async () => {
    const organizer = await registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' });
    const booking = await draftOf(organizer);
    const link = await createLink(t.app, organizer.token, booking._id, { maxUses: 10 });
    const owner = distinctPerson('DDDD');
    const participant = await register(owner);
    await joinOk(t.app, link.token, { phone: owner.phone }, participant.token);
    const other = await registerCustomer(t.app, { firstName: 'Nina', lastName: 'Roux' });
    await joinOk(t.app, link.token, {}, other.token);
    const publicPage = async () => invitationDetailsResponse.parse((await getInvitation(t.app, link.token)).json());
    expect(JSON.stringify(await publicPage())).toContain(owner.lastName);

    await deleteOk(participant);

    // The organizer's booking goes on: the link still works and the draft is not canceled.
    const page = await publicPage();
    expectNoTraceOf(owner, JSON.stringify(page));
    expect(page.data.invitationInfo.participants).toContainEqual(ERASED_NAME);
    const seenByOrganizer = await customerDetail(organizer.token, booking._id);
    expectNoTraceOf(owner, seenByOrganizer.body);
    expect(seenByOrganizer.detail.status).toBe('draft');
    const row = seenByOrganizer.detail.bookingParticipants.find((item) => item.customerId === participant.id)!;
    expect(row).toMatchObject({ ...ERASED_NAME, phone: null, status: 'joined', isActive: true });
    expect(row.email).toMatch(/^supprime-[0-9a-f-]{36}@compte-supprime\.invalid$/);
    expectNoTraceOf(owner, (await customerDetail(other.token, booking._id)).body);
    expectNoTraceOf(owner, (await staffDetail(booking._id)).body);
    const links = await cb(t.app, 'GET', `/${booking._id}/invite-links`, organizer.token);
    expect(links.statusCode).toBe(200);
    expectNoTraceOf(owner, JSON.stringify(inviteLinkListResponse.parse(links.json()).data));
    expect(inviteLinkListResponse.parse(links.json()).data[0]!.status).toBe('active');

    // The organizer's link keeps working for a newcomer, who sees no trace of the deleted person.
    const newcomer = await registerCustomer(t.app, { firstName: 'Paul', lastName: 'Nouveau' });
    await joinOk(t.app, link.token, {}, newcomer.token);
    expectNoTraceOf(owner, (await customerDetail(newcomer.token, booking._id)).body);

    expectNoTraceOf(owner, await storedPersonalData());
  });

  it('erases a pending invitation sent to their address and revokes its link', async () => {
    const organizer = await registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' });
    const booking = await draftOf(organizer);
    const owner = distinctPerson('EEEEE');
    const invited = await register(owner);
    const pending = await addParticipant(t.app, organizer.token, booking._id, owner);
    const token = await personalInviteToken(t.db, pending._id);
    // A second booking the person joined, to erase both kinds of rows in one deletion.
    const joinedBooking = await draftOf(organizer);
    await joinAsParticipant(t.app, t.db, organizer.token, joinedBooking._id, { ...owner, token: invited.token });

    await deleteOk(invited);

    const [row] = await t.db.select().from(bookingParticipants).where(eq(bookingParticipants.id, pending._id));
    expect(row).toMatchObject({ ...ERASED_NAME, phone: null, isActive: false, customerId: null });
    expectError(await getInvitation(t.app, token), 403, INVITE_MSG.revoked, 'LINK_REVOKED');
    const detail = await customerDetail(organizer.token, booking._id);
    expect(detail.detail.bookingParticipants.map((item) => item._id)).not.toContain(pending._id);
    expectNoTraceOf(owner, (await customerDetail(organizer.token, joinedBooking._id)).body);
    // The team's trail of both (the invitation, the join) no longer names them either.
    expectNoTraceOf(owner, (await staffDetail(booking._id)).body);
    expectNoTraceOf(owner, (await staffDetail(joinedBooking._id)).body);
    expectNoTraceOf(owner, await storedPersonalData());
  });
});

describe('deletion refusals and races', () => {
  it('changes nothing in the bookings when the password is wrong', async () => {
    const owner = distinctPerson('FFFFFF');
    const organizer = await register(owner);
    const booking = await draftOf(organizer);
    const before = await t.db.select().from(bookingParticipants).where(eq(bookingParticipants.bookingId, booking._id));
    expectError(await deleteAccount(organizer, 'Pas-Le-Bon-12'), 400, 'Mot de passe incorrect', 'WRONG_PASSWORD');
    expect(await t.db.select().from(bookingParticipants).where(eq(bookingParticipants.bookingId, booking._id))).toEqual(
      before,
    );
    const [stored] = await t.db.select().from(bookingRequests).where(eq(bookingRequests.id, booking._id));
    expect(stored!.status).toBe('draft');
    expect(stored!.mainContact).toMatchObject({ lastName: owner.lastName, email: owner.email });
  });

  it('erases a booking joined at the same moment as the deletion, or the join finds no account', async () => {
    const organizer = await registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' });
    for (const tag of ['Hx', 'Hy', 'Hz']) {
      const booking = await draftOf(organizer);
      const link = await createLink(t.app, organizer.token, booking._id);
      const owner = distinctPerson(tag);
      const person = await register(owner);
      const [joined, deleted] = await Promise.all([join(t.app, link.token, {}, person.token), deleteAccount(person)]);
      expect(deleted.statusCode, deleted.body).toBe(200);
      if (joined.statusCode !== 200) expectError(joined, 401, 'Veuillez vous connecter', 'UNAUTHENTICATED');
      expectNoTraceOf(owner, await storedPersonalData());
    }
  });

  it('deletes once when two sessions delete the account at the same time', async () => {
    const owner = distinctPerson('GGGGGGG');
    const organizer = await register(owner);
    await draftOf(organizer);
    const second = await call(t.app, 'POST', 'login', { payload: { email: organizer.email, password: PASSWORD } });
    expect(second.statusCode).toBe(200);
    const responses = await Promise.all([
      deleteAccount(organizer),
      call(t.app, 'DELETE', 'account', { token: second.json().token, payload: { password: PASSWORD } }),
    ]);
    expect(responses.filter((res) => res.statusCode === 200)).toHaveLength(1);
    // The other one either finds the account gone (401) or its password no longer valid (400).
    const loser = responses.find((res) => res.statusCode !== 200)!;
    if (loser.statusCode === 401) expectError(loser, 401, 'Veuillez vous connecter', 'UNAUTHENTICATED');
    else expectError(loser, 400, 'Mot de passe incorrect', 'WRONG_PASSWORD');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.actorId, organizer.id));
    expect(audit).toHaveLength(1);
    expectNoTraceOf(owner, await storedPersonalData());
  });
});
