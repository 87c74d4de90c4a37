import { randomUUID } from 'node:crypto';
import {
  type createBookingRequestBody,
  eventFromTypeSchema,
  eventStepSchema,
  eventDateMessage,
  WIZARD_MESSAGES,
} from '../../../shared/api/booking-request.schema';
import { addIsoDays, todayInParis, tomorrowInParis } from '../../../shared/booking-days';
import { ESTABLISHMENT_ID, MAX_EVENT_DAYS } from '../../../shared/constants';
import {
  BOOKING_DISPLAY_LABELS,
  COMPANY_EVENT_TYPES,
  EVG_SUB_TYPES,
  type CompanyEventType,
  type EventType,
  type EvgSubType,
} from '../../../shared/labels';
import { eurosToCents } from '../../../shared/money';
import {
  additionalEventData,
  type EventChoice,
  finalBookingType,
  hiddenNotes,
  type KnownEventChoice,
} from '../../../shared/wizard';
import type { z } from 'zod';
import { isUuid } from '../../../shared/validation';
import { AppError } from '../../app-error';
import { inTransaction } from '../../db/transaction';
import type { ServiceDeps } from '../../deps';
import { sessionCustomer, type SessionContext } from '../auth/sessions.service';
import { requestReceivedMail } from '../mail/templates.public';
import { insertParticipant } from './participant-list.public';
import { toBookingSummary, type LineCatalogueData } from './bookings.mapper';
import {
  findCatalogueRows,
  insertBookingItems,
  insertBookingRequest,
  listBookingItems,
  nextReferenceNumber,
} from './bookings.repository';

export const BOOKING_MESSAGES = {
  otherCustomer: 'Vous ne pouvez pas créer une demande pour un autre client',
  typeMismatch: 'Le type de réservation ne correspond pas à l’événement choisi',
  unknownItem: (name: string) => `${WIZARD_MESSAGES.unknownItem} : ${name}`,
  priceChanged: (name: string) => `Le tarif de « ${name} » a changé, veuillez actualiser la page`,
  dayOutOfRange: WIZARD_MESSAGES.activityDayOutOfRange,
  created: 'Votre demande a été envoyée avec succès',
} as const;

/** A 'yyyy-MM-dd' that names a real calendar day (the schema only checks the shape: 2027-02-30 passes it). */

export function formatReference(year: number, sequence: number): string {
  return `GRP-${year}-${String(sequence).padStart(5, '0')}`;
}

/**
 * The step-1 choice of a request (SPEC.md §4, §5). With `eventDetails` (our wizard) they are checked
 * as in step 1. Without (SPEC.md §7's body), `type` is the main type or one of its sub-types, which
 * gives the sub-type; the organisation or company name is not asked (it travels in the note), and
 * whether an anniversary is for oneself is not known.
 */
function eventChoiceOf(body: z.output<typeof createBookingRequestBody>): KnownEventChoice {
  const step = { bookingType: body.bookingType, participants: body.participants, date: body.startDate };
  const event = body.eventDetails
    ? eventStepSchema.safeParse({ ...step, ...body.eventDetails })
    : eventFromTypeSchema.safeParse({ ...step, ...subTypeOf(body.bookingType, body.type) });
  if (!event.success) {
    const issue = event.error.issues[0]!;
    const field = String(issue.path[0] ?? 'bookingType');
    // Without eventDetails the sub-type is read from `type`: that is the field to correct.
    const sentField = !body.eventDetails && (field === 'eventSubType' || field === 'companyEventType') ? 'type' : field;
    throw AppError.invalid(sentField, issue.message);
  }
  return body.eventDetails ? event.data : { ...event.data, forMe: null };
}

/** The sub-type `type` names for its main type: none when `type` is the main type (or empty), else a 400. */
function subTypeOf(bookingType: EventType, type: string): Partial<EventChoice> {
  if (!type || type === bookingType) return {};
  if (bookingType === 'evg-evjf' && (EVG_SUB_TYPES as readonly string[]).includes(type)) {
    return { eventSubType: type as EvgSubType };
  }
  if (bookingType === 'company' && (COMPANY_EVENT_TYPES as readonly string[]).includes(type)) {
    return { companyEventType: type as CompanyEventType };
  }
  throw AppError.invalid('type', BOOKING_MESSAGES.typeMismatch);
}

/**
 * Creates a request from the wizard (SPEC.md §2, §7): every rule is checked again, names and
 * prices come from the catalogue, and the request with its lines is written in one transaction.
 */
