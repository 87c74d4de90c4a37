import type { FastifyPluginAsync } from 'fastify';
import { customerBookingCalls as calls } from '../../../shared/api/customer-bookings.contract';
import type { ServiceDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth';
import { registerDataCall } from '../../register-call';
import * as bookings from './customer-bookings.service';

export const customerBookingRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  // The list and its SPEC.md §7 alias (GET /v1/booking-requests): the caller's own requests only.
  for (const call of [calls.list, calls.listAlias]) {
    registerDataCall(app, call, (request) => bookings.listCustomerBookings(deps, sessionOf(request), request.query));
  }

  registerDataCall(app, calls.invitations, (request) => bookings.listCustomerInvitations(deps, sessionOf(request)));

  registerDataCall(app, calls.detail, (request) =>
    bookings.getCustomerBooking(deps, sessionOf(request), request.params.id),
  );

  registerDataCall(
    app,
    calls.update,
    (request) => bookings.updateCustomerBooking(deps, sessionOf(request), request.params.id, request.body),
    { message: 'Modification enregistrée' },
  );

  registerDataCall(
    app,
    calls.validate,
    (request) => bookings.validateCustomerBooking(deps, sessionOf(request), request.params.id),
    { message: 'Votre demande a été validée' },
  );
  // Participants and invitation links: src/server/modules/invitations (issue 14).
};
