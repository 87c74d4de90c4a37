import type { Db } from '../../db/client';
import type { StoredAttachment } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/transaction';
import { scheduleJob } from '../jobs/jobs.service';
import { mailDeliveryJob } from './mail-delivery';
import {
  deleteMailsBefore,
  deleteMailsTo,
  findOutboxMail,
  insertOutboxMail,
  requeueFailedMail,
} from './outbox.repository';

export interface MailMessage {
  template: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Values only the recipient may read (a temporary password): the SMTP transport sends them,
   * the outbox stores the mail with each one masked (no secret is stored readable).
   */
  secrets?: string[];
  /** Files sent with it (the personal passes), stored with the mail until it is purged. */
  attachments?: StoredAttachment[];
  /**
   * The booking the mail is about and whether it tells its programme (an activity, a service, a
   * schedule or a price). A booking mail tells it unless its template says otherwise: the surprise
   * screen keeps such a mail from a guest of honour (docs/decisions.md, "Group shares").
   */
  about?: { bookingId: string; programme: boolean };
}

export const MASKED_SECRET = '••••••••';

/** The mail as stored: every secret replaced by MASKED_SECRET, in the text and the HTML. */
export function maskSecrets(message: MailMessage): Omit<MailMessage, 'secrets'> {
  const { secrets = [], ...stored } = message;
  const mask = (value: string) =>
    secrets.filter(Boolean).reduce((masked, secret) => masked.split(secret).join(MASKED_SECRET), value);
  return { ...stored, subject: mask(stored.subject), text: mask(stored.text), html: mask(stored.html) };
}

/** How long sent mails stay in the outbox before `purgeSentMails` deletes them. */
export const OUTBOX_RETENTION_DAYS = 30;

/** Deletes the outbox mails older than the retention period; returns how many. For the sweeps. */
export async function purgeSentMails(db: Db, retentionDays = OUTBOX_RETENTION_DAYS, now = new Date()): Promise<number> {
  const limit = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  return deleteMailsBefore(db, limit);
}

/**
 * Deletes the outbox copies of the mails sent to an address: an account being deleted leaves no
 * personal data behind (docs/decisions.md, "Accounts and security"), not even in the mails kept for the back-office.
 */
export async function forgetMailsTo(db: Db, address: string): Promise<number> {
  return deleteMailsTo(db, address);
}

/**
 * One interface (DESIGN.md §3): every mail is written to the outbox with the transaction of the
 * change that causes it, so it exists, and is sent, exactly when that change commits: a rolled
 * back change sends nothing, a crash after the commit loses nothing (docs/decisions.md, "E-mail").
 * With a mail server (SMTP_URL) a job sends it (mail-delivery.ts), without one the outbox is the record.
 */
export interface Mailer {
  queue(tx: Tx, message: MailMessage): Promise<void>;
}

/** Whether `to` is a guest of honour kept in the surprise of the booking (given by the composition root). */
export type KeptInSurpriseRecipient = (tx: Tx, bookingId: string, to: string) => Promise<boolean>;

/**
 * The one place that decides what a guest of honour's mail may contain (docs/decisions.md, "Group
 * shares"): a mail about a booking that tells its programme is not written for a guest of honour
 * kept in its surprise; every other mail goes to `inner`. Wraps every mailer the services get.
 */
export function surpriseScreen(inner: Mailer, keptInSurprise: KeptInSurpriseRecipient): Mailer {
  return {
    async queue(tx, message) {
      const about = message.about;
      if (about?.programme && (await keptInSurprise(tx, about.bookingId, message.to))) return;
      await inner.queue(tx, message);
    },
  };
}

export interface OutboxOptions {
  /** A transport is configured: the mail is pending and a delivery job is scheduled. */
  deliver?: boolean;
  /** Called once a mail to deliver is written (the job engine looks for it soon). */
  onQueued?: () => void;
}

/** The stored row of a mail (secrets masked) and, to deliver, the job that sends it. */
async function writeMail(tx: Tx, message: MailMessage, deliver: boolean): Promise<void> {
  const stored = maskSecrets(message);
  const hasSecrets = (message.secrets ?? []).some(Boolean);
  const id = await insertOutboxMail(tx, {
    ...stored,
    status: deliver ? 'pending' : 'recorded',
    unsent: deliver && hasSecrets ? { subject: message.subject, text: message.text, html: message.html } : null,
  });
  if (deliver) await scheduleJob(tx, mailDeliveryJob, { outboxId: id }, { key: `mail:${id}` });
}

export function outboxMailer(options: OutboxOptions = {}): Mailer {
  const deliver = options.deliver ?? false;
  return {
    async queue(tx, message) {
      await writeMail(tx, message, deliver);
      if (deliver) options.onQueued?.();
    },
  };
}

/**
 * The team resends a mail that failed for good: it is pending again with no attempt, and a new
 * delivery job is scheduled in the same transaction. `missing` when there is no such mail,
 * `not-failed` when it is not a failed one (a pending mail is already on its way).
 */
export type OutboxRow = NonNullable<Awaited<ReturnType<typeof findOutboxMail>>>;

export async function resendFailedMail(
  db: Db,
  id: string,
): Promise<{ mail: OutboxRow } | { refused: 'missing' | 'not-failed' }> {
  return inTransaction(db, async (tx) => {
    const row = await requeueFailedMail(tx, id);
    if (!row) return { refused: (await findOutboxMail(tx, id)) ? 'not-failed' : 'missing' };
    await scheduleJob(tx, mailDeliveryJob, { outboxId: id }, { key: `mail:${id}` });
    return { mail: row };
  });
}
