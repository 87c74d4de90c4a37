import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import type { Mailer, MailMessage } from './modules/mail/mailer';
import type { MailContext } from './modules/mail/templates';

/** What services need from the outside world, built once in app.ts. */
export interface ServiceDeps {
  db: Db;
  mailer: Mailer;
  mailContext: () => Promise<MailContext>;
  log: FastifyBaseLogger;
}

/** A mail that cannot leave never undoes what the user did: the failure is logged for the team. */
export async function sendMail(deps: ServiceDeps, build: (context: MailContext) => MailMessage): Promise<void> {
  try {
    await deps.mailer.send(build(await deps.mailContext()));
  } catch (error) {
    deps.log.error({ err: error }, 'e-mail non envoyé');
  }
}
