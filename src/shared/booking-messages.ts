/**
 * The booking messages of the wizard and of the booking page, without the schemas that use them
 * (api/booking-request.schema.ts and api/customer-booking.schema.ts re-export them): a page that
 * shows one does not load zod with it (docs/decisions.md, performance rule 24).
 */
import { addIsoDays } from './booking-days';
import { countOf } from './plural';

export const WIZARD_MESSAGES = {
  eventType: "Veuillez sélectionner un type d'événement",
  evgSubType: "Veuillez sélectionner le type d'événement spécifique",
  organizationName: "Le nom du club ou de l'association est requis",
  companyName: "Le nom de l'entreprise est requis",
  companyEventType: "Veuillez sélectionner le type d'événement d'entreprise",
  participantsMin: "Le nombre de participants doit être d'au moins 1",
  participantsMax: 'Le nombre de participants ne peut pas dépasser 100',
  date: 'Veuillez sélectionner une date',
  pastDate: 'La date ne peut pas être dans le passé',
  notBeforeTomorrow: 'La date doit être au plus tôt demain',
  noActivity: 'Veuillez sélectionner au moins une activité ou service',
  tooManyLines: 'Une demande compte au plus 60 activités et services',
  unknownItem: 'Activité ou service introuvable',
  activityParticipants: 'Le nombre de participants par activité doit être compris entre 1 et 50',
  /** Refused by the wizard's call and by the booking edit alike. */
  activityDayOutOfRange: 'La date d’une activité doit être comprise dans les jours de l’événement',
} as const;

/**
 * One rule for an event's date, in the wizard, the detail page and on the server:
 * the earliest day is tomorrow; a day before today is 'dans le passé', today itself is 'au plus
 * tôt demain'. `tomorrow` is tomorrow in Paris ('yyyy-MM-dd').
 */
export function eventDateMessage(day: string, tomorrow: string): string | undefined {
  if (day >= tomorrow) return undefined;
  return day < addIsoDays(tomorrow, -1) ? WIZARD_MESSAGES.pastDate : WIZARD_MESSAGES.notBeforeTomorrow;
}

/** The customer's edits of a booking (SPEC.md §5) and the server's refusals, word for word. */
export const BOOKING_EDIT_MESSAGES = {
  locked: 'Modification non autorisée - La réservation est verrouillée',
  notFound: 'Réservation non trouvée',
  stale: 'Conflit de données : la réservation a été modifiée entre-temps, veuillez recharger la page',
  slotUnavailable: 'Ce créneau n’est pas disponible pour ce jour',
  slotFull: (left: number) =>
    left > 0 ? `Ce créneau est complet : il reste ${countOf(left, 'place')}` : 'Ce créneau est complet',
  onlyOrganizerValidates: 'Seul l’organisateur peut valider la demande',
  alreadyValidated: 'Vous avez déjà validé cette demande',
  notDraft: 'Cette demande ne peut plus être validée',
  onlyOrganizerParticipants: 'Seul l’organisateur peut gérer les participants',
  participantsLocked: 'La liste des participants ne peut plus être modifiée après la validation de la demande',
  participantsClosed: 'Cette demande est annulée ou terminée : la liste des participants ne peut plus être modifiée',
  participantExists: 'Cette personne fait déjà partie des participants',
  participantsBelowList: (listed: number) =>
    `La liste des participants compte déjà ${countOf(listed, 'personne')} : retirez-en avant de réduire le nombre de participants`,
  cannotRemoveOrganizer: 'L’organisateur ne peut pas être retiré',
  participantNotFound: 'Participant non trouvé',
  lastModifiedRequired: 'La date de dernière modification est requise',
  lastModifiedInvalid: 'La date de dernière modification est invalide',
  surpriseInvalid: 'Indiquez si la réservation est une surprise',
  surpriseOnlyOrganizer: 'Seul l’organisateur peut activer le mode surprise',
  surpriseEventType: 'Le mode surprise est réservé aux enterrements de vie de garçon/fille et aux anniversaires',
  surpriseClosed: 'Le mode surprise ne peut plus changer : la réservation est annulée ou terminée',
  itemWithdrawn: (name: string) => `« ${name} » n’est plus proposé : il ne peut pas être ajouté à la réservation`,
} as const;
