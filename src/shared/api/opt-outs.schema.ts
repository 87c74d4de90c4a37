import { z } from 'zod';
import { successOf, successWithMessageOf, text } from './common.schema';

/**
 * Optional per-person activities (docs/decisions.md, "Group shares"): the organizer marks a
 * per-person activity line optional, each participant takes it or not; their collective share
 * follows. Every text the customer reads is here, in French.
 */
export const OPT_OUT_MESSAGES = {
  optionalRequired: 'Indiquez si l’activité est facultative',
  optedOutRequired: 'Indiquez si vous participez à cette activité',
  lineNotFound: 'Activité non trouvée',
  participantNotFound: 'Participant non trouvé',
  organizerOnly: 'Seul l’organisateur peut rendre une activité facultative',
  notPerPerson: 'Seule une activité facturée par personne peut être facultative',
  notOptional: 'Cette activité n’est pas facultative : tout le groupe y participe',
  hasOptOuts: 'Des participants ont déjà choisi de ne pas participer : cette activité reste facultative',
  alreadyPaid:
    'Cette part est déjà réglée : le choix des activités ne peut plus changer. Contactez notre équipe si besoin.',
  guestOfHonour: 'Un invité d’honneur ne paie pas de part : il participe à tout le programme',
  closed:
    'Les activités facultatives ne peuvent plus changer : le délai de paiement est passé ou la réservation est confirmée, annulée ou terminée',
  optionalUpdated: 'Activité mise à jour',
  optedOut: 'Vous ne participez pas à cette activité : votre part est mise à jour',
  optedIn: 'Vous participez à cette activité : votre part est mise à jour',
} as const;

/** Re-exported: they live in the zod-free group-labels.ts (docs/decisions.md, performance rule 24). */
export { OPT_OUT_LABELS } from '../group-labels';

/** Opt-outs may change while the booking is a request or an option whose payment delay runs. */
export const OPT_OUTS_STATUSES: readonly string[] = ['draft', 'prebooked'];

export const optionalLineParams = z.object({ id: text(), lineId: text() });
export const optOutParams = z.object({ id: text(), participantId: text(), lineId: text() });
export const optionalLineBody = z.object({ optional: z.boolean({ error: OPT_OUT_MESSAGES.optionalRequired }) });
export const optOutBody = z.object({ optedOut: z.boolean({ error: OPT_OUT_MESSAGES.optedOutRequired }) });
export type OptionalLineBody = z.input<typeof optionalLineBody>;
export type OptOutBody = z.input<typeof optOutBody>;

/** One activity line as the opt-outs see it: its per-person price and who does not take it. */
export const optOutLine = z.object({
  lineId: text(),
  name: text(),
  scheduledDate: text(),
  /** The per-person price in euros (null when the line is not priced per person). */
  perPersonPrice: z.number().nullable(),
  /** Per-person lines only may be made optional. */
  eligible: z.boolean(),
  optional: z.boolean(),
  /** The participants (ids) who do not take it. */
  optedOut: z.array(text()),
});
export const optOutsView = z.object({
  /** The reader's own participant id (null for the team), so the page knows which choice is theirs. */
  me: text().nullable(),
  canManage: z.boolean(),
  /** Whether choices may still change (request or option, before the payment deadline). */
  open: z.boolean(),
  lines: z.array(optOutLine),
});
export type OptOutsView = z.infer<typeof optOutsView>;
export type OptOutLine = z.infer<typeof optOutLine>;

export const optOutsResponse = successOf(optOutsView);
export const optOutsUpdateResponse = successWithMessageOf(optOutsView, text());
