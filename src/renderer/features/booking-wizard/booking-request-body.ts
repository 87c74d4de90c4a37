import type { CreateBookingRequestBody, EventStep, MainContact } from '@shared/api/booking-request.schema';
import { ESTABLISHMENT_ID } from '@shared/constants';
import { lineSessions } from '@shared/sessions';
import { finalBookingType } from '@shared/wizard';
import type { WizardLine } from './use-wizard-lines';

export interface PostalAddress {
  street: string;
  postalCode: string;
  city: string;
}

/** The customer's remarks, then the postal address when one was given (the request has no address field). */
export function requestNote(notes: string, address?: PostalAddress): string {
  const town = address ? [address.postalCode.trim(), address.city.trim()].filter(Boolean).join(' ') : '';
  const postal = address ? [address.street.trim(), town].filter(Boolean).join(', ') : '';
  return [notes.trim(), postal ? `Adresse : ${postal}` : ''].filter(Boolean).join('\n\n');
}

/** Only the sub-fields of the chosen type: those typed for another type before switching stay behind. */
export function eventDetails(event: EventStep): NonNullable<CreateBookingRequestBody['eventDetails']> {
  return {
    eventSubType: event.bookingType === 'evg-evjf' ? event.eventSubType : '',
    forMe: event.bookingType === 'anniv' && event.forMe,
    organizationName: event.bookingType === 'group' ? event.organizationName.trim() : '',
    companyName: event.bookingType === 'company' ? event.companyName.trim() : '',
    companyEventType: event.bookingType === 'company' ? event.companyEventType : '',
  };
}

/** The exact body of SPEC.md §7, every line priced for the event's participant count. */
export function bookingRequestBody(input: {
  customerId: string;
  event: EventStep;
  mainContact: MainContact;
  note: string;
  lines: readonly WizardLine[];
}): CreateBookingRequestBody {
  const { event } = input;
  return {
    customerId: input.customerId,
    establishment_id: ESTABLISHMENT_ID,
    bookingType: event.bookingType,
    type: finalBookingType(event),
    participants: event.participants,
    startDate: event.date,
    mainContact: input.mainContact,
    note: input.note,
    eventDetails: eventDetails(event),
    // One line per session of at most 50 (src/shared/sessions.ts), as shown in step 2.
    bookingActivities: input.lines.flatMap(({ item, kind, scheduledDate }) =>
      lineSessions(item.pricing.pricingType, event.participants).map((participants) => ({
        name: item.name,
        ...(kind === 'activity' ? { catalogActivityId: item._id } : { catalogServiceId: item._id }),
        scheduledDate,
        participants,
        followsBookingCount: true,
        pricing: { basePrice: item.pricing.basePrice, pricingType: item.pricing.pricingType },
        category: item.category,
      })),
    ),
  };
}
