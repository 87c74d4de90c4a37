import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** PostgreSQL server; when absent the embedded PGlite under PGLITE_DIR is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PGLITE_DIR: z.string().min(1).default('./data/pglite'),
  /** Comma-separated origins allowed by CORS besides the server's own. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  /**
   * Behind a reverse proxy: 'true' trusts X-Forwarded-For from anyone (only when the proxy is
   * the sole way in), anything else is a comma-separated list of proxy addresses or subnets.
   * Off by default, so that clients cannot pick the address the rate limits count.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | string[] => {
      if (value === 'true' || value === 'false') return value === 'true';
      return value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
    }),
  /**
   * How long a server instance reuses the public catalogue lists it built (seconds; 0 = never).
   * The catalogue changes rarely; an edit shows everywhere within this delay.
   */
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /**
   * How often a server instance looks for due durable jobs (milliseconds; 0 = only `npm run sweep`).
   * Default 1000, and 0 under NODE_ENV=test (tests run them with `app.jobs.runDue`).
   */
  JOB_POLL_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** How often (seconds) an instance's supervisor retries the runs of a dead process; pg-boss's default when unset. */
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built web bundle served at `/`. */
  WEB_DIST_DIR: z.string().min(1).default('./dist-web'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  /** Signing secret of the webhook endpoint POST /api/v1/payments/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** A local Stripe stand-in (tests, offline demos): the SDK talks to it instead of api.stripe.com. */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: port.optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** Sender of the e-mails; defaults to the park's name and address. */
  MAIL_FROM: z.string().min(3).optional(),
  /**
   * The server's own certificate and private key (PEM files), both or neither: with them it speaks
   * HTTPS, HTTP/2 to browsers and HTTP/1.1 to the rest (docs/decisions.md, performance rule 27).
   */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  /** Public address of the site, used in e-mail links; defaults to http(s)://HOST:PORT. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Key that signs the login device cookies (DESIGN.md §4). Optional: when absent one is
   * generated once and kept in `device-cookie.secret` beside the embedded database. Several
   * server instances must share one, so set it wherever more than one instance runs.
   */
  DEVICE_COOKIE_SECRET: z.string().min(32, 'au moins 32 caractères').optional(),
  /**
   * Key that signs the personal passes (docs/decisions.md, "On site"). Optional: derived from the
   * device-cookie key when absent. Every instance and every offline reader must share it.
   */
  PASS_SECRET: z.string().min(32, 'au moins 32 caractères').optional(),
});

export type Config = z.infer<typeof configSchema>;

export const TLS_PAIR_MESSAGE =
  'TLS_CERT_FILE et TLS_KEY_FILE vont ensemble : indiquez le certificat et sa clé privée (fichiers PEM), ou aucun des deux';

export class ConfigError extends Error {}

/** Parses the environment once at start; a bad value stops the server naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = configSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(config)'}: ${issue.message}`);
    throw new ConfigError(`Configuration invalide :\n${lines.join('\n')}`);
  }
  if (Boolean(parsed.data.TLS_CERT_FILE) !== Boolean(parsed.data.TLS_KEY_FILE)) {
    throw new ConfigError(`Configuration invalide :\n  ${TLS_PAIR_MESSAGE}`);
  }
  return parsed.data;
}

export function publicUrl(config: Config): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  return `${config.TLS_CERT_FILE ? 'https' : 'http'}://${host}:${config.PORT}`;
}

/**
 * The device-cookie key: the configured one, else a random one persisted under the data folder
 * (so devices stay trusted across restarts), else, in tests, a fresh one per app.
 */
export function deviceCookieSecret(config: Config): string {
  if (config.DEVICE_COOKIE_SECRET) return config.DEVICE_COOKIE_SECRET;
  if (config.NODE_ENV === 'test') return randomBytes(32).toString('base64url');
  const file = resolve(dirname(resolve(config.PGLITE_DIR)), 'device-cookie.secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The pass key (docs/decisions.md, "On site"): PASS_SECRET, else one derived from the device-cookie key. */
export function passSecret(config: Config, deviceSecret: string = deviceCookieSecret(config)): string {
  if (config.PASS_SECRET) return config.PASS_SECRET;
  return createHmac('sha256', deviceSecret).update('parc-pass-v1').digest('base64url');
}
