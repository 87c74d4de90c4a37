import { eventDayLabel } from './payment-templates.public';
import { bookingTemplate, euros, type BookingMailDetails } from './templates.public';

// The group payment's e-mails (docs/decisions.md, "Group shares"), written by the payments module
// in the transaction that claimed them.

/** To a participant whose share is not paid yet: the organizer's (or the team's) reminder. */
export const shareReminderMail = bookingTemplate<
  BookingMailDetails & { amountCents: number; dueAt: Date; startDate: string }
>('share-reminder', (details) => ({
  subject: `Rappel : votre part reste à régler – réservation ${details.reference}`,
  paragraphs: [
    `Votre part de ${euros(details.amountCents)} pour la sortie du ${eventDayLabel(details.startDate)} (réservation ${details.reference}) n’est pas encore réglée.`,
    `Merci de la payer par carte depuis la réservation avant le ${new Intl.DateTimeFormat('fr-FR', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Europe/Paris',
    }).format(details.dueAt)} : sans le paiement de chacun, la réservation n’est pas confirmée.`,
  ],
  label: 'Payer ma part',
}));

/** To a payer whose share grew after they paid (a new split, docs/decisions.md "Group shares"): the difference is due. */
export const shareIncreasedMail = bookingTemplate<
  BookingMailDetails & { owedCents: number; shareCents: number; dueAt: Date; startDate: string }
>('share-increased', (details) => ({
  subject: `Votre part a changé : ${euros(details.owedCents)} restent à régler – réservation ${details.reference}`,
  paragraphs: [
    `Les parts du groupe pour la sortie du ${eventDayLabel(details.startDate)} (réservation ${details.reference}) ont été recalculées : votre part est maintenant de ${euros(details.shareCents)}.`,
    `Ce que vous avez déjà payé reste acquis : il vous reste ${euros(details.owedCents)} à régler par carte avant le ${new Intl.DateTimeFormat(
      'fr-FR',
      { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' },
    ).format(details.dueAt)}.`,
  ],
  label: 'Payer la différence',
}));

/** To a payer whose share shrank after they paid (a new split, docs/decisions.md "Group shares"): the surplus is refunded. */
export const shareDecreasedMail = bookingTemplate<
  BookingMailDetails & { refundCents: number; shareCents: number; startDate: string }
>('share-decreased', (details) => ({
  subject: `Votre part a diminué : ${euros(details.refundCents)} vous sont remboursés – réservation ${details.reference}`,
  paragraphs: [
    `Les parts du groupe pour la sortie du ${eventDayLabel(details.startDate)} (réservation ${details.reference}) ont été recalculées : votre part est maintenant de ${euros(details.shareCents)}.`,
    `Vous aviez déjà payé davantage : ${euros(details.refundCents)} vous sont remboursés sur la carte utilisée, sous quelques jours.`,
  ],
  label: 'Voir la réservation',
}));
