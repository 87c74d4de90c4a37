/**
 * The invitation messages, without the schemas that use them (api/invitation.schema.ts re-exports
 * them): a page that shows one does not load zod with it (docs/decisions.md, performance rule 24).
 */
import { FIELD_MESSAGES } from './field-messages';

/** Messages of SPEC.md §5 (join form, link creation) and §8, and those of docs/decisions.md, "Joining". */
export const INVITATION_MESSAGES = {
  firstName: 'Le prénom est requis',
  lastName: 'Le nom est requis',
  email: "L'email est requis",
  emailFormat: "Format d'email invalide",
  phoneFormat: FIELD_MESSAGES.phoneFormat,
  passwordMin: 'Le mot de passe doit contenir au moins 6 caractères',
  confirmRequired: 'La confirmation du mot de passe est requise',
  mismatch: FIELD_MESSAGES.passwordsMismatch,
  exhausted: "Ce lien d'invitation a atteint sa limite d'utilisation",
  /** A token too short or malformed (400), or one that names no invitation (404): SPEC.md §5. */
  tokenInvalid: "Token d'invitation invalide",
  tokenMissing: "Token d'invitation manquant",
  revoked: "Ce lien d'invitation a été révoqué par l'organisateur",
  expired: "Ce lien d'invitation a expiré",
  closed: "Cette réservation n'accepte plus de nouveaux participants",
  full: (max: number) => `La liste des participants est complète : ${max} personnes au maximum pour cette réservation`,
  loginFirst:
    "Un compte existe déjà avec cet e-mail. Connectez-vous d'abord, puis rouvrez ce lien d'invitation pour rejoindre la réservation.",
  alreadyMember: 'Vous faites déjà partie de cette réservation',
  personalOnly: 'Cette invitation est personnelle : elle ne peut être acceptée que par la personne invitée',
  removedByOrganizer:
    "L'organisateur vous a retiré de cet événement : demandez-lui une nouvelle invitation pour le rejoindre",
  leftThemself: "Vous avez quitté cet événement : demandez à l'organisateur une nouvelle invitation pour le rejoindre",
  joined: 'Inscription confirmée !',
  joinedByEmail:
    'Inscription confirmée ! Un e-mail contenant un mot de passe temporaire vient de vous être envoyé : connectez-vous avec lui pour accéder à la réservation.',
  joinError: "Erreur lors de l'inscription",
  onlyOrganizerLinks: "Seul l'organisateur peut gérer les liens d'invitation",
  linksLocked: "Votre demande est validée : il n'est plus possible de créer de lien d'invitation",
  linksClosed: "Cette demande est annulée ou terminée : il n'est plus possible de créer de lien d'invitation",
  linkNotFound: "Lien d'invitation non trouvé",
  onlyActiveRevoked: 'Seul un lien actif peut être révoqué',
  maxUses: "Le nombre maximum d'invités doit être illimité, 1, 3, 5 ou 10",
  expiresAtInvalid: "Date d'expiration invalide",
  expiresAtPast: "La date d'expiration ne peut pas être dans le passé",
  linkCreated: "Lien d'invitation créé",
  linkRevoked: "Lien d'invitation révoqué",
  invitationSent: 'Invitation envoyée',
  /** The organizer's list and the resend of a participant's access (docs/decisions.md, "Connected participants"). */
  notConnected: 'Pas encore connecté : ne pourra pas payer sa part tant qu’il ne s’est pas connecté',
  resendAccess: 'Renvoyer l’accès',
  resendError: 'Erreur lors du renvoi de l’accès',
  accessMailSent: 'E-mail d’accès renvoyé : un nouveau mot de passe temporaire lui a été envoyé',
  accessMailTooSoon:
    'Un e-mail d’accès a déjà été envoyé à cette personne il y a moins de 10 minutes : réessayez plus tard',
  alreadyConnected: 'Cette personne s’est déjà connectée : elle n’a pas besoin d’un nouvel accès',
  notJoinedYet: 'Cette personne n’a pas encore accepté son invitation : elle n’a pas encore de compte',
  /** The ceiling and the rate of link creation (docs/decisions.md, "Invite link limits"). */
  tooManyLinks: '20 liens d’invitation actifs au plus : révoquez-en un pour en créer un autre',
  linksTooFast: 'Trop de liens d’invitation créés en peu de temps : réessayez dans quelques minutes',
  createError: 'Erreur lors de la création du lien',
  revokeError: 'Erreur lors de la révocation du lien',
  removeError: 'Erreur lors de la suppression',
  qrError: 'Erreur lors de la génération du QR code',
} as const;
