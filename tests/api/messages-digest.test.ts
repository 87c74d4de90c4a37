import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageResponse } from '../../src/shared/api/messages.schema';
import type { ServiceDeps } from '../../src/server/deps';
import type { MailMessage } from '../../src/server/modules/mail/mailer.public';
import { sendDueDigests } from '../../src/server/modules/messages/messages.service';
import { registerCustomer, type RegisteredCustomer } from '../support/auth';
import { catalogueBySlug } from '../support/booking-requests';
import { createBooking } from '../support/customer-bookings';
import { addJoinedParticipant, MESSAGES, msgCall } from '../support/messages';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { bookingParticipants } from '../../src/server/db/schema';

const MINUTE = 60_000;

let t: TestApp;
let organizer: RegisteredCustomer;
let participant: RegisteredCustomer;
let invitedOnly: RegisteredCustomer;
let removed: RegisteredCustomer;
let staff: TestStaff;
/** What the recording mailer was asked to send. */
const sent: MailMessage[] = [];
let deps: ServiceDeps;

async function post(token: string, bookingId: string, content: string) {
  const res = await msgCall(t.app, 'POST', `${MESSAGES}/booking/${bookingId}`, token, { content });
  expect(res.statusCode, res.body).toBe(201);
  return messageResponse.parse(res.json()).data;
}

/** Runs the sweep as the server's timer would, `minutes` from now. */
function sweepIn(minutes: number) {
  return sendDueDigests(deps, new Date(Date.now() + minutes * MINUTE));
}

beforeAll(async () => {
  t = await createTestApp();
  [organizer, participant, invitedOnly, removed] = await Promise.all([
    registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' }),
    registerCustomer(t.app, { firstName: 'Jules', lastName: 'Bernard' }),
    registerCustomer(t.app, { firstName: 'Inès', lastName: 'Moreau' }),
    registerCustomer(t.app, { firstName: 'Nina', lastName: 'Petit' }),
  ]);
  staff = await createStaffWithSession(t.db);
  deps = {
    db: t.db,
    mailer: { queue: async (_tx, message) => void sent.push(message) },
    mailContext: async () => ({
      parkName: 'Parc Aventure des Landes',
      parkEmail: 'contact@parc-aventure-landes.fr',
      parkPhone: '05 58 00 00 00',
      publicUrl: 'https://parc.example',
    }),
    log: t.app.log,
  };
});

afterAll(async () => {
  await t?.close();
});

describe('the e-mail digest of team messages', () => {
  it('sends one e-mail per person for several team lines, then at most one per 15 minutes', async () => {
    const catalogue = await catalogueBySlug(t.db);
    const booking = await createBooking(t.app, organizer, { lines: [{ item: catalogue.get('paintball')! }] });
    await addJoinedParticipant(t.db, booking._id, participant);
    await addJoinedParticipant(t.db, booking._id, removed, { isActive: false });
    await t.db.insert(bookingParticipants).values({
      bookingId: booking._id,
      customerId: invitedOnly.id,
      firstName: 'Inès',
      lastName: 'Moreau',
      email: invitedOnly.email,
      invitationStatus: 'invited',
    });

    await post(organizer.token, booking._id, 'Avez-vous des casques ?');
    expect(await sweepIn(30)).toBe(0); // a customer's line e-mails nobody

    await post(staff.token, booking._id, 'Bonjour Léa,');
    await post(staff.token, booking._id, 'oui, les casques sont fournis.');
    await post(staff.token, booking._id, '<b>À bientôt</b> !');
    expect(sent).toHaveLength(0); // never one e-mail per line

    expect(await sweepIn(1)).toBe(0); // the team may still be typing
    expect(await sweepIn(3)).toBe(2);
    expect(sent.map((mail) => mail.to).sort()).toEqual([organizer.email, participant.email].sort());
    for (const mail of sent) {
      expect(mail.template).toBe('team-messages');
      expect(mail.subject).toBe(`Nouveaux messages de l’équipe – réservation ${booking.bookingRequestId}`);
      expect(mail.text).toContain('« Bonjour Léa, »');
      expect(mail.text).toContain('« oui, les casques sont fournis. »');
      expect(mail.text).toContain('« À bientôt ! »');
      expect(mail.text).toContain(`https://parc.example/booking/${booking._id}#discussion`);
      expect(mail.html).not.toContain('<b>');
    }
    expect(await sweepIn(4)).toBe(0); // sent once

    // A new line within 15 minutes of the last e-mail waits for the interval.
    const later = await post(staff.token, booking._id, 'Pensez à vos gants.');
    expect(await sweepIn(10)).toBe(0);
    // The organizer read it in the meantime: only the participant is told.
    await msgCall(t.app, 'PUT', `${MESSAGES}/${later._id}/read`, organizer.token);
    expect(await sweepIn(20)).toBe(1);
    expect(sent).toHaveLength(3);
    expect(sent[2]).toMatchObject({
      to: participant.email,
      subject: `Nouveau message de l’équipe – réservation ${booking.bookingRequestId}`,
    });
    expect(sent[2]!.text).toContain('« Pensez à vos gants. »');
    expect(sent[2]!.text).not.toContain('casques');
    expect(await sweepIn(60)).toBe(0);
  });

  it('sends each digest once when several server instances sweep at the same moment', async () => {
    const catalogue = await catalogueBySlug(t.db);
    const booking = await createBooking(t.app, organizer, { lines: [{ item: catalogue.get('paintball')! }] });
    sent.length = 0;
    await post(staff.token, booking._id, 'Votre devis est prêt.');
    const results = await Promise.all([sweepIn(5), sweepIn(5), sweepIn(5)]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect(sent.map((mail) => mail.to)).toEqual([organizer.email]);
  });
});
