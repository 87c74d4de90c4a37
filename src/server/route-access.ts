/**
 * The `config.access` of a Fastify route, typed, and how it is read. Every API call declares its
 * access in its definition (`access` in `src/shared/api/<area>.contract.ts`); `registerCall`
 * (`src/server/register-call.ts`) copies it into the route's `config.access` and installs the
 * guard it implies in `onRequest`. The few routes registered by hand (the OpenAPI document's)
 * write `config: { access: 'public' }` themselves.
 *
 * - 'public': anyone (catalogue, login, an invitation read by its token);
 * - 'customer': a customer's session (the default when a route says nothing);
 * - 'staff': a staff member's session (the default under /api/v1/staff/).
 *
 * `routeAccess` is read by the OpenAPI plugin (`plugins/openapi.ts`), which shows it as `x-access`;
 * the route-table probe (tests/api/route-table-probe.test.ts) reads `x-access` and checks that the
 * route really answers 401 without a session and 404 to another customer, so the probe fails when
 * the declaration and the guard disagree. See docs/architecture.md, "Route access: the convention
 * for new routes".
 */
export const ROUTE_ACCESS = ['public', 'customer', 'staff'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/**
 * The declared access of a route's `config`. A route that says nothing is a staff route under
 * /api/v1/staff/ and a customer route elsewhere: forgetting the flag errs on the closed side.
 */
export function routeAccess(config: unknown, url = ''): RouteAccess {
  const declared = (config as { access?: unknown } | undefined)?.access;
  if (ROUTE_ACCESS.includes(declared as RouteAccess)) return declared as RouteAccess;
  return url.startsWith('/api/v1/staff/') ? 'staff' : 'customer';
}
