import type { QueueCounts, QueueItem, StaffBookingDetail, StaffMember } from '@shared/api/staff.schema';

export const ADMIN: StaffMember = {
  _id: '5aff0000-0000-4000-8000-000000000001',
  email: 'admin@parc.fr',
  firstName: 'Alice',
  lastName: 'Bernard',
  role: 'admin',
  status: 'active',
  createdAt: '2026-11-01T08:00:00.000Z',
};

export const COUNTS: QueueCounts = {
  all: 7,
  draft: 3,
  prebooked: 2,
  confirmed: 1,
  canceled: 1,
  completed: 0,
  waitingOnTeam: 2,
};

export function queueItem(overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    _id: 'b0000000-0000-4000-8000-000000000001',
    bookingRequestId: 'GRP-2026-00042',
    bookingType: 'anniv',
    type: 'anniv',
    participants: 12,
    startDate: '2027-03-06',
    endDate: '2027-03-06',
    status: 'draft',
    clientValidation: 'validated',
    adminValidation: 'pending',
    paymentStatus: 'unpaid',
    waitingOnTeam: true,
    paymentAlerts: [],
    organizer: { firstName: 'Léa', lastName: 'Martin', email: 'lea@example.fr', phone: null },
    mainContact: { firstName: 'Léa', lastName: 'Martin', email: 'lea@example.fr', phone: null },
    estimatedTotal: 420,
    paymentType: null,
    dueDate: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    lastModified: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

/** A request the organizer validated, the team not yet, 60 days ahead, 100 € already paid. */
export function staffDetail(overrides: Partial<StaffBookingDetail> = {}): StaffBookingDetail {
  return {
    _id: 'b0000000-0000-4000-8000-000000000001',
    bookingRequestId: 'GRP-2026-00042',
    establishment_id: 'e',
    customerId: 'c',
    bookingType: 'anniv',
    type: 'anniv',
    participants: 12,
    startDate: '2099-03-06',
    endDate: '2099-03-06',
    mainContact: { firstName: 'Léa', lastName: 'Martin', email: 'lea@example.fr', phone: '0601020304' },
    note: 'Gâteau à prévoir',
    additionalEventData: {},
    status: 'prebooked',
    clientValidation: 'validated',
    adminValidation: 'validated',
    estimatedTotal: 420,
    createdAt: '2026-11-20T10:00:00.000Z',
    lastModified: '2026-11-21T10:00:00.000Z',
    bookingActivities: [],
    bookingServices: [],
    organizer: { firstName: 'Léa', lastName: 'Martin', email: 'lea@example.fr', phone: '0601020304' },
    bookingParticipants: [],
    activities: [],
    hiddenNotes: 'Client fidèle',
    eventData: {},
    paymentStatus: 'partial',
    cancelReason: null,
    canceledAt: null,
    cancellationTerms: null,
    waitingOnTeam: false,
    paymentAlerts: [],
    paymentConfig: null,
    paymentState: { status: 'partial', paidAmount: 100, refundedAmount: 0, payments: [] },
    refundQuote: { daysBefore: 60, rate: 80, paidAmount: 100, grossAmount: 80, feeAmount: 10, refundAmount: 70 },
    emails: [],
    auditTrail: [],
    allowedActions: {
      validate: false,
      paymentConfig: true,
      chequeReceived: false,
      cancel: true,
      complete: false,
      schedule: true,
    },
    ...overrides,
  };
}
