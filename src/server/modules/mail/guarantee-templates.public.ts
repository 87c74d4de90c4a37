import { countOf, plural } from '../../../shared/plural';
import type { MailMessage } from './mailer.public';
import { eventDayLabel } from './payment-templates.public';
import { bookingTemplate, compose, euros, type BookingMailDetails, type MailContext } from './templates.public';

// The organizer's guarantee and the deadline ladder's e-mails (docs/decisions.md, "The organizer's
// guarantee"), written by the payments module in the transaction of their effect.

const dayTime = (date: Date) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(date);

/** To the organizer: what was left unpaid at the due date was charged to the saved card; the booking is confirmed. */
export const guaranteeChargedMail = bookingTemplate<
  BookingMailDetails & { amountCents: number; refundLaterPayers: boolean }
>('guarantee-charged', (details) => ({
  subject: `Garantie débitée – réservation ${details.reference} confirmée`,
  paragraphs: [
    `À la date limite de paiement, ${euros(details.amountCents)} restaient à régler par les participants : ce montant a été débité sur la carte que vous avez enregistrée en garantie, et votre réservation ${details.reference} est confirmée.`,
    details.refundLaterPayers
      ? 'Chaque participant qui paiera sa part plus tard vous sera remboursé automatiquement de ce montant sur cette carte.'
      : 'Comme vous l’avez choisi, vous vous arrangez directement avec les participants qui n’avaient pas payé.',
  ],
}));

/** To the organizer: the saved card refused the guarantee charge; the link leads to the booking's payment. */
export const guaranteeFailedMail = bookingTemplate<BookingMailDetails & { amountCents: number }>(
  'guarantee-failed',
  (details) => ({
    subject: `Garantie refusée – réservation ${details.reference}`,
    paragraphs: [
      `Nous n’avons pas pu débiter sur votre carte enregistrée les ${euros(details.amountCents)} restant à régler pour la réservation ${details.reference} : votre banque l’a refusé.`,
      'Notre équipe est prévenue. Pour que votre réservation soit confirmée, réglez le reste dès que possible depuis la page de votre réservation, rubrique Paiement, ou contactez-nous.',
    ],
    label: 'Payer le reste',
  }),
);

/** To the organizer: a participant paid after the guarantee charge, their share goes back to the organizer's card. */
export const guaranteeRefundMail = bookingTemplate<BookingMailDetails & { amountCents: number; payer: string }>(
  'guarantee-refund',
  (details) => ({
    subject: `Remboursement de votre avance – réservation ${details.reference}`,
    paragraphs: [
      `${details.payer} a payé sa part : les ${euros(details.amountCents)} que vous aviez avancés pour lui ou elle vous sont remboursés sur la carte enregistrée en garantie (comptez quelques jours selon votre banque).`,
    ],
  }),
);

/** D-2, to the organizer: some shares are still unpaid, one screen to choose what happens at the due date. */
export const dueChoiceMail = bookingTemplate<
  BookingMailDetails & { unpaid: number; unpaidCents: number; dueAt: Date; guaranteed: boolean }
>('due-choice', (details) => ({
  subject: `Paiements en attente : à vous de choisir – réservation ${details.reference}`,
  paragraphs: [
    `${countOf(details.unpaid, 'participant')} ${plural(details.unpaid, 'n’a', 'n’ont')} pas encore payé (${euros(details.unpaidCents)} au total) et la date limite de paiement est le ${dayTime(details.dueAt)}.`,
    `Choisissez depuis votre réservation : ${details.guaranteed ? 'débiter le reste sur votre carte de garantie, ' : ''}retirer les participants qui n’ont pas payé (les parts des autres sont recalculées) ou régler le reste sur place le jour de la sortie.`,
  ],
  label: 'Choisir',
  anchor: '#paiement',
}));

/** To the park team: the organizer will pay the rest on site. */
export function onSiteBalanceMail(
  context: MailContext,
  details: { reference: string; bookingId: string; organizer: string; amountCents: number; startDate: string },
): MailMessage {
  return compose(
    context,
    'due-choice-on-site',
    context.parkEmail,
    `Solde à encaisser sur place – réservation ${details.reference}`,
    [
      'Bonjour,',
      `${details.organizer} réglera sur place, le ${eventDayLabel(details.startDate)}, les ${euros(details.amountCents)} que les participants de la réservation ${details.reference} n’ont pas payés.`,
    ],
    { label: 'Ouvrir la demande', url: `${context.publicUrl}/admin/demandes/${details.bookingId}` },
  );
}
