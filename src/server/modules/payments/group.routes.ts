import type { FastifyPluginAsync } from 'fastify';
import { groupCalls } from '../../../shared/api/group.contract';
import { GROUP_MESSAGES } from '../../../shared/api/group.schema';
import { sessionOf } from '../../plugins/auth';
import { registerCall, registerDataCall } from '../../register-call';
import { setGuestOfHonour } from './guests-of-honour.service';
import { remindShares } from './share-reminders.service';
import type { PaymentDeps } from './payment-context';

/** The group's payment (docs/decisions.md, "Group shares"): guests of honour, share reminders. */
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

  registerCall(app, groupCalls.remindShares, async (request) => {
    const reminded = await remindShares(deps, sessionOf(request).customerId, request.params.id, request.body);
    return { success: true as const, message: GROUP_MESSAGES.remindersSent(reminded.length), data: { reminded } };
  });
};
