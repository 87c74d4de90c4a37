import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { invitationCalls as calls } from '../../../shared/api/invitations.contract';
import { INVITATION_MESSAGES } from '../../../shared/api/invitation.schema';
import { AppError } from '../../app-error';
import type { ServiceDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth';
import { registerCall, registerDataCall } from '../../register-call';
import * as joining from './invitation-join.service';
import * as invitations from './invitations.service';

/**
 * Per-address limits: token look-ups (a token cannot be guessed, and trying costs), joins. The
 * personal invitations' is participants.routes.ts's.
 */
const LIMITS = {
  lookup: { max: 60, timeWindow: 60_000 },
  join: { max: 20, timeWindow: 60_000 },
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

/** The organizer's calls on a booking's invitation links (SPEC.md §7). */
/** The organizer's invitation links. */
export const invitationLinkRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  registerDataCall(app, calls.inviteLinks, (request) =>
    invitations.listInviteLinks(deps, sessionOf(request).customerId, request.params.id),
  );

  registerDataCall(
    app,
    calls.createInviteLink,
    (request) => invitations.createInviteLink(deps, sessionOf(request).customerId, request.params.id, request.body),
    { message: INVITATION_MESSAGES.linkCreated },
  );

  registerDataCall(
    app,
    calls.revokeInviteLink,
    (request) =>
      invitations.revokeInviteLink(deps, sessionOf(request).customerId, request.params.id, request.params.linkId),
    { message: INVITATION_MESSAGES.linkRevoked },
  );
};

/** The public invitation page's calls (SPEC.md §7 Invitations). */
/** The public invitation page and joining. */
export const invitationPublicRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  // The details name people and the join answer may carry a session token: never cached.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  // An empty token (/api/v1/invitations/, /api/v1/invitations//join) reaches these routes with
  // `token` = '' and is refused 'Token d'invitation manquant' by the service: no route of its own
  // (docs/decisions.md, "The API document").
  const lookup = { config: { rateLimit: LIMITS.lookup } };
  const join = { config: { rateLimit: LIMITS.join } };

  // A logged-in visitor is told whether the list is full for them (the join lets them in on their own row).
  registerDataCall(
    app,
    calls.invitation,
    async (request) => joining.getInvitation(deps, request.params.token, await optionalCustomerId(app, request)),
    lookup,
  );

  registerCall(
    app,
    calls.join,
    async (request) => {
      const customerId = await optionalCustomerId(app, request);
      return {
        success: true as const,
        ...(await joining.joinInvitation(deps, request.params.token, request.body, customerId)),
      };
    },
    join,
  );
};
