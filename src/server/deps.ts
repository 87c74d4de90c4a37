import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import type { StoredAttachment } from './db/schema';
import type { Tx } from './db/transaction';
import type { Mailer, MailMessage } from './modules/mail/mailer.public';
import type { MailContext } from './modules/mail/templates.public';

/** What services need from the outside world, built once in app.ts. */
export interface ServiceDeps {
  db: Db;
  mailer: Mailer;
  /** The park's details every mail shows; inside a transaction, pass it (PGlite runs one statement at a time). */
  mailContext: (db?: Db) => Promise<MailContext>;
  log: FastifyBaseLogger;
  /**
   * The personal passes of a booking's joined participants as mail attachments (onsite's
   * `passFilesOf`, given by the composition root: the pass key stays there).
   */
  passes?: (db: Db, bookingId: string) => Promise<PassFile[]>;
}

/** One participant's pass as a mail carries it: their name and the QR PNG. */
export interface PassFile {
  name: string;
  attachment: StoredAttachment;
}

/**
 * Writes the mail a change causes with that change's transaction (docs/decisions.md, "E-mail"):
 * it commits with the change or not at all, and a job delivers it; no request waits for SMTP.
 */
export async function queueMail(
  deps: Pick<ServiceDeps, 'mailer' | 'mailContext'>,
  tx: Tx,
  build: (context: MailContext) => MailMessage,
): Promise<void> {
  await deps.mailer.queue(tx, build(await deps.mailContext(tx)));
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
