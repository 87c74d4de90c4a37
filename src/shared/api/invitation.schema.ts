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
import { INVITATION_MESSAGES } from '../invitation-messages';

/** Re-exported: the messages live in the zod-free invitation-messages.ts (docs/decisions.md, performance rule 24). */
export { INVITATION_MESSAGES };

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
