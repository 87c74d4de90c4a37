import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { DESKTOP_ORIGIN } from '../../shared/desktop-bridge';

const STRIPE_JS = 'https://js.stripe.com';

/**
 * Security headers with a CSP that allows only what the app loads: its own scripts and styles
 * (emotion injects style elements, hence 'unsafe-inline' for styles only), its own images and
 * fonts, and Stripe's script, frames and API for card payments (SPEC.md §7). Built once, the
 * headers being the same for every answer: helmet's Fastify wrapper built them again at every
 * request (docs/decisions.md, "Volume and indexes").
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", STRIPE_JS],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https://api.stripe.com'],
      frameSrc: [STRIPE_JS, 'https://hooks.stripe.com'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // The desktop app (app:// origin) loads API pictures cross-origin.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
});

async function securityPlugin(app: FastifyInstance, options: { corsOrigins: string[] }) {
  // Helmet throws a configuration error when built; at a request it only sets headers, then calls on.
  app.addHook('onRequest', (request, reply, next) => securityHeaders(request.raw, reply.raw, () => next()));
  // API answers carry tokens and personal data: no browser or proxy cache may keep them. A route
  // serving public data may set its own Cache-Control.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) {
      reply.header('Cache-Control', 'no-store');
    }
  });
  const allowed = new Set([DESKTOP_ORIGIN, ...options.corsOrigins]);
  // Parses the Cookie header into `request.cookies` and serialises `reply.setCookie` (the login
  // device cookies, device-cookie.public.ts); the signing keys stay with their callers.
  await app.register(cookie);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin === undefined || allowed.has(origin)),
    // The desktop app (app:// origin) sends the login device cookie (DESIGN.md §4) cross-origin;
    // only the origins listed above are reflected, never '*'.
    credentials: true,
    allowedHeaders: ['Content-Type', 'Authorization', 'X-Parc-ID'],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
}

export default fp(securityPlugin, { name: 'security' });
