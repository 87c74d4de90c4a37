import { countOf } from '../../../shared/plural';
import { compose, type MailContext, type MailFigure } from './mail-layout';
import type { MailMessage } from './mailer.public';

export { compose, type MailContext, type MailFigure } from './mail-layout';

export function accountCreatedMail(context: MailContext, to: string, firstName: string): MailMessage {
  return compose(
    context,
    'account-created',
    to,
    `Bienvenue au ${context.parkName}`,
    [
      `Bonjour ${firstName},`,
      `Votre compte client du ${context.parkName} est créé. Vous pouvez y suivre vos demandes de réservation, inviter vos participants et échanger avec notre équipe.`,
    ],
    { label: 'Accéder à mon espace', url: `${context.publicUrl}/dashboard` },
  );
}

/**
 * One credential only, the password (docs/decisions.md, "E-mail"): the button opens the login page,
 * with neither a token nor the address in its link.
 */
export function temporaryPasswordMail(
  context: MailContext,
  to: string,
  firstName: string,
  password: string,
): MailMessage {
  const mail = compose(
    context,
    'temporary-password',
    to,
    `Votre mot de passe temporaire – ${context.parkName}`,
    [
      `Bonjour ${firstName},`,
      `Voici votre mot de passe temporaire : ${password}`,
      'Il est valable 24 heures et ne sert qu’une fois. Connectez-vous avec ce mot de passe : vous serez ensuite invité à choisir un nouveau mot de passe sécurisé.',
      'Votre mot de passe habituel reste valable : si vous n’êtes pas à l’origine de cette demande, ignorez simplement cet e-mail.',
    ],
    { label: 'Me connecter', url: `${context.publicUrl}/login` },
  );
  return { ...mail, secrets: [password] };
}

/** What the welcome of a person who joined a booking without a password says of the booking. */
export interface JoinedBookingDetails {
  bookingId: string;
  organizerName: string;
  eventLabel: string;
  dateLabel: string;
}

/**
 * The welcome of a person who joined a booking without a password (docs/decisions.md, "E-mail"):
 * the booking (organizer, event, date, link), the temporary password and what to do next.
 */
export function invitedWelcomeMail(
  context: MailContext,
  to: string,
  firstName: string,
  password: string,
  booking: JoinedBookingDetails,
): MailMessage {
  const mail = compose(
    context,
    'invited-welcome',
    to,
    `Bienvenue dans la réservation de ${booking.organizerName} – ${context.parkName}`,
    [
      `Bonjour ${firstName},`,
      `Vous avez rejoint la réservation de ${booking.organizerName} au ${context.parkName} : ${booking.eventLabel}, le ${booking.dateLabel}. Votre compte est créé.`,
      `Voici votre mot de passe temporaire : ${password}`,
      'Et maintenant : connectez-vous avec votre adresse e-mail et ce mot de passe (valable 24 heures, une seule fois), choisissez votre propre mot de passe, puis retrouvez la réservation : le programme, les participants et la discussion avec notre équipe.',
    ],
    { label: 'Voir la réservation', url: `${context.publicUrl}/booking/${booking.bookingId}` },
  );
  // The booking's event and day only: no programme (docs/decisions.md, "Group shares").
  return { ...mail, secrets: [password], about: { bookingId: booking.bookingId, programme: false } };
}

export function passwordChangedMail(context: MailContext, to: string, firstName: string): MailMessage {
  return compose(context, 'password-changed', to, `Mot de passe modifié – ${context.parkName}`, [
    `Bonjour ${firstName},`,
    'Le mot de passe de votre compte vient d’être modifié et vos autres sessions ont été fermées.',
    `Si vous n’êtes pas à l’origine de ce changement, contactez-nous immédiatement au ${context.parkPhone} ou à ${context.parkEmail}.`,
  ]);
}

export const requestReceivedMail = bookingTemplate<{
  firstName: string;
  reference: string;
  eventLabel: string;
  dateLabel: string;
  participants: number;
  bookingId: string;
}>('request-received', (details, context) => ({
  subject: `Demande ${details.reference} bien reçue – ${context.parkName}`,
  paragraphs: [
    `Nous avons bien reçu votre demande de réservation ${details.reference} : ${details.eventLabel}, le ${details.dateLabel}, pour ${countOf(details.participants, 'participant')}.`,
    'Notre équipe l’étudie et vous répond sous 24 heures avec un devis personnalisé. Les prix affichés lors de votre demande sont indicatifs.',
    'En attendant, vous pouvez inviter vos participants et échanger avec nous depuis votre espace client.',
  ],
  label: 'Suivre ma demande',
}));

