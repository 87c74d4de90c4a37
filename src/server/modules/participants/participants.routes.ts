import type { FastifyPluginAsync } from 'fastify';
import { invitationCalls as calls } from '../../../shared/api/invitations.contract';
import { INVITATION_MESSAGES } from '../../../shared/api/invitation.schema';
import type { ServiceDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth';
import { registerCall, registerDataCall } from '../../register-call';
import * as participants from './participants.service';

/** Personal invitations per address and minute (the organizer's hourly budget is participants.service.ts's). */
const INVITE_LIMIT = { max: 30, timeWindow: 60_000 };

/**
 * The organizer's calls on a booking's participants (SPEC.md §7, defined with the invitation calls
 * in src/shared/api/invitations.contract.ts); registered by invitations.routes.ts, beside the links.
 */
export const participantRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  registerDataCall(
    app,
    calls.inviteParticipant,
    (request) => participants.inviteParticipant(deps, sessionOf(request).customerId, request.params.id, request.body),
    { message: INVITATION_MESSAGES.invitationSent, config: { rateLimit: INVITE_LIMIT } },
  );

  registerCall(app, calls.removeParticipant, async (request) => {
    await participants.removeParticipant(
      deps,
      sessionOf(request).customerId,
      request.params.id,
      request.params.participantId,
    );
    return { success: true as const, message: 'Participant retiré' };
  });

  registerCall(app, calls.resendAccessMail, async (request) => {
    const { id, participantId } = request.params;
    await participants.resendAccessMail(deps, sessionOf(request).customerId, id, participantId);
    return { success: true as const, message: INVITATION_MESSAGES.accessMailSent };
  });
};
