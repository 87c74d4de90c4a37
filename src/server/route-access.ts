/**
 * Who may call a route, declared where the route is declared:
 *
 *   app.get('/api/v1/things/:id', { config: { access: 'customer' }, schema: {...} }, handler)
 *
 * - 'public': anyone (catalogue, login, an invitation read by its token);
 * - 'customer': a customer's session (the default when a route says nothing);
 * - 'staff': a staff member's session (the default under /api/v1/staff/).
 *
 * The declaration documents the route in the OpenAPI document (`x-access`) and drives the
 * route-table probe (tests/api/route-table-probe.test.ts), which checks that the route really
 * answers 401 without a session and 404 to another customer. The guard itself is still the
 * route's preHandler (`app.requireCustomer`, `app.requireStaff`, ...): the probe fails when the
 * two disagree. See docs/architecture.md, "Route access".
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
