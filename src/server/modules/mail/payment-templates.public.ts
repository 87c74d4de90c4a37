import type { MailMessage } from './mailer.public';
import {
  bookingTemplate,
  compose,
  euros,
  type BookingMailDetails,
  type MailContext,
  passesParagraph,
  type MailFigure,
} from './templates.public';

// The payment e-mails (DESIGN.md §3: payment received, booking confirmed). Written once per effect
// by the payments module, in the transaction that applied it (docs/decisions.md, "Payment e-mails").

/** 'samedi 12 septembre 2026' for an event day ('yyyy-MM-dd'). */
export function eventDayLabel(day: string): string {
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

export type PaymentReceivedKind = 'full' | 'partial' | 'share';

/** To the payer, when a card payment (the whole, the part paid now, or one's collective share) went through. */
export const paymentReceivedMail = bookingTemplate<
  BookingMailDetails & { kind: PaymentReceivedKind; amountCents: number; balanceCents: number }
>('payment-received', (details) => {
  const what =
    details.kind === 'share'
      ? `votre part de ${euros(details.amountCents)}`
      : details.kind === 'partial'
        ? `votre acompte de ${euros(details.amountCents)}`
        : `votre paiement de ${euros(details.amountCents)}`;
  return {
    subject: `Paiement reçu – réservation ${details.reference}`,
    paragraphs: [
      `Nous avons bien reçu ${what} par carte pour la réservation ${details.reference}. Merci !`,
      ...(details.kind === 'partial' && details.balanceCents > 0
        ? [`Le solde de ${euros(details.balanceCents)} sera à régler le jour de votre arrivée.`]
        : []),
      'Cet e-mail vaut reçu ; l’historique de vos paiements est dans votre espace client, onglet Paiements.',
    ],
  };
});

/** To the payer, when the card deposit hold is in place: nothing is taken. */
export const depositAuthorizedMail = bookingTemplate<BookingMailDetails & { amountCents: number }>(
  'deposit-authorized',
  (details) => ({
    subject: `Caution autorisée – réservation ${details.reference}`,
    paragraphs: [
      `Votre caution de ${euros(details.amountCents)} est autorisée sur votre carte pour la réservation ${details.reference}.`,
      'Aucun montant n’est débité : l’empreinte est libérée après votre venue, sauf dommage constaté.',
    ],
  }),
);

/**
 * To the organizer, when the hold could not be placed on the saved card while they were away
 * (docs/decisions.md, "Card holds"): the link leads to the booking page, where they authorize it.
 */
export const holdFailedMail = bookingTemplate<
  BookingMailDetails & { amountCents: number; authenticationRequired: boolean }
>('hold-failed', (details) => ({
  subject: `Caution non autorisée – réservation ${details.reference}`,
  paragraphs: [
    `Nous n’avons pas pu placer l’empreinte bancaire de votre caution de ${euros(details.amountCents)} sur la carte enregistrée pour la réservation ${details.reference} : ${
      details.authenticationRequired
        ? 'votre banque demande que vous confirmiez vous-même cette opération'
        : 'votre banque l’a refusée'
    }.`,
    'Pour que votre réservation reste valable, autorisez la caution depuis la page de votre réservation, rubrique Paiement, avec cette carte ou une autre. Aucun montant n’est débité.',
  ],
  label: 'Autoriser ma caution',
}));

/** To the organizer, when the payment made the booking confirmed (for a collective payment: the last share). */
export const bookingConfirmedMail = bookingTemplate<
  BookingMailDetails & {
    startDate: string;
    collective: { paid: number; total: number } | null;
    /** The personal passes attached (docs/decisions.md, "On site"), shown inline in the HTML. */
    passes?: MailFigure[];
  }
>('booking-confirmed', (details, context) => ({
  subject: `Réservation ${details.reference} confirmée – ${context.parkName}`,
  paragraphs: [
    details.collective
      ? `Tous les participants ont payé leur part (${details.collective.paid} / ${details.collective.total}) : votre réservation ${details.reference} est confirmée.`
      : `Votre paiement est bien reçu : votre réservation ${details.reference} est confirmée.`,
    `Nous vous attendons le ${eventDayLabel(details.startDate)}. Le contrat de réservation est à télécharger depuis votre réservation.`,
    ...passesParagraph(details.passes ?? []),
    `Pour toute question, contactez-nous au ${context.parkPhone} ou à ${context.parkEmail}.`,
  ],
  figures: details.passes,
}));

/**
 * To the park team (DESIGN.md §3 "hold expiring"): a card deposit hold lapses soon (an authorization
 * lives about 7 days), while the booking is still to come or under way. Sent once per hold.
 */
export function holdExpiringMail(
  context: MailContext,
  details: {
    reference: string;
    bookingId: string;
    organizer: string;
    amountCents: number;
    expiresAt: Date;
    startDate: string;
    endDate: string;
  },
): MailMessage {
  const expires = new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(details.expiresAt);
  const stay =
    details.startDate === details.endDate
      ? `le ${eventDayLabel(details.startDate)}`
      : `du ${eventDayLabel(details.startDate)} au ${eventDayLabel(details.endDate)}`;
  return compose(
    context,
    'hold-expiring',
    context.parkEmail,
    `Caution bientôt expirée – réservation ${details.reference}`,
    [
      'Bonjour,',
      `L’empreinte bancaire de caution de ${euros(details.amountCents)} de la réservation ${details.reference} (${details.organizer}, ${stay}) expire le ${expires} : passé ce délai, la banque peut la libérer avant la fin du séjour.`,
      'Si la caution doit couvrir le séjour, encaissez la part nécessaire avant cette date ou convenez d’un autre moyen avec le client depuis la discussion de la réservation.',
    ],
    { label: 'Ouvrir la demande', url: `${context.publicUrl}/admin/demandes/${details.bookingId}` },
  );
}