export async function createBookingRequest(
  deps: ServiceDeps,
  session: SessionContext,
  body: z.output<typeof createBookingRequestBody>,
) {
  if (body.customerId !== undefined && body.customerId !== session.customerId)
    throw AppError.of('FORBIDDEN', BOOKING_MESSAGES.otherCustomer);

  const choice = eventChoiceOf(body);
  const type = finalBookingType(choice);
  if (body.type && body.type !== type) throw AppError.invalid('type', BOOKING_MESSAGES.typeMismatch);

  const dateMessage = eventDateMessage(body.startDate, tomorrowInParis());
  if (dateMessage) throw AppError.invalid('startDate', dateMessage);

  // The reads side by side, before the transaction: one round trip, not three in a row
  // (docs/decisions.md, "Volume and indexes", the wizard's submissions).
  const ids = body.bookingActivities.map((line) => line.catalogActivityId ?? line.catalogServiceId ?? '');
  const [customer, catalogueRows, mailContext] = await Promise.all([
    sessionCustomer(deps.db, session),
    findCatalogueRows(
      deps.db,
      ids.filter((id) => isUuid(id)),
    ),
    deps.mailContext(),
  ]);
  const catalogue = new Map(catalogueRows.map((row) => [row.id, row]));
  const lastDay = addIsoDays(body.startDate, MAX_EVENT_DAYS - 1);
  const lines = body.bookingActivities.map((line, index) => {
    const kind = line.catalogActivityId ? 'activity' : 'service';
    const item = catalogue.get(ids[index]!);
    if (!item || item.kind !== kind || !item.isActive || item.establishmentId !== ESTABLISHMENT_ID) {
      throw AppError.invalid('bookingActivities', BOOKING_MESSAGES.unknownItem(line.name || ids[index]!));
    }
    if (eurosToCents(line.pricing.basePrice) !== item.basePriceCents || line.pricing.pricingType !== item.pricingType) {
      throw AppError.of('PRICE_CHANGED', BOOKING_MESSAGES.priceChanged(item.name));
    }
    if (line.scheduledDate < body.startDate || line.scheduledDate > lastDay) {
      throw AppError.invalid('bookingActivities', BOOKING_MESSAGES.dayOutOfRange);
    }
    return {
      kind,
      catalogueItemId: item.id,
      name: item.name,
      category: item.category,
      scheduledDate: line.scheduledDate,
      participants: line.participants,
      followsBookingCount: line.followsBookingCount,
      basePriceCents: item.basePriceCents,
      pricingType: item.pricingType,
      durationMinutes: item.durationMinutes,
      sortOrder: index,
    } as const;
  });
  const endDate = lines.reduce((last, line) => (line.scheduledDate > last ? line.scheduledDate : last), body.startDate);

  const mainContact = {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
  };
  // The reference and the mail before the transaction, which then only writes: a sequence's number
  // is taken whether the transaction commits or not, and the mail is rendered from what is known.
  const reference = formatReference(Number(todayInParis().slice(0, 4)), await nextReferenceNumber(deps.db));
  const bookingId = randomUUID();
  const mail = requestReceivedMail(mailContext, customer.email, {
    firstName: customer.firstName,
    reference,
    eventLabel: BOOKING_DISPLAY_LABELS[type] ?? type,
    dateLabel: new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date(`${body.startDate}T00:00:00Z`),
    ),
    participants: body.participants,
    bookingId,
  });
  const { request, items } = await inTransaction(deps.db, async (db) => {
    const request = await insertBookingRequest(db, {
      id: bookingId,
      reference,
      establishmentId: ESTABLISHMENT_ID,
      customerId: customer.id,
      bookingType: body.bookingType,
      type,
      participants: body.participants,
      startDate: body.startDate,
      endDate,
      mainContact,
      note: body.note.trim(),
      hiddenNotes: hiddenNotes(choice),
      eventData: additionalEventData(choice),
    });
    const items = await insertBookingItems(
      db,
      lines.map((line) => ({ ...line, bookingId: request.id })),
    );
    await insertParticipant(db, {
      bookingId: request.id,
      customerId: customer.id,
      ...mainContact,
      role: 'Organisateur',
      hasConnected: true,
      joinedAt: new Date(),
      invitationStatus: 'joined',
    });
    // The mail commits with the request (docs/decisions.md, "E-mail").
    await deps.mailer.queue(db, mail);
    return { request, items };
  });

  const lineCatalogue = new Map<string, LineCatalogueData>(
    [...catalogue.values()].map((row) => [row.id, { description: row.description, imageUrl: row.imageUrl }]),
  );

  return toBookingSummary(request, items, lineCatalogue);
}

export async function loadBookingSummary(deps: ServiceDeps, request: Parameters<typeof toBookingSummary>[0]) {
  const items = await listBookingItems(deps.db, request.id);
  const catalogue = new Map(
    (await findCatalogueRows(deps.db, [...new Set(items.map((item) => item.catalogueItemId))])).map((row) => [
      row.id,
      { description: row.description, imageUrl: row.imageUrl },
    ]),
  );
  return toBookingSummary(request, items, catalogue);
}
