import { describe, expectTypeOf, it } from 'vitest';
import type { Db } from '../../../src/server/db/client';
import { findBookingRow, lockBookingRow } from '../../../src/server/db/booking-row';
import { inTransaction, type Tx } from '../../../src/server/db/transaction';
import { recordAudit, SYSTEM_ACTOR } from '../../../src/server/modules/audit/audit.service';
import { lockSlot } from '../../../src/server/modules/bookings/bookings.repository';
import { refuseWhenListFull } from '../../../src/server/modules/bookings/participant-list.public';
import { claimLinkUse } from '../../../src/server/modules/invitations/invitations.repository';
import { accessBooking, organizerAccess } from '../../../src/server/modules/bookings/booking-access.public';
import { findPaymentByIntent } from '../../../src/server/modules/payments/payments.repository';
import { findMessage } from '../../../src/server/modules/messages/messages.repository';
import { lockActiveAdmins } from '../../../src/server/modules/staff/staff-accounts.repository';

/**
 * Locks and claims are only correct inside a transaction, and the types say so (docs/architecture.md,
 * "How a call flows"): they take a `Tx`, which only `inTransaction` hands out. This file is checked by
 * `npm run typecheck`: each `@ts-expect-error` below fails the check the day a plain `Db` is accepted.
 */
async function callsOutsideATransaction(db: Db) {
  // @ts-expect-error a row lock outside a transaction is released at once
  await lockBookingRow(db, 'id');
  // @ts-expect-error a slot lock outside a transaction is released at once
  await lockSlot(db, 'slot');
  // @ts-expect-error a link use claimed outside a transaction
  await claimLinkUse(db, 'link');
  // @ts-expect-error the participant limit checked outside a transaction
  await refuseWhenListFull(db, { id: 'booking', participants: 4 });
  // @ts-expect-error an audit entry written apart from its change
  await recordAudit(db, { ...SYSTEM_ACTOR, bookingId: 'booking', action: 'x', before: {}, after: {} });
  // @ts-expect-error a look-up's `forUpdate` lock outside a transaction
  await findBookingRow(db, 'id', { forUpdate: true });
  // @ts-expect-error the access check's lock outside a transaction
  await accessBooking(db, 'id', { kind: 'customer', customerId: 'customer' }, { forUpdate: true });
  // @ts-expect-error the organizer's access locked outside a transaction
  await organizerAccess(db, 'id', 'customer', 'message', true);
  // @ts-expect-error a payment row locked outside a transaction
  await findPaymentByIntent(db, 'pi', { forUpdate: true });
  // @ts-expect-error a message row locked outside a transaction
  await findMessage(db, 'message', { forUpdate: true });
  // @ts-expect-error the admins locked outside a transaction
  await lockActiveAdmins(db, 'establishment');
  // reads without a lock stay open to a plain Db
  await findBookingRow(db, 'id');
  await accessBooking(db, 'id', { kind: 'customer', customerId: 'customer' });
}

async function callsInsideATransaction(db: Db) {
  await inTransaction(db, async (tx) => {
    await lockBookingRow(tx, 'id');
    await lockSlot(tx, 'slot');
    await claimLinkUse(tx, 'link');
    await refuseWhenListFull(tx, { id: 'booking', participants: 4 });
    await recordAudit(tx, { ...SYSTEM_ACTOR, bookingId: 'booking', action: 'x', before: {}, after: {} });
    await findBookingRow(tx, 'id', { forUpdate: true });
    await accessBooking(tx, 'id', { kind: 'customer', customerId: 'customer' }, { forUpdate: true });
    await organizerAccess(tx, 'id', 'customer', 'message', true);
    await findPaymentByIntent(tx, 'pi', { forUpdate: true });
    await findMessage(tx, 'message', { forUpdate: true });
    await lockActiveAdmins(tx, 'establishment');
  });
}

describe('Tx: transactions in the types', () => {
  it('a Tx is a Db for reads and writes, a plain Db is not a Tx', () => {
    expectTypeOf<Tx>().toExtend<Db>();
    expectTypeOf<Db>().not.toExtend<Tx>();
    expectTypeOf(lockBookingRow).parameter(0).toEqualTypeOf<Tx>();
    expectTypeOf(callsOutsideATransaction).toBeFunction();
    expectTypeOf(callsInsideATransaction).toBeFunction();
  });
});
