import type { FastifyBaseLogger } from 'fastify';
import { type Config, ConfigError, loadConfig, publicUrl } from './config';
import type { Db } from './db/client';
import type { ServiceDeps } from './deps';
import { getEstablishmentInfo } from './modules/establishment/establishment.service';
import { outboxMailer, smtpMailer, type Mailer } from './modules/mail/mailer.public';

/** The configuration of a command (server or CLI): a bad value is printed and the process stops. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** SMTP when configured, else the outbox table (docs/decisions.md). */
export function mailerFromConfig(config: Config, db: Db): Mailer {
  return config.SMTP_URL
    ? smtpMailer(config.SMTP_URL, config.MAIL_FROM ?? '"Parc Aventure des Landes" <contact@parc-aventure-landes.fr>')
    : outboxMailer(db);
}

/** What services need, built the same way by the server and the CLIs. */
export function serviceDepsFromConfig(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  mailer: Mailer = mailerFromConfig(config, db),
): ServiceDeps {
  const mailContext = async () => {
    const info = await getEstablishmentInfo(db);
    return { parkName: info.name, parkEmail: info.email, parkPhone: info.phone, publicUrl: publicUrl(config) };
  };
  return { db, mailer, mailContext, log };
}
