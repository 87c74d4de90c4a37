import { z } from 'zod';
import { bookingParticipant } from './customer-booking.schema';
import { successWithMessageOf, text } from './common.schema';

/**
 * The group's payment (docs/decisions.md, "Group shares"): guests of honour, who paid, reminders.
 * Every text the organizer or the team reads is here, in French.
 */
export const GROUP_MESSAGES = {
  guestOfHonourRequired: 'Indiquez si ce participant est invité d’honneur',
  participantNotFound: 'Participant non trouvé',
  guestUpdated: 'Participant mis à jour',
  organizerNotGuest: 'L’organisateur ne peut pas être invité d’honneur : il règle le reste des parts',
  guestAlreadyPaid: 'Ce participant a déjà réglé sa part : il ne peut plus devenir invité d’honneur',
  sharesAlreadyPaid:
    'Des parts sont déjà réglées : les invités d’honneur ne peuvent plus changer. Contactez notre équipe si besoin.',
  guestsLocked: 'Les invités d’honneur ne peuvent plus changer : la réservation est confirmée, annulée ou terminée',
} as const;

/** Guests of honour may change while the booking is a request or an option, not once confirmed. */
export const GUESTS_OF_HONOUR_STATUSES: readonly string[] = ['draft', 'prebooked'];

export const GUEST_OF_HONOUR_LABEL = 'Invité d’honneur';

export const updateGroupParticipantBody = z.object({
  guestOfHonour: z.boolean({ error: GROUP_MESSAGES.guestOfHonourRequired }),
});
export type UpdateGroupParticipantBody = z.input<typeof updateGroupParticipantBody>;

export const groupParticipantParams = z.object({ id: text(), participantId: text() });
export const groupParticipantResponse = successWithMessageOf(bookingParticipant, text());
