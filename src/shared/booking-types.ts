import type { BookingType } from './api/booking-types.schema';
import { COMPANY_EVENT_TYPE_LABELS, EVENT_TYPE_LABELS, EVG_SUB_TYPE_LABELS, optionsOf } from './labels';

/** The event types the wizard offers (SPEC.md §2 step 1), served by GET booking-types. */
export const BOOKING_TYPES: BookingType[] = [
  {
    value: 'evg-evjf',
    label: EVENT_TYPE_LABELS['evg-evjf'],
    description: 'Une journée inoubliable entre amis avant le grand jour',
    subTypes: optionsOf(EVG_SUB_TYPE_LABELS),
  },
  {
    value: 'anniv',
    label: EVENT_TYPE_LABELS.anniv,
    description: 'Fêtez votre anniversaire ou celui d’un proche en plein air',
    subTypes: [],
  },
  {
    value: 'group',
    label: EVENT_TYPE_LABELS.group,
    description: 'Clubs, associations et groupes d’amis',
    subTypes: [],
  },
  {
    value: 'company',
    label: EVENT_TYPE_LABELS.company,
    description: 'Séminaires et sorties de comité d’entreprise',
    subTypes: optionsOf(COMPANY_EVENT_TYPE_LABELS),
  },
  {
    value: 'act',
    label: EVENT_TYPE_LABELS.act,
    description: 'Une activité pour vous, seul ou en petit comité',
    subTypes: [],
  },
];
