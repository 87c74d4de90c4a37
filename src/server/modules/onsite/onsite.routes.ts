import type { FastifyPluginAsync } from 'fastify';
import { onsiteCalls } from '../../../shared/api/onsite.contract';
import { sessionOf, staffSessionOf } from '../../plugins/auth';
import { registerCall, registerDataCall } from '../../register-call';
import { dayPasses } from './day-passes.service';
import * as onsite from './onsite.service';
import type { OnsiteDeps } from './onsite.service';
import { chooseWalkInPaymentMode, createWalkIn, kioskToday, walkInStatus } from './walk-ins.service';

/** Per kiosk (its address): a kiosk books a few groups an hour, not hundreds. */
const WALK_IN_LIMIT = { max: 20, timeWindow: 60 * 60_000 };

/** Per kiosk: « Qui règle ? » is answered once or twice a group. */
const WALK_IN_PAYMENT_LIMIT = { max: 60, timeWindow: 60 * 60_000 };

const staff = (request: Parameters<typeof staffSessionOf>[0]) => {
  const session = staffSessionOf(request);
  return { kind: 'staff' as const, staffId: session.staffId, role: session.role, name: session.name };
};

/** The day on site (docs/decisions.md, "On site"): the participant's pass and waiver, the team's check-in. */
export const onsiteRoutes: FastifyPluginAsync<{ deps: OnsiteDeps }> = async (app, { deps }) => {
  registerDataCall(app, onsiteCalls.pass, (request) =>
    onsite.getPass(deps, sessionOf(request).customerId, request.params.id),
  );

  registerCall(app, onsiteCalls.signWaiver, async (request) => {
    const { waiver, message } = await onsite.signWaiver(
      deps,
      sessionOf(request).customerId,
      request.params.id,
      request.body,
    );
    return { success: true as const, message, data: waiver };
  });

  registerCall(app, onsiteCalls.checkIn, async (request) => ({
    success: true as const,
    ...(await onsite.checkIn(deps, staff(request), request.body.code)),
  }));

  registerCall(app, onsiteCalls.onSiteWaiver, async (request) => {
    const { waiver, message } = await onsite.signWaiverOnSite(deps, staff(request), request.body);
    return { success: true as const, message, data: waiver };
  });

  registerDataCall(app, onsiteCalls.board, (request) => onsite.dayBoard(deps, request.query.date));

  registerDataCall(app, onsiteCalls.dayPasses, (request) => dayPasses(deps, request.params.date));

  registerDataCall(app, onsiteCalls.kioskToday, () => kioskToday(deps));

  registerCall(
    app,
    onsiteCalls.walkIn,
    async (request) => ({ success: true as const, ...(await createWalkIn(deps, request.body)) }),
    { config: { rateLimit: WALK_IN_LIMIT } },
  );

  registerCall(
    app,
    onsiteCalls.walkInPayment,
    async (request) => ({
      success: true as const,
      ...(await chooseWalkInPaymentMode(deps, request.params.id, request.body)),
    }),
    { config: { rateLimit: WALK_IN_PAYMENT_LIMIT } },
  );

  registerDataCall(app, onsiteCalls.walkInStatus, (request) =>
    walkInStatus(deps, request.params.id, request.query.token),
  );

  registerCall(app, onsiteCalls.checkOut, async (request) => ({
    success: true as const,
    ...(await onsite.checkOut(deps, staff(request), request.params.id)),
  }));
};
