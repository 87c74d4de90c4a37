import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceDeps } from '../../deps';
import { staffAccountRoutes } from './staff-accounts.routes';
import { staffAuthRoutes } from './staff-auth.routes';
import { staffCatalogueRoutes } from './staff-catalogue.routes';
import { staffDeskRoutes } from './staff-desk.routes';
import { staffRequestRoutes } from './staff-requests.routes';

/** Who may call a staff route, read from the guard the route was registered with. */
export type StaffAccess = 'public' | 'staff' | 'admin';

export interface StaffRouteInfo {
  method: string;
  url: string;
  access: StaffAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api/v1/staff route with its guard (the role-matrix test is generated from it). */
    staffRouteTable: StaffRouteInfo[];
  }
}

function accessOf(app: FastifyInstance, route: RouteOptions): StaffAccess {
  const hooks = [route.onRequest, route.preHandler].flat().filter(Boolean);
  if (hooks.includes(app.requireAdmin)) return 'admin';
  if (hooks.includes(app.requireStaff)) return 'staff';
  return 'public';
}

async function staffRoutesPlugin(app: FastifyInstance, options: { deps: ServiceDeps }) {
  const table: StaffRouteInfo[] = [];
  app.decorate('staffRouteTable', table);
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') table.push({ method, url: route.url, access: accessOf(app, route) });
      }
    });
    await scope.register(staffAuthRoutes, { deps: options.deps });
    await scope.register(staffRequestRoutes, { deps: options.deps });
    await scope.register(staffDeskRoutes, { deps: options.deps });
    await scope.register(staffCatalogueRoutes, options);
    await scope.register(staffAccountRoutes, { deps: options.deps });
  });
}

/** The park team's back-office calls under /api/v1/staff (DESIGN.md §5). */
export const staffRoutes = fp(staffRoutesPlugin, { name: 'staff-routes' });
