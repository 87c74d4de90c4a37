import { and, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { outbox } from '../../src/server/db/schema';
import { inTransaction } from '../../src/server/db/transaction';
import type { ServiceDeps } from '../../src/server/deps';
import { outboxMailer } from '../../src/server/modules/mail/mailer.public';
import { shareReminderMail } from '../../src/server/modules/mail/group-templates.public';
import { bookingConfirmedMail, paymentReceivedMail } from '../../src/server/modules/mail/payment-templates.public';
import { invitedWelcomeMail, quoteReadyMail } from '../../src/server/modules/mail/templates.public';
import { sendDueDigests } from '../../src/server/modules/messages/messages.service';
import { serviceDepsFromConfig } from '../../src/server/service-deps-from-config';
import { cb, putOk } from '../support/customer-bookings';
import { MESSAGES, msgCall } from '../support/messages';
import { prebookedBooking, type PaymentState } from '../support/payment-states';
import { createStaffWithSession } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
/** The services' deps as the server builds them (the surprise screen included), mails to the outbox. */
let deps: ServiceDeps;

beforeAll(async () => {
  t = await createTestApp();
  deps = serviceDepsFromConfig(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), t.db, t.app.log, outboxMailer());
});

afterAll(async () => {
  await t?.close();
});

/** A birthday of the organizer and 3 friends, the third one the guest of honour, in surprise mode. */
async function surpriseParty() {
  const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 40_000, joined: 3 });
  const guest = state.participants[2]!;
  const marked = await cb(
    t.app,
    'PUT',
    `/${state.bookingId}/participants/${guest.participantId}`,
    state.organizer.token,
    {
      guestOfHonour: true,
    },
  );
  expect(marked.statusCode, marked.body).toBe(200);
  await putOk(t.app, state.organizer.token, state.bookingId, { surprise: true });
  return { ...state, guest, friend: state.participants[0]! };
}

/** Every mail about the booking's programme, to one person, queued as the services do. */
async function programmeMails(
  state: PaymentState,
  person: { email: string; session: { customer: { firstName: string } } },
) {
  const firstName = person.session.customer.firstName;
  const context = await deps.mailContext();
  const details = { firstName, reference: state.reference, bookingId: state.bookingId };
  await inTransaction(t.db, async (tx) => {
    const dueAt = new Date(Date.now() + 7 * 86_400_000);
    await deps.mailer.queue(
      tx,
      quoteReadyMail(context, person.email, {
        ...details,
        paymentLabel: 'Paiement collectif',
        totalCents: 40_000,
        dueCents: 10_000,
        dueAt,
        instructions: 'Parcours aventure à 10 h, Paintball à 14 h',
      }),
    );
    await deps.mailer.queue(
      tx,
      shareReminderMail(context, person.email, { ...details, amountCents: 13_334, dueAt, startDate: '2027-06-12' }),
    );
    await deps.mailer.queue(
      tx,
      paymentReceivedMail(context, person.email, { ...details, kind: 'share', amountCents: 13_334, balanceCents: 0 }),
    );
    await deps.mailer.queue(
      tx,
      bookingConfirmedMail(context, person.email, {
        ...details,
        startDate: '2027-06-12',
        collective: { paid: 3, total: 3 },
        passes: [],
      }),
    );
    await deps.mailer.queue(
      tx,
      invitedWelcomeMail(context, person.email, firstName, 'Mot-De-Passe-Temp-1', {
        bookingId: state.bookingId,
        organizerName: 'Claire Organisatrice',
        eventLabel: 'Anniversaire',
        dateLabel: 'samedi 12 juin 2027',
      }),
    );
  });
}

const TEMPLATES = ['booking-confirmed', 'invited-welcome', 'payment-received', 'quote-ready', 'share-reminder'];

/** The mails of TEMPLATES written to the addresses (not their account's mails). */
async function outboxOf(...addresses: string[]) {
  return t.db
    .select()
    .from(outbox)
    .where(and(inArray(outbox.to, addresses), inArray(outbox.template, [...TEMPLATES, 'team-messages'])));
}

const templatesOf = (rows: Array<{ to: string; template: string }>, to: string) =>
  rows
    .filter((row) => row.to === to)
    .map((row) => row.template)
    .sort();

describe('the mails of a surprise (docs/decisions.md, "Group shares")', () => {
  it('never writes a mail telling the programme to a guest of honour kept in the surprise; the others get it', async () => {
    const state = await surpriseParty();
    for (const person of [state.organizer, state.friend, state.guest]) await programmeMails(state, person);

    const rows = await outboxOf(state.organizer.email, state.friend.email, state.guest.email);
    const all = TEMPLATES;
    expect(templatesOf(rows, state.organizer.email)).toEqual(all);
    expect(templatesOf(rows, state.friend.email)).toEqual(all);
    // Only the welcome, which names the event and the day, reaches the guest of honour.
    expect(templatesOf(rows, state.guest.email)).toEqual(['invited-welcome']);
    for (const row of rows.filter((row) => row.to === state.guest.email)) {
      expect(`${row.subject} ${row.text} ${row.html}`).not.toMatch(/Parcours aventure|Paintball|€/);
    }
    const friendQuote = rows.find((row) => row.to === state.friend.email && row.template === 'quote-ready')!;
    expect(friendQuote.text).toContain('Parcours aventure à 10 h');

    // Surprise off: the guest of honour is told like everyone.
    await putOk(t.app, state.organizer.token, state.bookingId, { surprise: false });
    await programmeMails(state, state.guest);
    expect(templatesOf(await outboxOf(state.guest.email), state.guest.email)).toEqual(
      [...all, 'invited-welcome'].sort(),
    );
  });

  it('tells the others of the team’s hidden lines by e-mail, never the guest of honour', async () => {
    const state = await surpriseParty();
    const staff = await createStaffWithSession(t.db);
    const post = async (body: Record<string, unknown>) => {
      const res = await msgCall(t.app, 'POST', `${MESSAGES}/booking/${state.bookingId}`, staff.token, body);
      expect(res.statusCode, res.body).toBe(201);
    };
    await post({ content: 'Paintball confirmé à 14 h', hiddenFromGuests: true });
    await post({ content: 'Pensez à vos baskets !' });

    expect(await sendDueDigests(deps, new Date(Date.now() + 30 * 60_000))).toBe(4);
    const rows = await outboxOf(state.organizer.email, state.friend.email, state.guest.email);
    const digestTo = (to: string) => rows.filter((row) => row.to === to && row.template === 'team-messages');
    for (const person of [state.organizer, state.friend]) {
      const [mail] = digestTo(person.email);
      expect(mail!.text).toContain('« Paintball confirmé à 14 h »');
      expect(mail!.text).toContain('« Pensez à vos baskets ! »');
    }
    const [guestMail, ...more] = digestTo(state.guest.email);
    expect(more).toHaveLength(0);
    expect(guestMail!.subject).toBe(`Nouveau message de l’équipe – réservation ${state.reference}`);
    expect(guestMail!.text).toContain('« Pensez à vos baskets ! »');
    expect(`${guestMail!.text} ${guestMail!.html}`).not.toMatch(/Paintball/);
  });
});
