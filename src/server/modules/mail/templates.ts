import type { MailMessage } from './mailer';

export interface MailContext {
  parkName: string;
  parkEmail: string;
  parkPhone: string;
  publicUrl: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** A plain French e-mail with the same content as text and as simple, escaped HTML. */
function compose(
  context: MailContext,
  template: string,
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { label: string; url: string },
): MailMessage {
  const signature = [`L’équipe ${context.parkName}`, `${context.parkPhone} · ${context.parkEmail}`];
  const text = [...paragraphs, ...(link ? [`${link.label} : ${link.url}`] : []), '', ...signature].join('\n\n');
  const html = [
    '<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1a202c">',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    link
      ? `<p><a href="${escapeHtml(link.url)}" style="background:#2a6a32;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
      : '',
    `<p style="color:#4a5568">${signature.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('');
  return { template, to, subject, text, html };
}

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

export function temporaryPasswordMail(context: MailContext, to: string, firstName: string, password: string): MailMessage {
  return compose(
    context,
    'temporary-password',
    to,
    `Votre mot de passe temporaire – ${context.parkName}`,
    [
      `Bonjour ${firstName},`,
      `Voici votre mot de passe temporaire : ${password}`,
      'Il est valable 24 heures et ne sert qu’une fois. Connectez-vous avec ce mot de passe : vous serez ensuite invité à choisir un nouveau mot de passe sécurisé.',
      'Votre mot de passe habituel reste valable : si vous n’êtes pas à l’origine de cette demande, ignorez simplement cet email.',
    ],
    { label: 'Me connecter', url: `${context.publicUrl}/login?email=${encodeURIComponent(to)}` },
  );
}

export function passwordChangedMail(context: MailContext, to: string, firstName: string): MailMessage {
  return compose(context, 'password-changed', to, `Mot de passe modifié – ${context.parkName}`, [
    `Bonjour ${firstName},`,
    'Le mot de passe de votre compte vient d’être modifié et vos autres sessions ont été fermées.',
    `Si vous n’êtes pas à l’origine de ce changement, contactez-nous immédiatement au ${context.parkPhone} ou à ${context.parkEmail}.`,
  ]);
}

export function requestReceivedMail(
  context: MailContext,
  to: string,
  details: { firstName: string; reference: string; eventLabel: string; dateLabel: string; participants: number; bookingId: string },
): MailMessage {
  return compose(
    context,
    'request-received',
    to,
    `Demande ${details.reference} bien reçue – ${context.parkName}`,
    [
      `Bonjour ${details.firstName},`,
      `Nous avons bien reçu votre demande de réservation ${details.reference} : ${details.eventLabel}, le ${details.dateLabel}, pour ${details.participants} participant${details.participants > 1 ? 's' : ''}.`,
      'Notre équipe l’étudie et vous répond sous 24 heures avec un devis personnalisé. Les prix affichés lors de votre demande sont indicatifs.',
      'En attendant, vous pouvez inviter vos participants et échanger avec nous depuis votre espace client.',
    ],
    { label: 'Suivre ma demande', url: `${context.publicUrl}/booking/${details.bookingId}` },
  );
}
