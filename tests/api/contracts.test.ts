import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests } from '../../src/server/db/schema';
import { bearer, expectError, nextAddress, registerCustomer } from '../support/auth';
import { pdfText } from '../support/pdf-text';
import { prebookedBooking } from '../support/payment-states';
import { createStaffWithSession } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

function download(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {}, remoteAddress: nextAddress() });
}

describe('GET /api/v1/contracts/{filename}', () => {
  it('serves the booking members a PDF named Contrat-Reservation.pdf with the parties, schedule, amounts and terms', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'partial_payment_card',
      totalCents: 123_456,
      percentage: 40,
      joined: 1,
      instructions: 'Solde à régler à l’accueil.',
    });
    const url = `/api/v1/contracts/contrat-${state.reference}.pdf`;
    for (const token of [state.organizer.token, state.participants[0]!.token]) {
      const res = await download(url, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="Contrat-Reservation.pdf"');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const text = await pdfText((await download(url, state.organizer.token)).rawPayload);
    expect(text).toContain(`Référence ${state.reference}`);
    expect(text).toContain('Claire Organisatrice');
    expect(text).toContain('Total de la réservation : 1 234,56 €');
    expect(text).toContain('Acompte de 40 % (493,82 €)');
    expect(text).toContain('J+0');
    expect(text).toContain('J+1');
    expect(text).toContain('Parcours');
    expect(text).toContain('Solde à régler à l');
    expect(text).toContain('Conditions générales de vente');
    expect(text).toContain('plus de 3 semaines avant la date, remboursement de 80 %');
    expect(text).toContain('sont des acomptes (et non des arrhes)');
    expect(text).toContain('(version cgv-2026-01)');
  });

  it('prints the cancellation terms the booking kept at its confirmation, not the terms of the day', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer' });
    await t.db
      .update(bookingRequests)
      .set({
        cancellationTerms: {
          version: 'cgv-2025-01',
          tiers: [
            { minDaysBefore: 29, rate: 90 },
            { minDaysBefore: 14, rate: 40 },
          ],
          feeCents: 500,
          parkCancels: 'full_refund_or_postponement',
        },
      })
      .where(eq(bookingRequests.id, state.bookingId));
    const url = `/api/v1/contracts/contrat-${state.reference}.pdf`;
    const text = (await pdfText((await download(url, state.organizer.token)).rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(
      'Annulation par le client : plus de 4 semaines avant la date, remboursement de 90 % ; entre 4 semaines et 2 semaines, 40 % ; moins de 2 semaines, aucun remboursement.',
    );
    expect(text).toContain('Des frais de dossier de 5 euros peuvent être retenus');
    expect(text).toContain('(version cgv-2025-01)');
    expect(text).not.toContain('remboursement de 80 %');
  });

  it('serves staff too, and answers strangers, anonymous callers and unknown names with the same 404', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer' });
    const url = `/api/v1/contracts/contrat-${state.reference}.pdf`;
    const staff = await createStaffWithSession(t.db);
    expect((await download(url, staff.token)).statusCode).toBe(200);
    const stranger = await registerCustomer(t.app);
    expectError(await download(url, stranger.token), 404, 'Contrat non disponible');
    expectError(
      await download('/api/v1/contracts/contrat-GRP-1999-99999.pdf', state.organizer.token),
      404,
      'Contrat non disponible',
    );
    expectError(
      await download('/api/v1/contracts/..%2F..%2Fetc%2Fpasswd', state.organizer.token),
      404,
      'Contrat non disponible',
    );
    expect((await download(url)).statusCode).toBe(401);
  });
});