export const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
    .format(cents / 100)
    .replace(/\u202f|\u00a0/g, ' ');

const dateTimeLabel = (date: Date) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(date);

export interface BookingMailDetails {
  firstName: string;
  reference: string;
  bookingId: string;
}

/** A mail about one booking: the greeting by first name, the paragraphs, a button to the booking page. */
export function bookingMail(
  context: MailContext,
  template: string,
  to: string,
  details: BookingMailDetails,
  subject: string,
  paragraphs: string[],
  label = 'Voir ma réservation',
  anchor = '',
  figures: MailFigure[] = [],
  programme = true,
): MailMessage {
  const mail = compose(
    context,
    template,
    to,
    subject,
    [`Bonjour ${details.firstName},`, ...paragraphs],
    { label, url: `${context.publicUrl}/booking/${details.bookingId}${anchor}` },
    figures,
  );
  return { ...mail, about: { bookingId: details.bookingId, programme } };
}

/** What one booking mail says; `label` and `anchor` as in `bookingMail`. */
export interface BookingMailText {
  subject: string;
  paragraphs: string[];
  label?: string;
  anchor?: string;
  figures?: MailFigure[];
  /** False only when the mail tells nothing of the programme (no activity, service, schedule or price). */
  programme?: boolean;
}

/**
 * A booking mail template: `(context, to, details) => MailMessage`, from its name and what it says
 * for the details (greeting, button and signature by `bookingMail`).
 */
export function bookingTemplate<Details extends BookingMailDetails>(
  template: string,
  write: (details: Details, context: MailContext) => BookingMailText,
): (context: MailContext, to: string, details: Details) => MailMessage {
  return (context, to, details) => {
    const { subject, paragraphs, label, anchor, figures, programme } = write(details, context);
    return bookingMail(context, template, to, details, subject, paragraphs, label, anchor, figures, programme);
  };
}

/** The team validated the request with a payment config ("votre devis est prêt"; docs/decisions.md, "Payments"). */
export const quoteReadyMail = bookingTemplate<
  BookingMailDetails & {
    paymentLabel: string;
    totalCents: number;
    dueCents: number;
    dueAt: Date;
    instructions: string;
  }
>('quote-ready', (details) => ({
  subject: `Votre devis est prêt – demande ${details.reference}`,
  paragraphs: [
    `Bonne nouvelle : votre devis est prêt. Notre équipe a validé votre demande ${details.reference} pour un montant total de ${euros(details.totalCents)}.`,
    `Mode de paiement : ${details.paymentLabel}. Montant à régler maintenant : ${euros(details.dueCents)}.`,
    `Votre réservation est retenue en option jusqu’au ${dateTimeLabel(details.dueAt)} : sans paiement à cette date, l’option sera libérée.`,
    ...(details.instructions.trim() ? [`Instructions de l’équipe : ${details.instructions.trim()}`] : []),
  ],
  label: 'Voir ma réservation et payer',
}));

export const bookingCanceledMail = bookingTemplate<BookingMailDetails & { reason: string; refundCents: number }>(
  'booking-canceled',
  (details, context) => ({
    subject: `Réservation ${details.reference} annulée – ${context.parkName}`,
    paragraphs: [
      `Votre réservation ${details.reference} a été annulée par notre équipe.`,
      `Motif : ${details.reason}`,
      details.refundCents > 0
        ? `Selon nos conditions générales de vente, un remboursement de ${euros(details.refundCents)} vous sera versé.`
        : 'Aucun remboursement n’est dû selon nos conditions générales de vente.',
      `Pour toute question, contactez-nous au ${context.parkPhone} ou à ${context.parkEmail}.`,
    ],
  }),
);

