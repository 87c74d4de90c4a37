import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { Http2SecureServer } from 'node:http2';
import Fastify, { type FastifyHttp2SecureOptions, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_MESSAGES } from '../shared/errors';
import { APP_SHELL, SHELLS_DIR } from '../shared/web-bundle-files';
import { deviceCookieSecret, passSecret, type Config } from './config';
import type { ChangeFeed } from './db/change-feed';
import type { Database, Db } from './db/client';
import { accountErasure } from './account-erasure';
import { authRoutes } from './modules/auth/auth.routes';
import { bookingRoutes } from './modules/bookings/bookings.routes';
import { customerBookingRoutes } from './modules/bookings/customer-bookings.routes';
import { bookingTypesRoutes } from './modules/bookings/booking-types.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { invitationLinkRoutes, invitationPublicRoutes } from './modules/invitations/invitations.routes';
import { participantRoutes } from './modules/participants/participants.routes';
import { establishmentRoutes } from './modules/establishment/establishment.routes';
import { backgroundWorkSettled } from './deps';
import { messageRoutes } from './modules/messages/messages.routes';
import type { Mailer } from './modules/mail/mailer.public';
import { responseSerializer } from './response-serializer';
import { jobHandlersFromConfig, mailerFromConfig, serviceDepsFromConfig } from './service-deps-from-config';
import { type Clock, type JobEngine, startJobEngine, systemClock } from './modules/jobs/jobs.service';
import { paymentProviderFromConfig } from './payment-provider-from-config';
import { startRecurringWork } from './recurring-work';
import { http2Options, tlsFromConfig } from './tls';
import { staffRoutes } from './modules/staff/staff.routes';
import { onsiteRoutes } from './modules/onsite/onsite.routes';
import { detailPaymentWithOptOuts } from './modules/payments/payment-view.public';
import { contractRoutes } from './modules/contracts/contracts.routes';
import { customerPaymentRoutes, staffPaymentRoutes, stripeWebhookRoutes } from './modules/payments/payments.routes';
import type { PaymentProvider } from './providers/payments/payment-provider';
import authPlugin from './plugins/auth';
import compressionPlugin from './plugins/compression';
import pollEtagPlugin from './plugins/poll-etag';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import inputGuard from './plugins/input-guard';
import openApiPlugin from './plugins/openapi';
import rateLimitPlugin from './plugins/rate-limit';
import establishmentGuard from './plugins/establishment-guard';
import securityPlugin from './plugins/security';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Bumped when the data changes: what kept reads check (db/change-feed.ts). */
    changes: ChangeFeed;
    config: Config;
    /** Stripe when STRIPE_SECRET_KEY is set, else the built-in test provider (DESIGN.md §3). */
    paymentProvider: PaymentProvider;
    /** This instance's durable jobs (docs/decisions.md, "Durable jobs"). */
    jobs: JobEngine;
  }
}

// Every message a caller can get is French (SPEC.md): zod's own messages too, for the inputs whose
// schema names none (a body that is not an object, an unknown enum value…).
z.config(z.locales.fr());

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `/contact/` is `/contact`: a page's folder in dist-web must not be answered as a directory
 * (403) by the static plugin. API paths are left as they are.
 */
export function withoutPageTrailingSlash(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  if (path.length <= 1 || !path.endsWith('/') || path.startsWith('/api/')) return url;
  const trimmed = path.replace(/\/+$/, '') || '/';
  return query === undefined ? trimmed : `${trimmed}?${query}`;
}
export const CATALOGUE_PICTURES_DIR = resolve(ROOT, 'resources/catalogue');

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Tests may pass their own transport; otherwise SMTP_URL or the outbox table. */
  mailer?: Mailer;
  /** The jobs' time; tests move it forward (`app.jobs.runDue(later)` does too). */
  clock?: Clock;
}

/** Pino options: requests are logged, secrets never (docs/decisions.md, "Accounts and security"). */
export function loggerOptions(level: Config['LOG_LEVEL']): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.body.password',
        'req.body.currentPassword',
        'req.body.newPassword',
        'req.body.confirmPassword',
      ],
      censor: '[masqué]',
    },
  };
}

