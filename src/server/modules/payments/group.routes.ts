import type { FastifyPluginAsync } from 'fastify';
import { groupCalls } from '../../../shared/api/group.contract';
import { GROUP_MESSAGES } from '../../../shared/api/group.schema';
import { sessionOf } from '../../plugins/auth';
import { registerDataCall } from '../../register-call';
import { setGuestOfHonour } from './guests-of-honour.service';
import type { PaymentDeps } from './payment-context';

/** The group's payment (docs/decisions.md, "Group shares"): guests of honour. */
export const groupRoutes: FastifyPluginAsync<{ deps: PaymentDeps }> = async (app, { deps }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  registerDataCall(
    app,
    groupCalls.updateParticipant,
    (request) =>
      setGuestOfHonour(
        deps,
        sessionOf(request).customerId,
        request.params.id,
        request.params.participantId,
        request.body,
      ),
    { message: GROUP_MESSAGES.guestUpdated },
  );
};
