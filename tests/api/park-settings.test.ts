import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishments, paymentConfigs } from '../../src/server/db/schema';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import { expectError, expectValidation } from '../support/auth';
import { bookingInState, paymentConfigFor } from '../support/booking-states';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: TestStaff;
let member: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffWithSession(t.db, 'admin', { firstName: 'Alice', lastName: 'Martin' });
  member = await createStaffWithSession(t.db, 'staff', { firstName: 'Camille', lastName: 'Dupuy' });
});
afterAll(async () => {
  await t.close();
});

const ceilingInDb = async () =>
  (await t.db.select().from(establishments).where(eq(establishments.id, ESTABLISHMENT_ID)))[0]!.cardDepositMaxEuros;
const putSettings = (token: string, payload: unknown) => staffCall(t.app, 'PUT', '/settings', token, payload);
const configure = async (amount: number) => {
  const booking = await bookingInState(t, 'client-validated', { staff: member });
  const res = await staffCall(t.app, 'PUT', `/booking-requests/${booking.id}/payment-config`, member.token, {
    ...paymentConfigFor('deposit_card'),
    totalAmount: 20,
    amount,
  });
  return { booking, res };
};

describe('the park’s card deposit ceiling', () => {
  it('is 1 000 € by default and every team member reads it; the API refuses it without a session', async () => {
    const res = await staffCall(t.app, 'GET', '/settings', member.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { cardDepositMaxEuros: 1000 } });
    expect((await staffCall(t.app, 'GET', '/settings')).statusCode).toBe(401);
  });

  it('is changed by an admin only, with French messages, and a refusal changes nothing', async () => {
    expectError(
      await putSettings(member.token, { cardDepositMaxEuros: 2500 }),
      403,
      'Action réservée aux administrateurs',
    );
    const invalid = 'Le plafond de la caution par carte doit être un nombre entier d’euros entre 1 et 100 000';
    for (const value of [0, 12.5, 100_001, 'beaucoup', null]) {
      expectValidation(await putSettings(admin.token, { cardDepositMaxEuros: value }), 'cardDepositMaxEuros', invalid);
    }
    expect(await ceilingInDb()).toBe(1000);

    const res = await putSettings(admin.token, { cardDepositMaxEuros: 2500 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Réglages du parc enregistrés',
      data: { cardDepositMaxEuros: 2500 },
    });
    expect(await ceilingInDb()).toBe(2500);
  });

  it('is what the payment config checks: the setting, not a constant', async () => {
    await putSettings(admin.token, { cardDepositMaxEuros: 2500 });
    const accepted = await configure(2000);
    expect(accepted.res.statusCode, accepted.res.body).toBe(200);
    const [row] = await t.db.select().from(paymentConfigs).where(eq(paymentConfigs.bookingId, accepted.booking.id));
    expect(row).toMatchObject({ type: 'deposit_card', amountCents: 200000 });

    const refused = await configure(2500.01);
    expectValidation(refused.res, 'amount', 'Le montant de la caution par carte ne peut pas dépasser 2 500 €');
    expect(await t.db.select().from(paymentConfigs).where(eq(paymentConfigs.bookingId, refused.booking.id))).toEqual(
      [],
    );

    await putSettings(admin.token, { cardDepositMaxEuros: 300 });
    expectValidation(
      (await configure(500)).res,
      'amount',
      'Le montant de la caution par carte ne peut pas dépasser 300 €',
    );
    await putSettings(admin.token, { cardDepositMaxEuros: 1000 });
  });
});
