import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { groupCalls } from '../../../shared/api/group.contract';
import { GROUP_MESSAGES } from '../../../shared/api/group.schema';
import { sessionOf, staffSessionOf } from '../../plugins/auth';
import { previewCancellation } from './cancellation-preview.service';
import { registerCall, registerDataCall } from '../../register-call';
import { setGuestOfHonour } from './guests-of-honour.service';
import { OPT_OUT_MESSAGES } from '../../../shared/api/opt-outs.schema';
import { getOptOuts, setLineOptional, setOptOut } from './opt-outs.service';
import { remindShares } from './share-reminders.service';
import { getCollectiveStatus } from './payments.service';
import { LEAVE_MESSAGES } from '../../../shared/api/leave.schema';
import { leaveBooking, previewLeave } from './participant-leave';
import type { PaymentDeps } from './payment-context';
import { CANCEL_MESSAGES } from '../../../shared/api/cancel.schema';
import { cancelAsOrganizer } from './organizer-cancel';

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

  registerDataCall(app, groupCalls.optOuts, (request) =>
    getOptOuts(deps.db, sessionOf(request).customerId, request.params.id),
  );

  registerDataCall(
    app,
    groupCalls.setLineOptional,
    (request) =>
      setLineOptional(deps, sessionOf(request).customerId, request.params.id, request.params.lineId, request.body),
    { message: OPT_OUT_MESSAGES.optionalUpdated },
  );

  registerCall(app, groupCalls.setOptOut, async (request) => {
    const data = await setOptOut(
      deps,
      sessionOf(request).customerId,
      request.params.id,
      request.params.participantId,
      request.params.lineId,
      request.body,
    );
    const message = request.body.optedOut ? OPT_OUT_MESSAGES.optedOut : OPT_OUT_MESSAGES.optedIn;
    return { success: true as const, message, data };
  });

  registerCall(app, groupCalls.remindShares, async (request) => {
    const customer = { kind: 'customer' as const, customerId: sessionOf(request).customerId };
    const reminded = await remindShares(deps, customer, request.params.id, request.body);
    return { success: true as const, message: GROUP_MESSAGES.remindersSent(reminded.length), data: { reminded } };
  });

  registerDataCall(app, groupCalls.leavePreview, (request) =>
    previewLeave(deps.db, sessionOf(request).customerId, request.params.id, request.params.participantId),
  );

  registerDataCall(
    app,
    groupCalls.leave,
    (request) => leaveBooking(deps, sessionOf(request).customerId, request.params.id, request.params.participantId),
    { message: LEAVE_MESSAGES.left },
  );

  registerDataCall(app, groupCalls.cancellationPreview, (request) =>
    previewCancellation(deps.db, { kind: 'customer', customerId: sessionOf(request).customerId }, request.params.id),
  );

  registerDataCall(
    app,
    groupCalls.cancel,
    (request) => cancelAsOrganizer(deps, sessionOf(request).customerId, request.params.id, request.body),
    { message: CANCEL_MESSAGES.canceled },
  );
};

/**
 * The team's cancellation preview, with its two choices (docs/decisions.md, "Payments"), and who
 * paid with the team's reminders (docs/decisions.md, "Group shares").
 */
export const staffGroupRoutes: FastifyPluginAsync<{ deps: PaymentDeps }> = async (app, { deps }) => {
  const staffActor = (request: FastifyRequest) => {
    const staff = staffSessionOf(request);
    return { kind: 'staff' as const, staffId: staff.staffId, role: staff.role, name: staff.name };
  };

  registerDataCall(app, groupCalls.staffShares, (request) =>
    getCollectiveStatus(deps, staffActor(request), request.params.id),
  );

  registerCall(app, groupCalls.staffRemindShares, async (request) => {
    const reminded = await remindShares(deps, staffActor(request), request.params.id, request.body);
    return { success: true as const, message: GROUP_MESSAGES.remindersSent(reminded.length), data: { reminded } };
  });

  registerDataCall(app, groupCalls.staffCancellationPreview, (request) => {
    const staff = staffSessionOf(request);
    const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');
    return previewCancellation(
      deps.db,
      { kind: 'staff', staffId: staff.staffId, role: staff.role, name: staff.name },
      request.params.id,
      { withFee: flag(request.query.withFee), parkCancels: flag(request.query.parkCancels) },
    );
  });
};