/** The option hold expired unpaid (DESIGN.md §4): the sweep released it. */
export const optionReleasedMail = bookingTemplate<BookingMailDetails & { dueAt: Date }>(
  'option-released',
  (details, context) => ({
    subject: `Option libérée – demande ${details.reference}`,
    paragraphs: [
      `Le paiement de votre réservation ${details.reference} était attendu au plus tard le ${dateTimeLabel(details.dueAt)}. Faute de paiement, l’option a été libérée et la réservation annulée, conformément à nos conditions générales de vente.`,
      `Si vous souhaitez toujours venir, répondez-nous ou faites une nouvelle demande : nous ferons notre possible pour vous accueillir. Contact : ${context.parkPhone} · ${context.parkEmail}.`,
    ],
  }),
);

/** What the confirmation says of the passes it carries: whose they are and what to do with them. */
export function passesParagraph(passes: MailFigure[]): string[] {
  if (passes.length === 0) return [];
  const names = passes.map((pass) => pass.caption).join(', ');
  return [
    passes.length === 1
      ? `Le pass personnel de ${names} est joint à cet e-mail : à présenter à l’accueil, imprimé ou sur téléphone, avec la décharge signée.`
      : `Les ${passes.length} pass personnels des participants inscrits sont joints à cet e-mail (${names}) : chacun présente le sien à l’accueil, imprimé ou sur téléphone, avec sa décharge signée.`,
  ];
}

/** The cheque confirms the booking: like the card confirmation, it carries the passes (docs/decisions.md, "On site"). */
export const chequeReceivedMail = bookingTemplate<BookingMailDetails & { amountCents: number; passes?: MailFigure[] }>(
  'cheque-received',
  (details, context) => ({
    subject: `Réservation ${details.reference} confirmée – ${context.parkName}`,
    paragraphs: [
      `Nous avons bien reçu votre chèque de caution de ${euros(details.amountCents)} : votre réservation ${details.reference} est confirmée.`,
      'Le chèque n’est pas encaissé ; il vous sera rendu après votre venue, sauf dommage constaté.',
      ...passesParagraph(details.passes ?? []),
    ],
    figures: details.passes,
  }),
);

/** A personal invitation: the person sees the booking only after accepting through the link. */
export function participantInvitationMail(
  context: MailContext,
  to: string,
  details: { firstName: string; organizerName: string; eventLabel: string; dateLabel: string; url: string },
): MailMessage {
  return compose(
    context,
    'participant-invitation',
    to,
    `${details.organizerName} vous invite – ${context.parkName}`,
    [
      `Bonjour ${details.firstName},`,
      `${details.organizerName} vous invite à rejoindre sa réservation au ${context.parkName} : ${details.eventLabel}, le ${details.dateLabel}.`,
      'Ouvrez le lien ci-dessous pour accepter l’invitation. Il vous est personnel et ne sert qu’une fois.',
      'Si vous ne connaissez pas cette personne, ignorez simplement cet e-mail : vous ne serez ajouté à aucune réservation.',
    ],
    { label: 'Voir l’invitation', url: details.url },
  );
}

/** Plain text of a chat message for an e-mail: tags dropped, spaces folded, long ones cut. */
function excerpt(content: string, max = 400): string {
  const plain = content
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/** The digest of new team messages on a booking (at most one per booking per 15 minutes). */
export const teamMessagesDigestMail = bookingTemplate<{
  firstName: string;
  reference: string;
  bookingId: string;
  messages: Array<{ content: string; hiddenFromGuests?: boolean }>;
}>('team-messages', (details, context) => {
  const several = details.messages.length > 1;
  return {
    subject: `${several ? 'Nouveaux messages' : 'Nouveau message'} de l’équipe – réservation ${details.reference}`,
    paragraphs: [
      several
        ? `L’équipe du ${context.parkName} vous a écrit ${details.messages.length} messages au sujet de la réservation ${details.reference} :`
        : `L’équipe du ${context.parkName} vous a écrit au sujet de la réservation ${details.reference} :`,
      ...details.messages.map((message) => `« ${excerpt(message.content)} »`),
      'Répondez-nous directement dans la discussion de votre réservation : tous les participants la voient.',
    ],
    label: 'Voir la discussion',
    anchor: '#discussion',
    // The team's lines everyone sees tell no more than the chat does; a hidden line may tell the programme.
    programme: details.messages.some((message) => message.hiddenFromGuests === true),
  };
});
