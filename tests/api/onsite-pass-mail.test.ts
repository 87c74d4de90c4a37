// The personal passes in the confirmation e-mail (docs/decisions.md, "On site"): one QR PNG per
// participant who joined, the organizer included, stored with the mail in the outbox and sent by
// the delivery job to a real SMTP server; each QR reads back as that person's pass.
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/server/db/schema';
import { paymentIntentResponse } from '../../src/shared/api/payments.schema';
import { cb } from '../support/customer-bookings';
import { pay, prebookedBooking } from '../support/payment-states';
import { startSmtpServer } from '../support/smtp-server';
import { createStaffWithSession } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function payShare(token: string, bookingId: string, intentPath: string) {
  const opened = await cb(t.app, 'POST', pay(bookingId, intentPath), token, {});
  expect(opened.statusCode, opened.body).toBe(200);
  const intent = paymentIntentResponse.parse(opened.json()).data;
  const paid = await cb(t.app, 'POST', pay(bookingId, 'test-card'), token, {
    intentId: intent.intentId,
    cardNumber: '4242 4242 4242 4242',
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

async function passCodeOf(token: string, bookingId: string): Promise<string> {
  const res = await cb(t.app, 'GET', `/${bookingId}/pass`, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { code: string } }).data.code;
}

async function qrText(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe('the confirmation e-mail carries the personal passes', () => {
  it('one QR PNG per joined participant, kept in the outbox and sent as attachments shown inline', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'collective_payment',
      totalCents: 30_000,
      joined: 2,
      startDate: '2027-06-12',
    });
    const [first, second] = state.participants;
    await payShare(first!.token, state.bookingId, `participant-stripe-intent/${first!.participantId}`);
    await payShare(second!.token, state.bookingId, `participant-stripe-intent/${second!.participantId}`);
    await payShare(state.organizer.token, state.bookingId, 'organizer-stripe-intent');

    const confirmations = (await t.db.select().from(outbox).where(eq(outbox.template, 'booking-confirmed'))).filter(
      (mail) => mail.text.includes(`/booking/${state.bookingId}`),
    );
    expect(confirmations).toHaveLength(1);
    const stored = confirmations[0]!;
    expect(stored.text).toContain(
      'Les 3 pass personnels des participants inscrits sont joints à cet e-mail (Claire Organisatrice, Invité1 Participant, Invité2 Participant) : chacun présente le sien à l’accueil, imprimé ou sur téléphone, avec sa décharge signée.',
    );
    expect(stored.attachments?.map((file) => [file.filename, file.contentType])).toEqual([
      ['pass-Claire-Organisatrice.png', 'image/png'],
      ['pass-Invite1-Participant.png', 'image/png'],
      ['pass-Invite2-Participant.png', 'image/png'],
    ]);
    for (const file of stored.attachments ?? []) expect(stored.html).toContain(`src="cid:${file.cid}"`);

    // The delivery job sends it with its files; each QR is that person's pass.
    await t.app.jobs.runDue();
    const sent = smtp.received.filter(
      (mail) => mail.to === state.organizer.email && mail.subject.includes('confirmée'),
    );
    expect(sent).toHaveLength(1);
    const files = sent[0]!.attachments;
    expect(files.map((file) => file.contentType)).toEqual(['image/png', 'image/png', 'image/png']);
    const codes = await Promise.all(files.map((file) => qrText(file.content)));
    expect(codes).toEqual([
      await passCodeOf(state.organizer.token, state.bookingId),
      await passCodeOf(first!.token, state.bookingId),
      await passCodeOf(second!.token, state.bookingId),
    ]);
    expect(files.map((file) => file.cid)).toEqual(stored.attachments!.map((file) => file.cid));
  }, 60_000);

  it('the cheque-received confirmation carries them too, sent with their files', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'deposit_check',
      totalCents: 30_000,
      amountCents: 10_000,
      joined: 1,
      startDate: '2027-06-19',
    });
    const [member] = state.participants;
    const staff = await createStaffWithSession(t.db);
    const res = await staffCall(t.app, 'POST', `/booking-requests/${state.bookingId}/cheque-received`, staff.token);
    expect(res.statusCode, res.body).toBe(200);

    const mails = (await t.db.select().from(outbox).where(eq(outbox.template, 'cheque-received'))).filter((mail) =>
      mail.text.includes(`/booking/${state.bookingId}`),
    );
    expect(mails).toHaveLength(1);
    const stored = mails[0]!;
    expect(stored.text).toContain('Nous avons bien reçu votre chèque de caution de 100,00');
    expect(stored.text).toContain(
      'Les 2 pass personnels des participants inscrits sont joints à cet e-mail (Claire Organisatrice, Invité1 Participant) : chacun présente le sien à l’accueil, imprimé ou sur téléphone, avec sa décharge signée.',
    );
    expect(stored.attachments?.map((file) => [file.filename, file.contentType])).toEqual([
      ['pass-Claire-Organisatrice.png', 'image/png'],
      ['pass-Invite1-Participant.png', 'image/png'],
    ]);
    for (const file of stored.attachments ?? []) expect(stored.html).toContain(`src="cid:${file.cid}"`);

    await t.app.jobs.runDue();
    const sent = smtp.received.filter(
      (mail) => mail.to === state.organizer.email && mail.subject.includes('confirmée'),
    );
    expect(sent).toHaveLength(1);
    const codes = await Promise.all(sent[0]!.attachments.map((file) => qrText(file.content)));
    expect(codes).toEqual([
      await passCodeOf(state.organizer.token, state.bookingId),
      await passCodeOf(member!.token, state.bookingId),
    ]);
  }, 60_000);
});