/** Builds the whole API and web server; `index.ts` only listens, tests use `app.inject`. */
export async function buildApp({
  config,
  database,
  logger = false,
  mailer,
  clock = systemClock,
}: BuildAppOptions): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
    rewriteUrl: (request) => withoutPageTrailingSlash(request.url ?? '/'),
  };
  const tls = tlsFromConfig(config);
  // Over TLS: HTTP/2, HTTP/1.1 for clients without it (docs/decisions.md, performance rule 27). The
  // instance's type stays the HTTP/1 one: the handlers read only what both request objects carry.
  const app = tls
    ? (Fastify({
        ...options,
        ...http2Options(tls),
      } as FastifyHttp2SecureOptions<Http2SecureServer>) as unknown as FastifyInstance)
    : Fastify(options);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  // An action call (validate, logout) may come with a JSON content type and no body at all.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );
  app.decorate('db', database.db);
  app.decorate('changes', database.changes);
  // Reads kept in memory serve only while the database's change notifications reach this instance.
  await database.changes.start();
  app.addHook('onClose', () => database.changes.stop());
  app.decorate('config', config);

  await app.register(errorsPlugin);
  await app.register(inputGuard);
  await app.register(securityPlugin, { corsOrigins: config.CORS_ORIGINS });
  // Before compression: the ETag is of the answer's bytes as written.
  await app.register(pollEtagPlugin);
  await app.register(compressionPlugin);
  await app.register(establishmentGuard);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  // Before the routes: it collects them as they are declared.
  await app.register(openApiPlugin);

  // The mailer asks the engine, started below, to look for the mails it queues.
  const started: { jobs?: JobEngine } = {};
  const deviceSecret = deviceCookieSecret(config);
  const passKey = passSecret(config, deviceSecret);
  const deps = serviceDepsFromConfig(
    config,
    database.db,
    app.log,
    mailer ?? mailerFromConfig(config, () => started.jobs?.nudge()),
    passKey,
  );
  // Mails and other work started after an answer finish before the database closes.
  app.addHook('onClose', () => backgroundWorkSettled());
  const paymentProvider = paymentProviderFromConfig(config, deps);
  app.decorate('paymentProvider', paymentProvider);
  const paymentDeps = { ...deps, provider: paymentProvider };
  // Durable jobs, started before any route can schedule one; polling is off in tests unless asked.
  const engine = await startJobEngine({
    database,
    handlers: jobHandlersFromConfig(config, paymentDeps),
    clock,
    log: app.log,
    pollMs: config.JOB_POLL_MS ?? (config.NODE_ENV === 'test' ? 0 : 1000),
    maintenanceSeconds: config.JOB_MAINTENANCE_SECONDS,
  });
  started.jobs = engine;
  app.decorate('jobs', engine);
  app.addHook('onClose', () => engine.stop());
  // Housekeeping, the deadline catch-up and the payment backstop: recurring jobs, once per slot.
  await startRecurringWork(database.db, clock.now());

  await app.register(establishmentRoutes);
  await app.register(catalogueRoutes);
  await app.register(bookingTypesRoutes);
  await app.register(authRoutes, { deps: { ...deps, deviceSecret, accountErasure } });
  await app.register(bookingRoutes, { deps });
  await app.register(customerBookingRoutes, { deps: { ...deps, detailPayment: detailPaymentWithOptOuts } });
  // The invitation calls and the organizer's participant calls, in the contract's order.
  await app.register(invitationLinkRoutes, { deps });
  await app.register(participantRoutes, { deps });
  await app.register(invitationPublicRoutes, { deps });
  await app.register(staffRoutes, { deps: paymentDeps });

  await app.register(messageRoutes, { deps });
  await app.register(customerPaymentRoutes, { deps: paymentDeps });
  await app.register(staffPaymentRoutes, { deps: paymentDeps });
  await app.register(stripeWebhookRoutes, { deps: paymentDeps });
  await app.register(contractRoutes);
  await app.register(onsiteRoutes, { deps: { ...paymentDeps, passKey, clock } });

  await app.register(fastifyStatic, {
    root: CATALOGUE_PICTURES_DIR,
    prefix: '/uploads/catalogue/',
    decorateReply: false,
    maxAge: '1d',
  });

  await registerWebBundle(app, resolve(config.WEB_DIST_DIR));
  return app;
}

/**
 * Serves the built renderer at `/`, with the history fallback to index.html for client routes
 * (never for /api or /uploads, which keep their JSON 404).
 */
async function registerWebBundle(app: FastifyInstance, distDir: string) {
  const hasBundle = existsSync(resolve(distDir, 'index.html'));
  if (hasBundle) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // Files are looked up per request, so a rebuilt bundle is served without a restart.
      wildcard: true,
      index: 'index.html',
      // dist-web/**/*.br and *.gz are written at build time (vite.web.config.ts).
      preCompressed: true,
      setHeaders: (res, path) => {
        // Hashed assets never change; HTML must always be revalidated.
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // HEAD too (link checkers, uptime probes): the same headers, no body.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|uploads)(\/|$)/.test(path);
    const isAsset = /\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html');
    if (isPage && !isAsset) {
      if (!hasBundle) {
        return reply
          .status(503)
          .type('text/html; charset=utf-8')
          .send(
            '<!doctype html><html lang="fr"><meta charset="utf-8"><title>Site non construit</title>' +
              '<p>Le site web n’est pas encore construit : lancez <code>npm run build:web</code> puis redémarrez le serveur.</p></html>',
          );
      }
      // Prerendered pages (dist-web/<route>/index.html) first, then the SPA shell (index.html is
      // the pre-rendered home page when the build wrote app-shell.html beside it).
      const prerendered = resolve(distDir, `.${path}`, 'index.html');
      if (path !== '/' && prerendered.startsWith(distDir) && existsSync(prerendered)) {
        return reply.header('Cache-Control', 'no-cache').sendFile(`${path.slice(1)}/index.html`, distDir);
      }
      // The customer area's pages get their shell (dist-web/shells/dashboard.html for /dashboard…):
      // the header and the session's spinner drawn at once, their chunks named (docs/decisions.md,
      // performance rule 23).
      // A page that draws its tabs in its shell has one per tab named by `?tab=`
      // (dist-web/shells/dashboard-payments.html for /dashboard?tab=payments).
      const area = /^\/([a-z]+)(?:\/|$)/.exec(path)?.[1];
      const tab = new URLSearchParams(request.url.slice(path.length)).get('tab');
      const areaShell = [area && tab && /^[a-z]+$/.test(tab) && `${area}-${tab}`, area]
        .filter((name): name is string => Boolean(name))
        .map((name) => `${SHELLS_DIR}/${name}.html`)
        .find((file) => existsSync(resolve(distDir, file)));
      if (areaShell) {
        return reply.header('Cache-Control', 'no-cache').sendFile(areaShell, distDir);
      }
      const shell = path !== '/' && existsSync(resolve(distDir, APP_SHELL)) ? APP_SHELL : 'index.html';
      return reply.header('Cache-Control', 'no-cache').sendFile(shell, distDir);
    }
    return reply.status(404).send({
      success: false,
      error: ERROR_MESSAGES.notFound,
      message: ERROR_MESSAGES.notFound,
      code: 'NOT_FOUND',
    });
  });
}
