import { expect } from 'vitest';
import {
  actionResponse,
  type PaymentConfigBody,
  type PaymentType,
  type StaffBookingDetail,
} from '../../src/shared/api/staff.schema';
import { bookingDetailResponse } from '../../src/shared/api/customer-booking.schema';
import { registerCustomer, type RegisteredCustomer } from './auth';
import { catalogueBySlug } from './booking-requests';
import { cb, createBooking, futureDay } from './customer-bookings';
import { createStaffWithSession, type TestStaff } from './staff';
import { staffCall } from './staff-api';
import type { TestApp } from './test-app';

/**
 * A booking brought to a given point of its lifecycle through the real calls (wizard, organizer's
 * validation, the team's payment config, cheque received), for any test that needs one:
 *   draft → client-validated → prebooked (with a payment type) → confirmed (deposit_check + cheque).
 */
export type BookingState = 'draft' | 'client-validated' | 'prebooked' | 'confirmed';

export interface BookingStateOptions {
  /** The organizer (a new customer otherwise). */
  organizer?: RegisteredCustomer;
  /** The team member acting (a new `staff` account otherwise). */
  staff?: TestStaff;
  /** First event day (a week after tomorrow by default). */
  startDate?: string;
  participants?: number;
  /** Seed slugs of the lines, all on the first day (parcours-aventure by default). */
  slugs?: string[];
  /** For `prebooked`: the payment config (full_payment_organizer by default). `confirmed` uses deposit_check. */
  paymentType?: PaymentType;
  paymentConfig?: Partial<PaymentConfigBody>;
}

export interface BookingInState {
  id: string;
  reference: string;
  organizer: RegisteredCustomer;
  staff: TestStaff;
  /** The staff detail once the state is reached (the customer detail for draft / client-validated). */
  detail: StaffBookingDetail | null;
}

/** The payment config body the factory sends for a type (amounts from a 250 € quote). */
export function paymentConfigFor(type: PaymentType, overrides: Partial<PaymentConfigBody> = {}): PaymentConfigBody {
  const base: PaymentConfigBody = { type, totalAmount: 250, instructions: 'Merci de régler avant la date indiquée.' };
  if (type === 'deposit_check' || type === 'deposit_card') base.amount = 100;
  if (type === 'partial_payment_card') base.percentage = 30;
  return { ...base, ...overrides };
}

export async function bookingInState(
  t: TestApp,
  state: BookingState,
  options: BookingStateOptions = {},
): Promise<BookingInState> {
  const organizer = options.organizer ?? (await registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' }));
  const staff = options.staff ?? (await createStaffWithSession(t.db, 'staff'));
  const catalogue = await catalogueBySlug(t.db);
  const lines = (options.slugs ?? ['parcours-aventure']).map((slug) => {
    const item = catalogue.get(slug);
    if (!item) throw new Error(`seed item ${slug} missing`);
    return { item };
  });
  const created = await createBooking(t.app, organizer, {
    startDate: options.startDate ?? futureDay(),
    participants: options.participants ?? 10,
    lines,
  });
  const result: BookingInState = {
    id: created._id,
    reference: created.bookingRequestId,
    organizer,
    staff,
    detail: null,
  };
  if (state === 'draft') return result;

  const validated = await cb(t.app, 'POST', `/${created._id}/validate`, organizer.token);
  expect(validated.statusCode, validated.body).toBe(200);
  bookingDetailResponse.parse(validated.json());
  if (state === 'client-validated') return result;

  const type = state === 'confirmed' ? 'deposit_check' : (options.paymentType ?? 'full_payment_organizer');
  const configured = await staffCall(
    t.app,
    'PUT',
    `/booking-requests/${created._id}/payment-config`,
    staff.token,
    paymentConfigFor(type, options.paymentConfig),
  );
  expect(configured.statusCode, configured.body).toBe(200);
  result.detail = actionResponse.parse(configured.json()).data;
  if (state === 'prebooked') return result;

  const cheque = await staffCall(t.app, 'POST', `/booking-requests/${created._id}/cheque-received`, staff.token);
  expect(cheque.statusCode, cheque.body).toBe(200);
  result.detail = actionResponse.parse(cheque.json()).data;
  return result;
}
