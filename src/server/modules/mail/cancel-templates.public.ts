import type { MailMessage } from './mailer.public';
import { eventDayLabel } from './payment-templates.public';
import { bookingTemplate, compose, euros, type BookingMailDetails, type MailContext } from './templates.public';

// Leaving a booking's money behind: the organizer's cancellation (docs/decisions.md, "Payments",
// "Cancellation by the organizer"), one mail to each person of the group and one to the team, and a
// participant leaving (docs/decisions.md, "Group shares"). Written in the change's transaction; none
// tells the programme, so a guest of honour kept in surprise gets theirs.

/** What a payer gets back: their refund on their card, nothing under the terms, or no line when they paid nothing. */
function refundLine(paidCents: number, refundCents: number): string[] {
  if (refundCents > 0) {
    return [
      `Selon nos conditions générales de vente, ${euros(refundCents)} vous sont remboursés sur la carte utilisée, sous quelques jours.`,
    ];
  }
  return paidCents > 0 ? ['Aucun remboursement n’est dû selon nos conditions générales de vente.'] : [];
}

/** To the organizer: the booking they canceled, their own refund, and that each payer gets theirs. */
export const organizerCanceledMail = bookingTemplate<
  BookingMailDetails & { startDate: string; paidCents: number; refundCents: number; otherPayers: number }
>('organizer-canceled', (details, context) => ({
  subject: `Réservation ${details.reference} annulée – ${context.parkName}`,
  paragraphs: [
    `Vous avez annulé votre réservation ${details.reference} pour la sortie du ${eventDayLabel(details.startDate)}.`,
    ...refundLine(details.paidCents, details.refundCents),
    ...(details.otherPayers > 0
      ? [
          'Chaque participant qui avait payé sa part est remboursé sur sa carte selon les mêmes conditions, et prévenu par e-mail.',
        ]
      : []),
    `Pour toute question, contactez-nous au ${context.parkPhone} ou à ${context.parkEmail}.`,
  ],
  programme: false,
}));

/** To a participant of the group: the organizer canceled; their refund when they paid. */
export const groupCanceledMail = bookingTemplate<
  BookingMailDetails & { startDate: string; paidCents: number; refundCents: number }
>('group-canceled', (details, context) => ({
  subject: `Sortie du ${eventDayLabel(details.startDate)} annulée – réservation ${details.reference}`,
  paragraphs: [
    `L’organisateur a annulé la réservation ${details.reference} pour la sortie du ${eventDayLabel(details.startDate)}.`,
    ...refundLine(details.paidCents, details.refundCents),
    `Pour toute question, contactez-nous au ${context.parkPhone} ou à ${context.parkEmail}.`,
  ],
  programme: false,
}));

/** To the park team: what the organizer's cancellation refunded, and what is left to settle by hand. */
export function canceledByOrganizerTeamMail(
  context: MailContext,
  details: {
    reference: string;
    bookingId: string;
    organizer: string;
    startDate: string;
    reason: string;
    refundCents: number;
    feeCents: number;
    otherwiseCents: number;
  },
): MailMessage {
  return compose(
    context,
    'organizer-canceled-team',
    context.parkEmail,
    `Réservation ${details.reference} annulée par l’organisateur`,
    [
      'Bonjour,',
      `${details.organizer} a annulé la réservation ${details.reference} du ${eventDayLabel(details.startDate)}. Motif : ${details.reason}`,
      details.refundCents > 0
        ? `${euros(details.refundCents)} sont remboursés automatiquement aux payeurs par carte (frais retenus : ${euros(details.feeCents)}).`
        : 'Aucun remboursement par carte n’est dû selon les conditions de la réservation.',
      ...(details.otherwiseCents > 0
        ? [
            `${euros(details.otherwiseCents)} ont été réglés autrement que par carte : à rendre ou rembourser par l’équipe.`,
          ]
        : []),
    ],
    { label: 'Ouvrir la demande', url: `${context.publicUrl}/admin/demandes/${details.bookingId}` },
  );
}

/**
 * To a participant who left a collective booking: what comes back under the frozen terms. They no
 * longer see the booking: the button leads to their own space.
 */
export function leftBookingMail(
  context: MailContext,
  to: string,
  details: BookingMailDetails & { startDate: string; paidCents: number; refundCents: number; feeCents: number },
): MailMessage {
  const fee = details.feeCents > 0 ? ` (${euros(details.feeCents)} de frais d’annulation retenus)` : '';
  const mail = compose(
    context,
    'participant-left',
    to,
    `Vous avez quitté la réservation ${details.reference}`,
    [
      `Bonjour ${details.firstName},`,
      `Vous ne faites plus partie du groupe de la sortie du ${eventDayLabel(details.startDate)} (réservation ${details.reference}) : les parts des autres participants ont été recalculées.`,
      ...(details.refundCents > 0
        ? [
            `Selon les conditions d’annulation de la réservation, ${euros(details.refundCents)} vous sont remboursés sur la carte utilisée${fee}, sous quelques jours.`,
          ]
        : details.paidCents > 0
          ? ['Selon les conditions d’annulation de la réservation, aucun remboursement n’est dû.']
          : []),
    ],
    { label: 'Accéder à mon espace', url: `${context.publicUrl}/dashboard` },
  );
  return { ...mail, about: { bookingId: details.bookingId, programme: false } };
}
