import {
  deadlineLadderHandler,
  depositHoldHandlers,
  guaranteeHandlers,
  guaranteeRefundHandler,
  shareSurplusRefundHandler,
} from './modules/payments/deposit-holds.public';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, ConfigError, loadConfig, passSecret, publicUrl } from './config';
import type { Db } from './db/client';
import type { ServiceDeps } from './deps';
import { getEstablishmentInfo } from './modules/establishment/establishment.service';
import { outboxMailer, surpriseScreen, type Mailer } from './modules/mail/mailer.public';
import { isRecipientKeptInSurprise } from './modules/bookings/booking-access.public';
import { mailDeliveryHandler, type MailTransport, smtpTransport } from './modules/mail/mail-delivery';
import type { JobHandler } from './modules/jobs/jobs.service';
import type { MaybeProviderDeps } from './modules/payments/open-intents.public';
import { passFilesOf } from './modules/onsite/passes.public';
import { optionExpiryHandler } from './modules/sweeps/option-expiry.service';
import { bookingCompletionHandler } from './modules/bookings/booking-completion.public';
import { recurringHandlers } from './recurring-work';

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

/** Every mail goes to the outbox; with SMTP_URL a job delivers it (docs/decisions.md, "Durable jobs"). */
export function mailerFromConfig(config: Config, onQueued?: () => void): Mailer {
  return outboxMailer({ deliver: Boolean(config.SMTP_URL), onQueued });
}

/** The SMTP server the delivery job sends to, none without SMTP_URL. */
export function mailTransportFromConfig(config: Config): MailTransport | null {
  return config.SMTP_URL
    ? smtpTransport(config.SMTP_URL, config.MAIL_FROM ?? '"Parc Aventure des Landes" <contact@parc-aventure-landes.fr>')
    : null;
}

/** What services need, built the same way by the server and the CLIs. */
export function serviceDepsFromConfig(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  mailer: Mailer = mailerFromConfig(config),
  passKey: string = passSecret(config),
): ServiceDeps {
  const mailContext = async (reader: Db = db) => {
    const info = await getEstablishmentInfo(reader);
    return { parkName: info.name, parkEmail: info.email, parkPhone: info.phone, publicUrl: publicUrl(config) };
  };
  // Every mail passes the surprise screen, whatever mailer is given (docs/decisions.md, "Group shares").
  const screened = surpriseScreen(mailer, isRecipientKeptInSurprise);
  return { db, mailer: screened, mailContext, log, passes: passFilesOf(passKey) };
}

/** What this instance's job engine runs, the same for the server and `npm run sweep`. */
export function jobHandlersFromConfig(config: Config, deps: MaybeProviderDeps): JobHandler[] {
  return [
    mailDeliveryHandler(deps.db, mailTransportFromConfig(config)),
    optionExpiryHandler(deps),
    ...depositHoldHandlers(deps),
    ...guaranteeHandlers(deps),
    deadlineLadderHandler(deps),
    guaranteeRefundHandler(deps),
    shareSurplusRefundHandler(deps),
    bookingCompletionHandler(deps.db),
    ...recurringHandlers(deps),
  ];
}
