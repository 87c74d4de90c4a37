import type { BookingRequestSummary } from '@shared/api/booking-request.schema';
import type { CatalogueItem, TimeSlot } from '@shared/api/catalogue.schema';
import type {
  BookingDetail,
  BookingParticipant,
  DetailLine,
  InvitationListItem,
} from '@shared/api/customer-booking.schema';
import type { Customer } from '@shared/api/customer.schema';

/** Data shaped exactly like the contract of src/shared/api, for the renderer tests' local server. */

export const customer: Customer = {
  _id: 'c0ffee00-0000-4000-8000-000000000001',
  firstName: 'Camille',
  lastName: 'Durand',
  email: 'camille@example.fr',
  phone: '0601020304',
  status: 'active',
  createdAt: '2026-11-01T23:30:00.000Z',
  isTemporaryPassword: false,
};

export const mainContact = {
  firstName: 'Camille',
  lastName: 'Durand',
  email: 'camille@example.fr',
  phone: '0601020304',
};

export function slot(day: TimeSlot['day'], startTime: string, endTime: string, isActive = true): TimeSlot {
  return { _id: `slot-${day}-${startTime}-${isActive}`, day, startTime, endTime, isActive, capacity: null };
}

export function line(overrides: Partial<DetailLine> = {}): DetailLine {
  return {
    _id: 'line-parcours',
    kind: 'activity',
    name: 'Parcours aventure',
    catalogActivityId: 'act-parcours',
    catalogServiceId: null,
    category: 'aventure',
    description: 'Un parcours dans les arbres',
    scheduledDate: '2030-06-15',
    scheduledTime: null,
    selectedTimeSlot: null,
    customParticipants: 12,
    followsBookingCount: true,
    pricing: { basePrice: 25, pricingType: 'per_person' },
    availability: { duration: 120 },
    images: [],
    total: 300,
    timeSlots: [],
    ...overrides,
  };
}

export function summary(overrides: Partial<BookingRequestSummary> = {}): BookingRequestSummary {
  return {
    _id: 'b0000000-0000-4000-8000-000000000001',
    bookingRequestId: 'GRP-2030-00001',
    establishment_id: '5b0e7c3a-2f1d-4e8b-9a6c-7d3f1e2a4b5c',
    customerId: customer._id,
    bookingType: 'anniv',
    type: 'anniv',
    participants: 12,
    startDate: '2030-06-15',
    endDate: '2030-06-15',
    mainContact,
    note: '',
    additionalEventData: {},
    status: 'draft',
    clientValidation: 'pending',
    adminValidation: 'pending',
    estimatedTotal: 300,
    // 17:05 UTC is 18:05 in Paris in November.
    createdAt: '2026-11-22T17:05:00.000Z',
    lastModified: '2026-11-22T17:05:00.000Z',
    bookingActivities: [],
    bookingServices: [],
    ...overrides,
  };
}

export function participant(overrides: Partial<BookingParticipant> = {}): BookingParticipant {
  return {
    _id: 'p-organizer',
    customerId: customer._id,
    firstName: 'Camille',
    lastName: 'Durand',
    email: 'camille@example.fr',
    phone: null,
    role: 'Organisateur',
    hasConnected: true,
    joinedAt: '2026-11-22T17:05:00.000Z',
    isActive: true,
    status: 'joined',
    paymentStatus: 'not_required',
    paymentAmount: null,
    paidAt: null,
    guestOfHonour: false,
    ...overrides,
  };
}

export function detail(overrides: Partial<BookingDetail> = {}): BookingDetail {
  const base = summary();
  return {
    ...base,
    bookingActivities: [line()],
    bookingServices: [],
    organizer: { firstName: 'Camille', lastName: 'Durand', email: 'camille@example.fr' },
    userRole: 'organizer',
    connectedUserId: customer._id,
    permissions: { canModify: true, canModifyActivities: true, canAddParticipants: true, canPay: false },
    participantDetails: null,
    bookingParticipants: [participant()],
    activities: [{ name: 'Parcours aventure', date: '2030-06-15' }],
    payment: { config: null, status: 'unpaid', totalAmount: null, collective: null },
    surprise: false,
    programmeHidden: false,
    ...overrides,
  };
}

export function invitation(overrides: Partial<InvitationListItem> = {}): InvitationListItem {
  return {
    _id: 'b0000000-0000-4000-8000-000000000009',
    bookingRequestId: 'GRP-2030-00009',
    status: 'confirmed',
    userRole: 'participant',
    bookingType: 'company',
    type: 'sem',
    startDate: '2030-07-05',
    endDate: '2030-07-05',
    participants: 30,
    organizer: { firstName: 'Léa', lastName: 'Martin', email: 'lea.martin@example.fr' },
    note: 'Prévoir des vêtements de rechange',
    mainContact: { firstName: 'Léa', lastName: 'Martin', email: 'lea.martin@example.fr', phone: '0611223344' },
    participationStatus: 'joined',
    hasConnected: true,
    joinedAt: '2026-12-01T10:00:00.000Z',
    participantId: 'p-camille',
    ...overrides,
  };
}

export const pagination = (total: number) => ({ page: 1, limit: 100, total, pages: 1 });

export function catalogueItem(overrides: Partial<CatalogueItem> = {}): CatalogueItem {
  return {
    _id: 'act-paintball',
    kind: 'activity',
    name: 'Paintball',
    category: 'sport',
    description: 'Affrontez-vous en équipes',
    images: [],
    image: null,
    pricing: { basePrice: 20, pricingType: 'per_person' },
    availability: { duration: 90 },
    isActive: true,
    isFeatured: false,
    establishment_id: '5b0e7c3a-2f1d-4e8b-9a6c-7d3f1e2a4b5c',
    ...overrides,
  };
}
