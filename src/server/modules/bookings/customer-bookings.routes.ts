import type { FastifyPluginAsync } from 'fastify';
import { customerBookingCalls as calls } from '../../../shared/api/customer-bookings.contract';
import type { ServiceDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth';
import { registerCall } from '../../register-call';
import * as bookings from './customer-bookings.service';

export const customerBookingRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  // The list and its SPEC.md §7 alias (GET /v1/booking-requests): the caller's own requests only.
  for (const call of [calls.list, calls.listAlias]) {
    registerCall(app, call, async (request) => ({
      success: true as const,
      data: await bookings.listCustomerBookings(deps, sessionOf(request), request.query),
    }));
  }

  registerCall(app, calls.invitations, async (request) => ({
    success: true as const,
    data: await bookings.listCustomerInvitations(deps, sessionOf(request)),
  }));

  registerCall(app, calls.detail, async (request) => ({
    success: true as const,
    data: await bookings.getCustomerBooking(deps, sessionOf(request), request.params.id),
  }));

  registerCall(app, calls.update, async (request) => ({
    success: true as const,
    message: 'Modification enregistrée',
    data: await bookings.updateCustomerBooking(deps, sessionOf(request), request.params.id, request.body),
  }));

  registerCall(app, calls.validate, async (request) => ({
    success: true as const,
    message: 'Votre demande a été validée',
    data: await bookings.validateCustomerBooking(deps, sessionOf(request), request.params.id),
  }));
  // Participants and invitation links: src/server/modules/invitations (issue 14).
};
