/** French labels and colours of SPEC.md §3 and §4, one place for every screen. */

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

/** Main event types of the wizard's first step (SPEC.md §2). */
export const EVENT_TYPES = ['evg-evjf', 'anniv', 'group', 'company', 'act'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVG_SUB_TYPES = ['evg', 'evjf', 'evgay', 'evc'] as const;
export type EvgSubType = (typeof EVG_SUB_TYPES)[number];

export const COMPANY_EVENT_TYPES = ['sem', 'ce'] as const;
export type CompanyEventType = (typeof COMPANY_EVENT_TYPES)[number];

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  'evg-evjf': 'Enterrement de vie de garçon/fille',
  anniv: 'Anniversaire',
  group: 'Groupe / Association',
  company: 'Entreprise',
  act: 'Individuel',
};

export const EVG_SUB_TYPE_LABELS: Record<EvgSubType, string> = {
  evg: 'Enterrement de vie de garçon',
  evjf: 'Enterrement de vie de jeune fille',
  evgay: 'Enterrement de vie de garçon (gay)',
  evc: 'Enterrement de vie de couple',
};

export const COMPANY_EVENT_TYPE_LABELS: Record<CompanyEventType, string> = {
  sem: 'Séminaire',
  ce: "Comité d'Entreprise",
};

/** Label list for booking display (SPEC.md §3). */
export const BOOKING_DISPLAY_LABELS: Record<string, string> = {
  individual: 'Individuel',
  act: 'Individuel',
  evg: 'Enterrement de vie de garçon',
  evjf: 'Enterrement de vie de jeune fille',
  evgay: 'Enterrement de vie de garçon (gay)',
  evc: 'Enterrement de vie de couple',
  'evg-evjf': 'Enterrement de vie de garçon/fille',
  anniv: 'Anniversaire',
  group: 'Groupe',
  company: 'Entreprise',
  sem: 'Séminaire',
  ce: "Comité d'Entreprise",
};

export const BOOKING_STATUSES = ['draft', 'prebooked', 'confirmed', 'canceled', 'completed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  draft: 'Brouillon',
  prebooked: 'Pré-réservée',
  confirmed: 'Confirmée',
  canceled: 'Annulée',
  completed: 'Terminée',
};

/** A draft reads 'En attente' for invitees (SPEC.md §4). */
export function bookingStatusLabel(status: BookingStatus, forInvitee = false): string {
  if (status === 'draft' && forInvitee) return 'En attente';
  return BOOKING_STATUS_LABELS[status];
}

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Lundi',
  tuesday: 'Mardi',
  wednesday: 'Mercredi',
  thursday: 'Jeudi',
  friday: 'Vendredi',
  saturday: 'Samedi',
  sunday: 'Dimanche',
};
