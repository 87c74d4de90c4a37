/** French labels and colours of SPEC.md §3 and §4, one place for every screen. */

/**
 * The codes of a label table, in the table's order: each list of codes is written once, as the keys
 * of its labels, and comes out as the non-empty tuple `z.enum` takes.
 */
export function codesOf<const T extends Record<string, string>>(labels: T) {
  return Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]];
}

/** A label table as the `{ value, label }` options a select or a radio group lists, in the table's order. */
export function optionsOf<const T extends Record<string, string>>(labels: T) {
  return codesOf(labels).map((value) => ({ value, label: labels[value] }));
}

export const WIZARD_CATEGORIES = ['aventure', 'sport', 'decouverte', 'restauration', 'animation'] as const;
export type WizardCategory = (typeof WIZARD_CATEGORIES)[number];

/** The categories of the detail reading that the wizard's reading lacks. */
const DETAIL_ONLY_CATEGORIES = ['culture', 'detente', 'famille', 'educatif', 'gastronomie', 'autre'] as const;

export const DETAIL_CATEGORIES = ['aventure', 'sport', ...DETAIL_ONLY_CATEGORIES] as const;

/** Every category a catalogue item may carry (union of SPEC.md §3's two readings). */
export const CATALOGUE_CATEGORIES = [...WIZARD_CATEGORIES, ...DETAIL_ONLY_CATEGORIES] as const;
export type CatalogueCategory = (typeof CATALOGUE_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<CatalogueCategory, string> = {
  aventure: 'Aventure',
  sport: 'Sport',
  decouverte: 'Découverte',
  restauration: 'Restauration',
  animation: 'Animation',
  culture: 'Culture',
  detente: 'Détente',
  famille: 'Famille',
  educatif: 'Éducatif',
  gastronomie: 'Gastronomie',
  autre: 'Autre',
};

/** Chakra colour palettes per category (used for badges and image placeholders). */
export const CATEGORY_COLORS: Record<CatalogueCategory, string> = {
  aventure: 'green',
  sport: 'blue',
  decouverte: 'purple',
  restauration: 'orange',
  animation: 'pink',
  culture: 'cyan',
  detente: 'teal',
  famille: 'yellow',
  educatif: 'purple',
  gastronomie: 'red',
  autre: 'gray',
};

export const PRICING_TYPES = ['per_person', 'flat'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];

/** A catalogue item (and a booking line) is an activity or a service. */
export const CATALOGUE_KINDS = ['activity', 'service'] as const;

/** Main event types of the wizard's first step (SPEC.md §2). */
export const EVENT_TYPE_LABELS = {
  'evg-evjf': 'Enterrement de vie de garçon/fille',
  anniv: 'Anniversaire',
  group: 'Groupe / Association',
  company: 'Entreprise',
  act: 'Individuel',
};
export const EVENT_TYPES = codesOf(EVENT_TYPE_LABELS);
export type EventType = (typeof EVENT_TYPES)[number];

export const EVG_SUB_TYPE_LABELS = {
  evg: 'Enterrement de vie de garçon',
  evjf: 'Enterrement de vie de jeune fille',
  evgay: 'Enterrement de vie de garçon (gay)',
  evc: 'Enterrement de vie de couple',
};
export const EVG_SUB_TYPES = codesOf(EVG_SUB_TYPE_LABELS);
export type EvgSubType = (typeof EVG_SUB_TYPES)[number];

export const COMPANY_EVENT_TYPE_LABELS = { sem: 'Séminaire', ce: "Comité d'Entreprise" };
export const COMPANY_EVENT_TYPES = codesOf(COMPANY_EVENT_TYPE_LABELS);
export type CompanyEventType = (typeof COMPANY_EVENT_TYPES)[number];

/**
 * Label list for booking display (SPEC.md §3), read by code: the wizard's labels of every type and
 * sub-type, but 'Groupe' for a group, and the stored `individual` reads as `act`.
 */
export const BOOKING_DISPLAY_LABELS: Record<string, string> = {
  individual: EVENT_TYPE_LABELS.act,
  ...EVG_SUB_TYPE_LABELS,
  ...EVENT_TYPE_LABELS,
  group: 'Groupe',
  ...COMPANY_EVENT_TYPE_LABELS,
};

export const BOOKING_STATUS_LABELS = {
  draft: 'Brouillon',
  prebooked: 'Pré-réservée',
  confirmed: 'Confirmée',
  canceled: 'Annulée',
  completed: 'Terminée',
};
export const BOOKING_STATUSES = codesOf(BOOKING_STATUS_LABELS);
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A draft reads 'En attente' for invitees (SPEC.md §4). */
export function bookingStatusLabel(status: BookingStatus, forInvitee = false): string {
  if (status === 'draft' && forInvitee) return 'En attente';
  return BOOKING_STATUS_LABELS[status];
}

export const WEEKDAY_LABELS = {
  monday: 'Lundi',
  tuesday: 'Mardi',
  wednesday: 'Mercredi',
  thursday: 'Jeudi',
  friday: 'Vendredi',
  saturday: 'Samedi',
  sunday: 'Dimanche',
};
export const WEEKDAYS = codesOf(WEEKDAY_LABELS);
export type Weekday = (typeof WEEKDAYS)[number];
