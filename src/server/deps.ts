import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import type { Mailer, MailMessage } from './modules/mail/mailer.public';
import type { MailContext } from './modules/mail/templates.public';

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

const pending = new Set<Promise<void>>();

/**
 * Work done after the answer is sent, so that the answer takes as long whatever the work (a
 * forgot-password for a known address must not be slower than for an unknown one). Failures
 * are logged; `backgroundWorkSettled()` waits for what is running (app close, tests).
 */
export function runInBackground(deps: Pick<ServiceDeps, 'log'>, label: string, work: () => Promise<void>): void {
  const running: Promise<void> = work()
    .catch((error: unknown) => deps.log.error({ err: error }, label))
    .finally(() => pending.delete(running));
  pending.add(running);
}

export async function backgroundWorkSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
