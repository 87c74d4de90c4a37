import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIsoDays, todayInParis } from '../../src/shared/booking-days';
import { cancellationPreviewResponse } from '../../src/shared/api/group.schema';
import { CURRENT_CANCELLATION_TERMS, type CancellationTerms } from '../../src/shared/refund-policy';
import { bookingRequests } from '../../src/server/db/schema';
import { expectError, registerCustomer } from '../support/auth';
import { cb } from '../support/customer-bookings';
import { bookingRow, payShare, prebookedBooking } from '../support/payment-states';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Cancellation terms frozen at confirmation and the cancellation preview per payer
 * (docs/decisions.md, "Payments"): the booking keeps the terms in force when it is confirmed, a
 * later change of the terms does not change its refund, and the organizer and the team see who gets
 * what back, and the fee, before anyone cancels.
 */

const NOT_FOUND = 'Réservation non trouvée';

describe('cancellation terms and preview', () => {
  let t: TestApp;
  let staff: TestStaff;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await createStaffWithSession(t.db, 'staff', { firstName: 'Camille', lastName: 'Dupuy' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** 90 € shared 30/30/30 by the organizer and two guests, 30 days ahead, every share paid: confirmed. */
  async function confirmedCollective() {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'collective_payment',
      totalCents: 9000,
      joined: 2,
      startDate: addIsoDays(todayInParis(), 30),
    });
    await payShare(t.app, state.bookingId, state.participants[0]!.participantId, state.participants[0]!.token);
    await payShare(t.app, state.bookingId, state.participants[1]!.participantId, state.participants[1]!.token);
    await payShare(t.app, state.bookingId, state.organizerParticipantId, state.organizer.token);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    return state;
  }

  const preview = (token: string, bookingId: string) => cb(t.app, 'GET', `/${bookingId}/cancellation-preview`, token);

  it('keeps the terms in force at confirmation with the booking, and none before', async () => {
    const option = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 5000 });
    expect((await bookingRow(t.db, option.bookingId)).cancellationTerms).toBeNull();
    const state = await confirmedCollective();
    expect((await bookingRow(t.db, state.bookingId)).cancellationTerms).toEqual(CURRENT_CANCELLATION_TERMS);
  });

  it('shows the organizer each payer’s refund under the terms (80 % less the 10 € fee, pro rata) and changes nothing', async () => {
    const state = await confirmedCollective();
    const res = await preview(state.organizer.token, state.bookingId);
    expect(res.statusCode, res.body).toBe(200);
    const data = cancellationPreviewResponse.parse(res.json()).data;
    // 90 € paid, 80 % = 72 €, less 10 € = 62 €: 20,67 + 20,67 + 20,66 (the oldest payment takes the odd cent first).
    expect(data).toMatchObject({
      termsVersion: CURRENT_CANCELLATION_TERMS.version,
      daysBefore: 30,
      rate: 80,
      paidAmount: 90,
      feeAmount: 10,
      refundAmount: 62,
    });
    expect(data.payers.map((payer) => [payer.name, payer.paidAmount, payer.refundAmount])).toEqual([
      ['Invité1 Participant', 30, 20.67],
      ['Invité2 Participant', 30, 20.67],
      ['Claire Organisatrice', 30, 20.66],
    ]);
    expect(data.payers.reduce((sum, payer) => sum + Math.round(payer.refundAmount * 100), 0)).toBe(6200);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed' });
  });

  it('reads the booking’s frozen copy, not terms changed since', async () => {
    const state = await confirmedCollective();
    // The copy kept with this booking: a version where 30 days before gives 50 % and a 5 € fee.
    const older: CancellationTerms = {
      version: 'cgv-2025-01',
      tiers: [
        { minDaysBefore: 60, rate: 80 },
        { minDaysBefore: 7, rate: 50 },
      ],
      feeCents: 500,
      parkCancels: 'full_refund_or_postponement',
    };
    await t.db.update(bookingRequests).set({ cancellationTerms: older }).where(eq(bookingRequests.id, state.bookingId));
    const data = cancellationPreviewResponse.parse((await preview(state.organizer.token, state.bookingId)).json()).data;
    expect(data).toMatchObject({ termsVersion: 'cgv-2025-01', rate: 50, feeAmount: 5, refundAmount: 40 });
    // The staff detail quotes and the team's cancellation announce the same figures.
    const detail = await staffCall(t.app, 'GET', `/booking-requests/${state.bookingId}`, staff.token);
    expect(detail.json().data.refundQuote).toMatchObject({ rate: 50, feeAmount: 5, refundAmount: 40 });
    const canceled = await staffCall(t.app, 'POST', `/booking-requests/${state.bookingId}/cancel`, staff.token, {
      reason: 'Demande du client',
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().data.refundQuote).toMatchObject({ rate: 50, feeAmount: 5, refundAmount: 40 });
    // The refund itself, 40 € shared between the three payers.
    const refund = await staffCall(t.app, 'POST', `/booking-requests/${state.bookingId}/refund`, staff.token, {});
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().data).toEqual({ refunded: 40, rate: 50, fee: 5, paid: 90 });
  });

  it('gives the team its choices: the fee waived, or the park cancelling refunds everything', async () => {
    const state = await confirmedCollective();
    const url = (query: string) => `/booking-requests/${state.bookingId}/cancellation-preview?${query}`;
    const waived = await staffCall(t.app, 'GET', url('withFee=false'), staff.token);
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json().data).toMatchObject({ rate: 80, feeAmount: 0, refundAmount: 72 });
    const park = await staffCall(t.app, 'GET', url('parkCancels=true'), staff.token);
    expect(park.json().data).toMatchObject({ rate: 100, feeAmount: 0, refundAmount: 90 });
    expect(park.json().data.payers.map((payer: { refundAmount: number }) => payer.refundAmount)).toEqual([30, 30, 30]);
  });

  it('is 404 to a participant and to a stranger, and refused once canceled', async () => {
    const state = await confirmedCollective();
    expectError(await preview(state.participants[0]!.token, state.bookingId), 404, NOT_FOUND, 'NOT_FOUND');
    const stranger = await registerCustomer(t.app, { firstName: 'Paul', lastName: 'Inconnu' });
    expectError(await preview(stranger.token, state.bookingId), 404, NOT_FOUND, 'NOT_FOUND');
    await staffCall(t.app, 'POST', `/booking-requests/${state.bookingId}/cancel`, staff.token, { reason: 'Météo' });
    expectError(
      await preview(state.organizer.token, state.bookingId),
      409,
      'Cette réservation est déjà annulée',
      'ALREADY_CANCELED',
    );
  });
});
