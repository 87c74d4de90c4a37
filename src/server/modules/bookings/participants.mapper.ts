import type { BookingParticipant } from '../../../shared/api/customer-booking.schema';
import { centsToEuros } from '../../../shared/money';
import type { ParticipantRow } from './participants.repository';

/** A participant row as every caller receives it (SPEC.md §3 booking participant). */
export function toParticipant(row: ParticipantRow): BookingParticipant {
  return {
    _id: row.id,
    customerId: row.customerId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    hasConnected: row.hasConnected,
    joinedAt: row.joinedAt?.toISOString() ?? null,
    isActive: row.isActive,
    status: row.invitationStatus,
    paymentStatus: row.paymentStatus,
    paymentAmount: row.paymentAmountCents === null ? null : centsToEuros(row.paymentAmountCents),
    paidAt: row.paidAt?.toISOString() ?? null,
    guestOfHonour: row.guestOfHonour,
  };
}
