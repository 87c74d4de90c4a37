import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { publicUrl, type Config } from './config';
import type { Database, Db } from './db/client';
import { authRoutes } from './modules/auth/auth.routes';
import { bookingRoutes } from './modules/bookings/bookings.routes';
import { customerBookingRoutes } from './modules/bookings/customer-bookings.routes';
import { bookingTypesRoutes } from './modules/bookings/booking-types.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { establishmentRoutes } from './modules/establishment/establishment.routes';
import { getEstablishmentInfo } from './modules/establishment/establishment.service';
import { outboxMailer, smtpMailer, type Mailer } from './modules/mail/mailer';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import rateLimitPlugin from './plugins/rate-limit';
import establishmentGuard from './plugins/establishment-guard';
import securityPlugin from './plugins/security';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CATALOGUE_PICTURES_DIR = resolve(ROOT, 'resources/catalogue');

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Tests may pass their own transport; otherwise SMTP_URL or the outbox table. */
  mailer?: Mailer;
}

/** Pino options: requests are logged, secrets never (DESIGN.md §3). */
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
export async function buildApp({ config, database, logger = false, mailer }: BuildAppOptions): Promise<FastifyInstance> {
  const options: FastifyServerOptions = { logger, trustProxy: config.TRUST_PROXY, bodyLimit: 1024 * 1024 };
  const app = Fastify(options);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // An action call (validate, logout) may come with a JSON content type and no body at all.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );
  app.decorate('db', database.db);
  app.decorate('config', config);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { corsOrigins: config.CORS_ORIGINS });
  await app.register(establishmentGuard);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);

  const mailTransport =
    mailer ??
    (config.SMTP_URL
      ? smtpMailer(config.SMTP_URL, config.MAIL_FROM ?? '"Parc Aventure des Landes" <contact@parc-aventure-landes.fr>')
      : outboxMailer(database.db));
  const mailContext = async () => {
    const info = await getEstablishmentInfo(database.db);
    return { parkName: info.name, parkEmail: info.email, parkPhone: info.phone, publicUrl: publicUrl(config) };
  };
  const deps = { db: database.db, mailer: mailTransport, mailContext, log: app.log };

  await app.register(establishmentRoutes);
  await app.register(catalogueRoutes);
  await app.register(bookingTypesRoutes);
  await app.register(authRoutes, { deps });
  await app.register(bookingRoutes, { deps });
  await app.register(customerBookingRoutes, { deps });

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
      setHeaders: (res, path) => {
        // Hashed assets never change; HTML must always be revalidated.
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/uploads/');
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
      // Prerendered pages (dist-web/<route>/index.html) first, then the SPA shell.
      const prerendered = resolve(distDir, `.${path}`, 'index.html');
      if (path !== '/' && prerendered.startsWith(distDir) && existsSync(prerendered)) {
        return reply.header('Cache-Control', 'no-cache').sendFile(`${path.slice(1)}/index.html`, distDir);
      }
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', distDir);
    }
    return reply.status(404).send({
      success: false,
      error: 'Ressource non trouvée',
      message: 'Ressource non trouvée',
      code: 'NOT_FOUND',
    });
  });
}
