import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationDetailsResponse } from '../../src/shared/api/invitation.schema';
import { bookingParticipants, customers } from '../../src/server/db/schema';
import {
  call,
  expectError,
  expectValidation,
  login,
  loginOk,
  nextAddress,
  registerCustomer,
  temporaryPasswordFor,
  uniqueEmail,
  type RegisteredCustomer,
} from '../support/auth';
import { catalogueBySlug, type CatalogueRow } from '../support/booking-requests';
import { cb, createBooking, getDetail, MSG, personalInviteToken, setBookingState } from '../support/customer-bookings';
import {
  createLink,
  expectNothingWritten,
  getInvitation,
  INVITE_MSG,
  join,
  joinOk,
  linkRow,
  participantsOfBooking,
  setLink,
} from '../support/invitations';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let organizer: RegisteredCustomer;
let catalogue: Map<string, CatalogueRow>;

const PASSWORD = 'Cabane-Dune-77';

async function newBooking(participants = 10) {
  const created = await createBooking(t.app, organizer, {
    participants,
    // A line holds at most 50 (SPEC.md §9); a bigger group's lines are sessions of 50 or fewer.
    lines: [
      { item: catalogue.get('parcours-aventure')!, participants: Math.min(participants, 50) },
      { item: catalogue.get('paintball')!, offset: 1, participants: Math.min(participants, 50) },
    ],
  });
  return created;
}

function person(name: string, extra: Record<string, unknown> = {}) {
  return { firstName: 'Zoé', lastName: name, email: uniqueEmail(name.toLowerCase()), ...extra };
}

