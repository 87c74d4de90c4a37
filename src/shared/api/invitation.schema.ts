import { z } from 'zod';
import {
  emailAddress,
  optionalPhone,
  requiredString,
  successOf,
  successWithMessageOf,
  API_COMPONENTS,
} from './common.schema';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { INVITE_LINK_KINDS, INVITE_MAX_USES_CHOICES, inviteExpiryInstant } from '../invite-link-status';
import { FIELD_MESSAGES } from '../field-messages';

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
  joined: 'Inscription confirmée !',
  joinedByEmail:
    'Inscription confirmée ! Un e-mail contenant un mot de passe temporaire vient de vous être envoyé : connectez-vous avec lui pour accéder à la réservation.',
  joinError: "Erreur lors de l'inscription",
  onlyOrganizerLinks: "Seul l'organisateur peut gérer les liens d'invitation",
  linksLocked: "Votre demande est validée : il n'est plus possible de créer de lien d'invitation",
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

/** The join form of SPEC.md §5; the renderer's form uses this very schema. */
export const joinInvitationBody = z
  .object({
    firstName: requiredString(INVITATION_MESSAGES.firstName, 100, FIELD_MESSAGES.firstNameTooLong),
    lastName: requiredString(INVITATION_MESSAGES.lastName, 100, FIELD_MESSAGES.lastNameTooLong),
    email: emailAddress(INVITATION_MESSAGES.email, INVITATION_MESSAGES.emailFormat),
    phone: optionalPhone(INVITATION_MESSAGES.phoneFormat),
    password: z
      .string()
      .max(200, FIELD_MESSAGES.passwordTooLong)
      .refine((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, INVITATION_MESSAGES.passwordMin)
      .nullish()
      .transform((value) => (value ? value : null)),
    confirmPassword: z
      .string()
      .max(200, FIELD_MESSAGES.passwordTooLong)
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .superRefine((body, context) => {
    if (!body.password) return;
    if (!body.confirmPassword) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: INVITATION_MESSAGES.confirmRequired });
    } else if (body.confirmPassword !== body.password) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: INVITATION_MESSAGES.mismatch });
    }
  });
export type JoinInvitationBody = z.input<typeof joinInvitationBody>;

/**
 * What the join call accepts on the wire. The form's rules apply to a person who is not logged in
 * (the server checks them with {@link joinInvitationBody}); a logged-in customer joins with their
 * account, so the form fields are optional for them.
 */
export const joinInvitationRequest = z
  .object(
    {
      firstName: z.unknown(),
      lastName: z.unknown(),
      email: z.unknown(),
      phone: z.unknown(),
      password: z.unknown(),
      confirmPassword: z.unknown(),
    },
    { error: 'Données invalides' },
  )
  .partial()
  .default({});

/** Link creation (SPEC.md §5): maximum guests unlimited (null), 1, 3, 5 or 10; expiry optional, not past. */
export const createInviteLinkBody = z
  .object({
    maxUses: z
      .number({ error: INVITATION_MESSAGES.maxUses })
      .refine((value) => (INVITE_MAX_USES_CHOICES as readonly number[]).includes(value), INVITATION_MESSAGES.maxUses)
      .nullish()
      .transform((value) => value ?? null),
    expiresAt: z
      .string({ error: INVITATION_MESSAGES.expiresAtInvalid })
      .max(40, INVITATION_MESSAGES.expiresAtInvalid)
      .nullish()
      .transform((value, context) => {
        if (!value) return null;
        const instant = inviteExpiryInstant(value);
        if (!instant) {
          context.addIssue({ code: 'custom', message: INVITATION_MESSAGES.expiresAtInvalid });
          return z.NEVER;
        }
        if (instant.getTime() <= Date.now()) {
          context.addIssue({ code: 'custom', message: INVITATION_MESSAGES.expiresAtPast });
          return z.NEVER;
        }
        return instant;
      }),
  })
  .default({ maxUses: null, expiresAt: null });
export type CreateInviteLinkBody = z.input<typeof createInviteLinkBody>;

const name = z.object({ firstName: z.string(), lastName: z.string() });

export const inviteLink = z.object({
  _id: z.string(),
  token: z.string(),
  /** {origin}/invitation/{token} (SPEC.md §3), on the park's public address. */
  url: z.string(),
  isActive: z.boolean(),
  maxUses: z.number().int().nullable(),
  usedCount: z.number().int(),
  remainingUses: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(['revoked', 'expired', 'exhausted', 'active']),
  /** SPEC.md §3: name ('Prénom Nom'), email, joinedAt; the first and last names apart as well. */
  participants: z.array(name.extend({ name: z.string(), email: z.string(), joinedAt: z.string().nullable() })),
  createdBy: name,
});
export type InviteLink = z.infer<typeof inviteLink>;

export const inviteLinkResponse = successWithMessageOf(inviteLink);
export type InviteLinkResponse = z.infer<typeof inviteLinkResponse>;
export const inviteLinkListResponse = successOf(z.array(inviteLink));
export type InviteLinkListResponse = z.infer<typeof inviteLinkListResponse>;

export const inviteLinkParams = z.object({ id: z.string(), linkId: z.string() });
export const invitationTokenParams = z.object({ token: z.string() });

/** GET /v1/invitations/{token} (SPEC.md §3): other people by name only, never an e-mail or a phone. */
export const invitationDetails = z.object({
  invitationInfo: z.object({
    kind: z.enum(INVITE_LINK_KINDS),
    createdBy: name,
    maxUses: z.number().int().nullable(),
    remainingUses: z.number().int().nullable(),
    expiresAt: z.string().nullable(),
    participants: z.array(name),
    /** A personal invitation names the person it was sent to (their own details, to prefill the form). */
    invitee: name.extend({ email: z.string() }).nullable(),
    /** The most people the booking's list holds (its participant count, at most 100), organizer included. */
    participantLimit: z.number().int(),
    /**
     * No place left for this visitor: the join would be refused with `INVITATION_MESSAGES.full`
     * (409), so the page says it and offers no form. False for whoever already holds a place (a
     * personal invitation's invitee, a logged-in member).
     */
    isFull: z.boolean(),
  }),
  bookingDetails: z.object({
    id: z.string(),
    bookingRequestId: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    bookingType: z.string(),
    type: z.string(),
    participants: z.number().int(),
    organizer: name,
    activities: z.array(z.object({ name: z.string(), date: z.string() })),
  }),
});
export type InvitationDetails = z.infer<typeof invitationDetails>;

export const invitationDetailsResponse = successOf(invitationDetails);
export type InvitationDetailsResponse = z.infer<typeof invitationDetailsResponse>;

/** POST /v1/invitations/{token}/join (SPEC.md §7). */
export const joinInvitationResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  shouldRedirect: z.boolean(),
  /** A session for a new account that chose its password; null otherwise. */
  token: z.string().nullable(),
  redirectTo: z.string().nullable(),
  data: z.object({ bookingDetails: z.object({ id: z.string(), bookingRequestId: z.string() }) }),
});
export type JoinInvitationResponse = z.infer<typeof joinInvitationResponse>;

// Shared in the OpenAPI document (docs/decisions.md, "The API document").
API_COMPONENTS.add(inviteLink, { id: 'InviteLink' });
