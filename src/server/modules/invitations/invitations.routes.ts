import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '../../../shared/api/auth.schema';
import {
  addParticipantBody,
  bookingParamsSchema,
  participantParamsSchema,
  participantResponse,
} from '../../../shared/api/customer-booking.schema';
import {
  createInviteLinkBody,
  INVITATION_MESSAGES,
  invitationDetailsResponse,
  invitationTokenParams,
  inviteLinkListResponse,
  inviteLinkParams,
  inviteLinkResponse,
  joinInvitationRequest,
  joinInvitationResponse,
} from '../../../shared/api/invitation.schema';
import { AppError } from '../../app-error';
import type { ServiceDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth';
import * as joining from './invitation-join.service';
import * as invitations from './invitations.service';

const BOOKINGS = '/api/v1/customer-booking-requests';
const INVITATIONS = '/api/v1/invitations';

/** Per-address limits: token look-ups (a token cannot be guessed, and trying costs), joins, invitations. */
const LIMITS = {
  lookup: { max: 60, timeWindow: 60_000 },
  join: { max: 20, timeWindow: 60_000 },
  invite: { max: 30, timeWindow: 60_000 },
};

/**
 * The joiner's account when a valid, normal session comes with the call; otherwise null. A stale
 * token is not an error here: the invitation page works logged out.
 */
async function optionalCustomerId(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  if (!request.headers.authorization) return null;
  try {
    await app.requireCustomer(request);
    return sessionOf(request).customerId;
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 401 || error.statusCode === 403)) return null;
    throw error;
  }
}

/** The organizer's calls on a booking: links and personal invitations (SPEC.md §7). */
const organizerRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', app.requireCustomer);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    `${BOOKINGS}/:id/invite-links`,
    { schema: { params: bookingParamsSchema, response: { 200: inviteLinkListResponse } } },
    async (request) => ({
      success: true as const,
      data: await invitations.listInviteLinks(deps, sessionOf(request).customerId, request.params.id),
    }),
  );

  app.post(
    `${BOOKINGS}/:id/invite-links`,
    { schema: { params: bookingParamsSchema, body: createInviteLinkBody, response: { 201: inviteLinkResponse } } },
    async (request, reply) => {
      const data = await invitations.createInviteLink(
        deps,
        sessionOf(request).customerId,
        request.params.id,
        request.body,
      );
      reply.status(201);
      return { success: true as const, message: INVITATION_MESSAGES.linkCreated, data };
    },
  );

  app.delete(
    `${BOOKINGS}/:id/invite-links/:linkId`,
    { schema: { params: inviteLinkParams, response: { 200: inviteLinkResponse } } },
    async (request) => ({
      success: true as const,
      message: INVITATION_MESSAGES.linkRevoked,
      data: await invitations.revokeInviteLink(
        deps,
        sessionOf(request).customerId,
        request.params.id,
        request.params.linkId,
      ),
    }),
  );

  app.post(
    `${BOOKINGS}/:id/participants`,
    {
      config: { rateLimit: LIMITS.invite },
      schema: { params: bookingParamsSchema, body: addParticipantBody, response: { 201: participantResponse } },
    },
    async (request, reply) => {
      const data = await invitations.inviteParticipant(
        deps,
        sessionOf(request).customerId,
        request.params.id,
        request.body,
      );
      reply.status(201);
      return { success: true as const, message: INVITATION_MESSAGES.invitationSent, data };
    },
  );

  app.delete(
    `${BOOKINGS}/:id/participants/:participantId`,
    { schema: { params: participantParamsSchema, response: { 200: messageResponse } } },
    async (request) => {
      await invitations.removeParticipant(
        deps,
        sessionOf(request).customerId,
        request.params.id,
        request.params.participantId,
      );
      return { success: true as const, message: 'Participant retiré' };
    },
  );
};

/** The public invitation page's calls (SPEC.md §7 Invitations). */
const publicRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  // The details name people and the join answer may carry a session token: never cached (issue 11 item 6).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const missing = async () => {
    throw AppError.of('TOKEN_MISSING', INVITATION_MESSAGES.tokenMissing);
  };
  app.get(INVITATIONS, { config: { access: 'public', rateLimit: LIMITS.lookup } }, missing);
  app.get(`${INVITATIONS}/`, { config: { access: 'public', rateLimit: LIMITS.lookup } }, missing);
  app.post(`${INVITATIONS}//join`, { config: { access: 'public', rateLimit: LIMITS.join } }, missing);

  app.get(
    `${INVITATIONS}/:token`,
    {
      config: { access: 'public', rateLimit: LIMITS.lookup },
      schema: { params: invitationTokenParams, response: { 200: invitationDetailsResponse } },
    },
    async (request) => ({ success: true as const, data: await joining.getInvitation(deps, request.params.token) }),
  );

  app.post(
    `${INVITATIONS}/:token/join`,
    {
      config: { access: 'public', rateLimit: LIMITS.join },
      schema: { params: invitationTokenParams, body: joinInvitationRequest, response: { 200: joinInvitationResponse } },
    },
    async (request) => {
      const customerId = await optionalCustomerId(app, request);
      return {
        success: true as const,
        ...(await joining.joinInvitation(deps, request.params.token, request.body, customerId)),
      };
    },
  );
};

export const invitationRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  await app.register(organizerRoutes, { deps });
  await app.register(publicRoutes, { deps });
};