beforeAll(async () => {
  t = await createTestApp();
  organizer = await registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin', phone: '06 00 00 00 01' });
  catalogue = await catalogueBySlug(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/invitations/{token}', () => {
  it('gives the invitation details of SPEC.md §3, with other people by name only (no e-mail, no phone)', async () => {
    const booking = await newBooking();
    const link = await createLink(t.app, organizer.token, booking._id, { maxUses: 5 });
    await joinOk(
      t.app,
      link.token,
      person('Petit', { phone: '06 99 88 77 66', password: PASSWORD, confirmPassword: PASSWORD }),
    );

    const res = await getInvitation(t.app, link.token);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = invitationDetailsResponse.strict().parse(res.json());
    expect(data.invitationInfo).toEqual({
      kind: 'link',
      createdBy: { firstName: 'Léa', lastName: 'Martin' },
      maxUses: 5,
      remainingUses: 4,
      expiresAt: null,
      participants: [
        { firstName: 'Léa', lastName: 'Martin' },
        { firstName: 'Zoé', lastName: 'Petit' },
      ],
      invitee: null,
      participantLimit: 10,
      isFull: false,
    });
    expect(data.bookingDetails).toMatchObject({
      id: booking._id,
      bookingRequestId: booking.bookingRequestId,
      startDate: booking.startDate,
      endDate: booking.endDate,
      bookingType: 'anniv',
      participants: 10,
      organizer: { firstName: 'Léa', lastName: 'Martin' },
    });
    expect(data.bookingDetails.activities.map((activity) => activity.name)).toEqual(['Parcours aventure', 'Paintball']);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('@');
    expect(res.body).not.toContain('06 ');
  });

  it('shows no programme while the birthday is a surprise: the link may reach the guest of honour', async () => {
    const booking = await newBooking();
    const link = await createLink(t.app, organizer.token, booking._id, { maxUses: 5 });
    const surprise = await cb(t.app, 'PUT', `/${booking._id}`, organizer.token, { surprise: true });
    expect(surprise.statusCode, surprise.body).toBe(200);

    const hidden = await getInvitation(t.app, link.token);
    expect(hidden.statusCode, hidden.body).toBe(200);
    const { data } = invitationDetailsResponse.strict().parse(hidden.json());
    expect(data.bookingDetails).toMatchObject({ bookingType: 'anniv', startDate: booking.startDate, activities: [] });
    for (const word of ['Parcours', 'Paintball']) expect(hidden.body).not.toContain(word);

    expect((await cb(t.app, 'PUT', `/${booking._id}`, organizer.token, { surprise: false })).statusCode).toBe(200);
    const shown = invitationDetailsResponse.strict().parse((await getInvitation(t.app, link.token)).json());
    expect(shown.data.bookingDetails.activities.map((activity) => activity.name)).toEqual([
      'Parcours aventure',
      'Paintball',
    ]);
  });

  it('refuses a short or malformed token (400), an unknown one (404), a missing one (400)', async () => {
    expectError(await getInvitation(t.app, 'court'), 400, INVITE_MSG.tokenInvalid);
    expectError(await getInvitation(t.app, 'a'.repeat(9)), 400, INVITE_MSG.tokenInvalid);
    expectError(await getInvitation(t.app, `${'a'.repeat(20)}%27%3B`), 400, INVITE_MSG.tokenInvalid);
    // SPEC.md §5: a token must exist, else 'Token d'invitation invalide' (still a 404).
    expectError(await getInvitation(t.app, 'A'.repeat(22)), 404, "Token d'invitation invalide", 'NOT_FOUND');
    expectError(await getInvitation(t.app, 'abcdefghij'), 404, "Token d'invitation invalide", 'NOT_FOUND');
    expectError(await getInvitation(t.app, ''), 400, INVITE_MSG.tokenMissing);
    // No route of its own: the empty token reaches the token's routes (docs/decisions.md, "The API document").
    const form = { firstName: 'Léa', lastName: 'Martin', email: 'lea.martin@example.fr' };
    expectError(await join(t.app, '', form), 400, INVITE_MSG.tokenMissing);
  });

  it('answers expired and exhausted links, and links of a validated request, with their message (403)', async () => {
    const booking = await newBooking();
    const expired = await createLink(t.app, organizer.token, booking._id);
    await setLink(t.db, expired, { expiresAt: new Date(Date.now() - 1000) });
    expectError(await getInvitation(t.app, expired.token), 403, INVITE_MSG.expired);
    const exhausted = await createLink(t.app, organizer.token, booking._id, { maxUses: 1 });
    await setLink(t.db, exhausted, { usedCount: 1 });
    expectError(await getInvitation(t.app, exhausted.token), 403, INVITE_MSG.exhausted);
    const open = await createLink(t.app, organizer.token, booking._id);
    await setBookingState(t.db, booking._id, { clientValidation: 'validated' });
    expectError(await getInvitation(t.app, open.token), 403, INVITE_MSG.closed);
    await expectNothingWritten(t.db, async () => {
      expectError(await join(t.app, open.token, person('Clos')), 403, INVITE_MSG.closed);
      expectError(await join(t.app, expired.token, person('Tard')), 403, INVITE_MSG.expired);
    });
  });

  it('throttles token look-ups per address (429 after 60 a minute)', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 61; index += 1) {
      statuses.push((await getInvitation(t.app, `inconnu${String(index).padStart(14, '0')}`, address)).statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expectError(await getInvitation(t.app, 'A'.repeat(22), address), 429, INVITE_MSG.tooMany);
    // Another address is not affected.
    expect((await getInvitation(t.app, 'A'.repeat(22))).statusCode).toBe(404);
  });
});

describe('POST /api/v1/invitations/{token}/join', () => {
  it('a new person with a password gets an account and a session, and sees the booking read-only', async () => {
    const booking = await newBooking();
    const link = await createLink(t.app, organizer.token, booking._id);
    const form = person('Petit', { password: PASSWORD, confirmPassword: PASSWORD, phone: '+33 6 12-34 (56)' });
    const joined = await joinOk(t.app, link.token, form);
    expect(joined).toEqual({
      success: true,
      message: INVITE_MSG.joined,
      shouldRedirect: true,
      token: expect.any(String),
      redirectTo: `/booking/${booking._id}`,
      data: { bookingDetails: { id: booking._id, bookingRequestId: booking.bookingRequestId } },
    });
    const detail = await getDetail(t.app, joined.token!, booking._id);
    expect(detail).toMatchObject({
      userRole: 'participant',
      permissions: { canModify: false, canModifyActivities: false, canAddParticipants: false, canPay: false },
      participantDetails: { status: 'joined', hasConnected: true },
    });
    const [account] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.email, String(form.email)));
    expect(account).toMatchObject({
      firstName: 'Zoé',
      lastName: 'Petit',
      phone: '+33 6 12-34 (56)',
      temporaryPasswordHash: null,
    });
    expect((await loginOk(t.app, String(form.email), PASSWORD)).customer.isTemporaryPassword).toBe(false);
    expect((await linkRow(t.db, link._id)).usedCount).toBe(1);
  });

  it('without a password: a temporary password is e-mailed, must be changed at the first login, then the booking opens', async () => {
    const booking = await newBooking();
    const link = await createLink(t.app, organizer.token, booking._id, { maxUses: 3 });
    const form = person('Sans');
    const joined = await joinOk(t.app, link.token, form);
    expect(joined).toMatchObject({
      message: INVITE_MSG.joinedByEmail,
      shouldRedirect: false,
      token: null,
      redirectTo: null,
    });
    expect(joined.data.bookingDetails.id).toBe(booking._id);
    const [row] = (await participantsOfBooking(t.db, booking._id)).filter((r) => r.email === form.email);
    expect(row).toMatchObject({
      invitationStatus: 'joined',
      hasConnected: false,
      isActive: true,
      inviteLinkId: link._id,
    });

    const { password } = await temporaryPasswordFor(t, String(form.email));
    const session = await loginOk(t.app, String(form.email), password);
    expect(session.customer.isTemporaryPassword).toBe(true);
    // Forced to change it first (DESIGN.md §3): every other call answers 403.
    const blocked = await cb(t.app, 'GET', `/${booking._id}`, session.token);
    expect(blocked.statusCode).toBe(403);
    const change = await call(t.app, 'PUT', 'reset-password', {
      token: session.token,
      payload: { currentPassword: password, newPassword: 'Nouveau-Sentier-12' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const detail = await getDetail(t.app, session.token, booking._id);
    expect(detail.participantDetails).toMatchObject({ status: 'joined', hasConnected: true });
  });

  it('a logged-in customer joins with their account (not the form e-mail); joining twice is one participant and costs no use', async () => {
    const booking = await newBooking();
    const guest = await registerCustomer(t.app, { firstName: 'Paul', lastName: 'Girard' });
    const link = await createLink(t.app, organizer.token, booking._id, { maxUses: 3 });
    const first = await joinOk(t.app, link.token, person('Autre'), guest.token);
    expect(first).toMatchObject({
      message: INVITE_MSG.joined,
      shouldRedirect: true,
      token: null,
      redirectTo: `/booking/${booking._id}`,
    });
    const rows = (await participantsOfBooking(t.db, booking._id)).filter((row) => row.role === 'Participant');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ customerId: guest.id, email: guest.email, firstName: 'Paul', lastName: 'Girard' });

    await expectNothingWritten(t.db, async () => {
      const again = await joinOk(t.app, link.token, person('Autre'), guest.token);
      expect(again).toMatchObject({
        message: INVITE_MSG.alreadyMember,
        shouldRedirect: true,
        redirectTo: `/booking/${booking._id}`,
      });
      // Logged in, the form is optional: the account is who joins.
      expect((await joinOk(t.app, link.token, {}, guest.token)).message).toBe(INVITE_MSG.alreadyMember);
      expectValidation(
        await join(t.app, link.token, { phone: 'appelle-moi' }, guest.token),
        'phone',
        'Format de téléphone invalide',
      );
      expectError(await join(t.app, link.token, ['pas', 'un', 'objet'] as never), 400, 'Données invalides');
      const own = await joinOk(t.app, link.token, person('Orga'), organizer.token);
      expect(own.message).toBe(INVITE_MSG.alreadyMember);
    });
    expect((await linkRow(t.db, link._id)).usedCount).toBe(1);
  });

  it('logged out with the e-mail of an existing account: asked to log in first, nothing attached or written', async () => {
    const booking = await newBooking();
    const owner = await registerCustomer(t.app, { firstName: 'Nina', lastName: 'Roy' });
    const link = await createLink(t.app, organizer.token, booking._id);
    await expectNothingWritten(t.db, async () => {
      for (const email of [owner.email, ` ${owner.email.toUpperCase()} `, organizer.email]) {
        expectError(
          await join(t.app, link.token, person('Roy', { email })),
          409,
          INVITE_MSG.loginFirst,
          'ACCOUNT_EXISTS',
        );
        expectError(
          await join(t.app, link.token, person('Roy', { email, password: PASSWORD, confirmPassword: PASSWORD })),
          409,
          INVITE_MSG.loginFirst,
        );
      }
    });
    expectError(await cb(t.app, 'GET', `/${booking._id}`, owner.token), 404, MSG.notFound);
  });

  it('refuses an invalid join form with the messages of SPEC.md §5 and writes nothing', async () => {
    const booking = await newBooking();
    const link = await createLink(t.app, organizer.token, booking._id);
    const valid = person('Valide');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...valid, firstName: undefined }, 'firstName', 'Le prénom est requis'],
      [{ ...valid, firstName: '  ' }, 'firstName', 'Le prénom est requis'],
      [{ ...valid, lastName: '' }, 'lastName', 'Le nom est requis'],
      [{ ...valid, email: '' }, 'email', "L'email est requis"],
      [{ ...valid, email: undefined }, 'email', "L'email est requis"],
      [{ ...valid, email: 'zoe@exemple' }, 'email', "Format d'email invalide"],
      [{ ...valid, email: 'zoe exemple.fr' }, 'email', "Format d'email invalide"],
      [{ ...valid, phone: '06 12 34 56 7a' }, 'phone', 'Format de téléphone invalide'],
      [
        { ...valid, password: '12345', confirmPassword: '12345' },
        'password',
        'Le mot de passe doit contenir au moins 6 caractères',
      ],
      [{ ...valid, password: PASSWORD }, 'confirmPassword', 'La confirmation du mot de passe est requise'],
      [
        { ...valid, password: PASSWORD, confirmPassword: `${PASSWORD}x` },
        'confirmPassword',
        'Les mots de passe ne correspondent pas',
      ],
    ];
    await expectNothingWritten(t.db, async () => {
      for (const [form, field, message] of cases) expectValidation(await join(t.app, link.token, form), field, message);
      expectError(
        await join(t.app, link.token, { ...valid, password: 'azerty', confirmPassword: 'azerty' }),
        400,
        'Ce mot de passe est trop courant, choisissez-en un autre',
        'COMMON_PASSWORD',
      );
      expectError(await join(t.app, 'court', valid), 400, INVITE_MSG.tokenInvalid);
      expectError(await join(t.app, 'B'.repeat(22), valid), 404, "Token d'invitation invalide", 'NOT_FOUND');
      expectError(await join(t.app, 'abcdefghij', valid), 404, "Token d'invitation invalide", 'NOT_FOUND');
    });
  });

  it("a link with a maximum refuses the join past it: 'Ce lien d'invitation a atteint sa limite d'utilisation'", async () => {
    const booking = await newBooking();
    const link = await createLink(t.app, organizer.token, booking._id, { maxUses: 1 });
    await joinOk(t.app, link.token, person('Premier'));
    await expectNothingWritten(t.db, async () => {
      expectError(await join(t.app, link.token, person('Second')), 403, INVITE_MSG.exhausted, 'LINK_EXHAUSTED');
    });
    expect((await linkRow(t.db, link._id)).usedCount).toBe(1);
  });

  it('50 concurrent joins on a link with maxUses 3 give exactly 3 participants and 3 uses', async () => {
    const booking = await newBooking(60);
    const link = await createLink(t.app, organizer.token, booking._id, { maxUses: 3 });
    const forms = Array.from({ length: 50 }, (_, index) => person(`Course${index}`));
    const results = await Promise.all(forms.map((form) => join(t.app, link.token, form)));
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 403)).toHaveLength(47);
    for (const res of results.filter((r) => r.statusCode === 403)) expectError(res, 403, INVITE_MSG.exhausted);
    const joined = (await participantsOfBooking(t.db, booking._id)).filter((row) => row.inviteLinkId === link._id);
    expect(joined).toHaveLength(3);
    expect((await linkRow(t.db, link._id)).usedCount).toBe(3);
    // Only the three who joined got an account.
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

  it('the same logged-in person joining twice at once is one participant and one use', async () => {
    const booking = await newBooking();
    const guest = await registerCustomer(t.app, { firstName: 'Éva', lastName: 'Blanc' });
    const link = await createLink(t.app, organizer.token, booking._id, { maxUses: 5 });
    const results = await Promise.all([1, 2, 3].map(() => join(t.app, link.token, person('Blanc'), guest.token)));
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const rows = await t.db.select().from(bookingParticipants).where(eq(bookingParticipants.customerId, guest.id));
    expect(rows).toHaveLength(1);
    expect((await linkRow(t.db, link._id)).usedCount).toBe(1);
  });

  it('accepting a personal invitation takes the invited row; a participant never receives co-participants’ contacts', async () => {
    const booking = await newBooking();
    const link = await createLink(t.app, organizer.token, booking._id);
    const first = await joinOk(
      t.app,
      link.token,
      person('Un', { phone: '06 11 11 11 11', password: PASSWORD, confirmPassword: PASSWORD }),
    );
    const second = person('Deux', { phone: '06 22 22 22 22', password: PASSWORD, confirmPassword: PASSWORD });
    const invite = await cb(t.app, 'POST', `/${booking._id}/participants`, organizer.token, {
      firstName: 'Zoé',
      lastName: 'Deux',
      email: second.email,
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const invitedId = (invite.json() as { data: { _id: string } }).data._id;
    const [personal] = await t.db.select().from(bookingParticipants).where(eq(bookingParticipants.id, invitedId));
    expect(personal?.invitationStatus).toBe('invited');
    const token = await personalInviteToken(t.db, invitedId);
    const details = invitationDetailsResponse.parse((await getInvitation(t.app, token)).json()).data;
    expect(details.invitationInfo).toMatchObject({ kind: 'personal', maxUses: 1, invitee: { email: second.email } });
    const accepted = await joinOk(t.app, token, second);
    const rows = await participantsOfBooking(t.db, booking._id);
    expect(rows.find((row) => row.id === invitedId)).toMatchObject({
      invitationStatus: 'joined',
      phone: '+33622222222',
    });
    expect(rows.filter((row) => row.isActive)).toHaveLength(3);
    // One use only, and nobody else's.
    expectError(
      await join(t.app, token, person('Trois')),
      403,
      'Cette invitation est personnelle : elle ne peut être acceptée que par la personne invitée',
      'FORBIDDEN',
    );

    const detail = await getDetail(t.app, first.token!, booking._id);
    const other = detail.bookingParticipants.find((row) => row._id === invitedId)!;
    expect(other).toMatchObject({ firstName: 'Zoé', lastName: 'Deux' });
    expect(other.email).toBeUndefined();
    expect(other.phone).toBeUndefined();
    expect(JSON.stringify(detail)).not.toContain(String(second.email));
    expect(JSON.stringify(detail)).not.toContain('+33622222222');
    const own = detail.bookingParticipants.find((row) => row.phone === '+33611111111');
    expect(own).toBeDefined();
    // The organizer sees everyone's contacts.
    const full = await getDetail(t.app, organizer.token, booking._id);
    expect(full.bookingParticipants.find((row) => row._id === invitedId)?.email).toBe(second.email);
    expect(accepted.token).not.toBeNull();
    // Read-only: a participant's writes are refused.
    expect((await cb(t.app, 'POST', `/${booking._id}/validate`, first.token!)).statusCode).toBe(403);
    expect((await cb(t.app, 'POST', `/${booking._id}/invite-links`, first.token!, {})).statusCode).toBe(403);
    expect((await login(t.app, String(second.email), PASSWORD)).statusCode).toBe(200);
  });
});
