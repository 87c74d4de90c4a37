import { messageResponse } from './auth.schema';
import { defineCall } from './contract';
import {
  addParticipantBody,
  bookingParamsSchema,
  participantParamsSchema,
  participantResponse,
} from './customer-booking.schema';
import {
  createInviteLinkBody,
  invitationDetailsResponse,
  invitationTokenParams,
  inviteLinkListResponse,
  inviteLinkParams,
  inviteLinkResponse,
  joinInvitationRequest,
  joinInvitationResponse,
} from './invitation.schema';

const BOOKINGS = '/api/v1/customer-booking-requests';
const INVITATIONS = '/api/v1/invitations';

/**
 * Invitations (SPEC.md §5 and §7): the organizer's links and personal invitations on a booking,
 * and the public invitation page's calls, read by the link's token.
 */
export const invitationCalls = {
  inviteLinks: defineCall({
    method: 'GET',
    path: `${BOOKINGS}/:id/invite-links`,
    access: 'customer',
    params: bookingParamsSchema,
    response: inviteLinkListResponse,
    summary: "Les liens d'invitation de la réservation (organisateur)",
  }),
  createInviteLink: defineCall({
    method: 'POST',
    path: `${BOOKINGS}/:id/invite-links`,
    access: 'customer',
    params: bookingParamsSchema,
    body: createInviteLinkBody,
    response: inviteLinkResponse,
    status: 201,
    summary: "Nouveau lien d'invitation (organisateur)",
  }),
  revokeInviteLink: defineCall({
    method: 'DELETE',
    path: `${BOOKINGS}/:id/invite-links/:linkId`,
    access: 'customer',
    params: inviteLinkParams,
    response: inviteLinkResponse,
    summary: "Révocation d'un lien d'invitation (organisateur)",
  }),
  inviteParticipant: defineCall({
    method: 'POST',
    path: `${BOOKINGS}/:id/participants`,
    access: 'customer',
    params: bookingParamsSchema,
    body: addParticipantBody,
    response: participantResponse,
    status: 201,
    summary: 'Invitation personnelle par email (organisateur)',
  }),
  removeParticipant: defineCall({
    method: 'DELETE',
    path: `${BOOKINGS}/:id/participants/:participantId`,
    access: 'customer',
    params: participantParamsSchema,
    response: messageResponse,
    summary: 'Retrait d’un participant (organisateur)',
  }),
  resendAccessMail: defineCall({
    method: 'POST',
    path: `${BOOKINGS}/:id/participants/:participantId/access-mail`,
    access: 'customer',
    params: participantParamsSchema,
    response: messageResponse,
    summary: 'Renvoi de l’accès d’un participant pas encore connecté (organisateur)',
  }),
  invitation: defineCall({
    method: 'GET',
    path: `${INVITATIONS}/:token`,
    access: 'public',
    params: invitationTokenParams,
    response: invitationDetailsResponse,
    summary: "L'invitation lue par son token (page publique)",
  }),
  join: defineCall({
    method: 'POST',
    path: `${INVITATIONS}/:token/join`,
    access: 'public',
    params: invitationTokenParams,
    body: joinInvitationRequest,
    response: joinInvitationResponse,
    // Public, but a session sent along joins with its account: its 401 means that session is over.
    redirectOn401: true,
    summary: 'Rejoindre la réservation par le lien (avec ou sans compte)',
  }),
} as const;
