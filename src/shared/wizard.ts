import {
  COMPANY_EVENT_TYPE_LABELS,
  EVENT_TYPE_LABELS,
  EVG_SUB_TYPE_LABELS,
  type CompanyEventType,
  type EventType,
  type EvgSubType,
} from './labels';

export interface EventChoice {
  bookingType: EventType | '';
  eventSubType: EvgSubType | '';
  forMe: boolean;
  organizationName: string;
  companyName: string;
  companyEventType: CompanyEventType | '';
}

/**
 * SPEC.md §4: the chosen sub-type for evg-evjf and company when one is chosen, otherwise the
 * main type.
 */
export function finalBookingType(
  choice: Pick<EventChoice, 'bookingType' | 'eventSubType' | 'companyEventType'>,
): string {
  if (choice.bookingType === 'evg-evjf' && choice.eventSubType) return choice.eventSubType;
  if (choice.bookingType === 'company' && choice.companyEventType) return choice.companyEventType;
  return choice.bookingType;
}

/**
 * A choice as the server may know it: `forMe` is null when it is not known (a request sent with
 * SPEC.md §7's body, without the wizard's details), and is then not written.
 */
export type KnownEventChoice = Omit<EventChoice, 'forMe'> & { forMe: boolean | null };

/** The extra event data of SPEC.md §4, as labelled entries in display order. */
export function additionalEventData(choice: KnownEventChoice): Record<string, string> {
  const data: Record<string, string> = {};
  if (!choice.bookingType) return data;
  data.Type = EVENT_TYPE_LABELS[choice.bookingType];
  if (choice.bookingType === 'evg-evjf' && choice.eventSubType) {
    data['Type spécifique'] = EVG_SUB_TYPE_LABELS[choice.eventSubType];
  }
  if (choice.bookingType === 'anniv' && choice.forMe !== null) {
    data['Organisé pour'] = choice.forMe ? 'Moi-même' : 'Un proche';
  }
  // A name the wizard always asks for, absent from SPEC.md §7's body (it travels in the note there).
  if (choice.bookingType === 'group' && choice.organizationName.trim()) {
    data.Organisation = choice.organizationName.trim();
  }
  if (choice.bookingType === 'company') {
    if (choice.companyName.trim()) data.Entreprise = choice.companyName.trim();
    if (choice.companyEventType) data['Type d’événement'] = COMPANY_EVENT_TYPE_LABELS[choice.companyEventType];
  }
  return data;
}

/** The hidden notes summary: 'Type: Anniversaire | Organisé pour: Moi-même' (joined with ' | '). */
export function hiddenNotes(choice: KnownEventChoice): string {
  return Object.entries(additionalEventData(choice))
    .map(([label, value]) => `${label}: ${value}`)
    .join(' | ');
}
