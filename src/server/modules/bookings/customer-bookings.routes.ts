import type { FastifyPluginAsync } from 'fastify';
import { customerBookingCalls as calls } from '../../../shared/api/customer-bookings.contract';
import { sessionOf } from '../../plugins/auth';
import { ReadCache } from '../../db/read-cache';
import { type KeptAnswer, sendKept } from '../../kept-answer';
import { registerCall, registerDataCall } from '../../register-call';
import { serializeAnswer } from '../../response-serializer';
import * as bookings from './customer-bookings.service';
import { setSurprise } from './surprise.service';

/** How long a detail is kept at most: a bound should a change ever go unheard. */
const DETAIL_KEPT_MS = 5000;
/**
 * A usual detail is about 15 KiB; one of more than 32 Ki characters (a long booking, many
 * participants) is not kept, so that the kept details stay within about 32 MiB per instance.
 */
const DETAILS_KEPT_AT_MOST = 500;
const DETAIL_KEPT_MAX_LENGTH = 32 * 1024;
/** A request in the list is about 2 KiB: a page of up to about 16 is kept (the same length bound as a detail). */
const LISTS_KEPT_AT_MOST = 500;

export const customerBookingRoutes: FastifyPluginAsync<{ deps: bookings.CustomerBookingDeps }> = async (
  app,
  { deps },
) => {
  // The list and its SPEC.md §7 alias (GET /v1/booking-requests): the caller's own requests only,
  // the dashboard's read, kept per caller and page as the detail is (its tables, booking_requests
  // and booking_items, have the change trigger; docs/decisions.md, "Reads kept in memory").
  const keptLists = new ReadCache<KeptAnswer>(app.changes, DETAIL_KEPT_MS, LISTS_KEPT_AT_MOST);
  for (const call of [calls.list, calls.listAlias]) {
    registerCall(app, call, (request, reply) => {
      const session = sessionOf(request);
      const { status, page, limit, cursor } = request.query;
      const key = `${session.customerId}:${status ?? ''}:${page}:${limit}:${cursor ?? ''}`;
      const kept = { cache: keptLists, key, schema: call.response, maxLength: DETAIL_KEPT_MAX_LENGTH };
      return sendKept(request, reply, kept, () => bookings.listCustomerBookings(deps, session, request.query));
    });
  }

  registerDataCall(app, calls.invitations, (request) => bookings.listCustomerInvitations(deps, sessionOf(request)));

  // The most read call of a signed-in customer, kept as JSON per caller and booking until the data
  // changes or a few seconds pass (docs/decisions.md, "Reads kept in memory").
  const keptDetails = new ReadCache<string>(app.changes, DETAIL_KEPT_MS, DETAILS_KEPT_AT_MOST);
  registerCall(app, calls.detail, async (request, reply) => {
    const session = sessionOf(request);
    const key = `${session.customerId}:${request.params.id}`;
    // Fresh: an edit another instance has already answered shows here too (no stale lastModified);
    // a barrier sent since the request arrived (its session's) serves.
    let body = await keptDetails.getFresh(key, request.arrivedAt || undefined);
    if (body === undefined) {
      const stamp = keptDetails.stamp();
      const data = await bookings.getCustomerBooking(deps, session, request.params.id);
      body = serializeAnswer(calls.detail.response, { success: true, data }, request.routeOptions);
      // A first visit that marked a participant connected was a change: nothing is kept this time.
      if (body.length <= DETAIL_KEPT_MAX_LENGTH) keptDetails.set(key, body, stamp);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });

  registerDataCall(
    app,
    calls.update,
    async (request) => {
      const { surprise, ...schedule } = request.body;
      const session = sessionOf(request);
      // Surprise mode is the organizer's alone; a body with only it edits no schedule.
      const detail = surprise === undefined ? undefined : await setSurprise(deps, session, request.params.id, surprise);
      const onlySurprise = detail && Object.values(schedule).every((value) => value === undefined);
      return onlySurprise ? detail : bookings.updateCustomerBooking(deps, session, request.params.id, schedule);
    },
    { message: 'Modification enregistrée' },
  );

  registerDataCall(
    app,
    calls.validate,
    (request) => bookings.validateCustomerBooking(deps, sessionOf(request), request.params.id),
    { message: 'Votre demande a été validée' },
  );
  // Participants and invitation links: src/server/modules/invitations.
};
