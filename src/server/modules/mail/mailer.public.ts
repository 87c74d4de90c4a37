import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { deleteMailsBefore, deleteMailsTo, insertOutboxMail } from './outbox.repository';

export interface MailMessage {
  template: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Values only the recipient may read (a temporary password): the SMTP transport sends them,
   * the outbox stores the mail with each one masked (issue 11: no secret at rest).
   */
  secrets?: string[];
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
 * personal data behind (issue 3), not even in the mails kept for the back-office.
 */
export async function forgetMailsTo(db: Db, address: string): Promise<number> {
  return deleteMailsTo(db, address);
}

/** One interface, two transports (DESIGN.md §3): SMTP when SMTP_URL is set, else the outbox table. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Writes the mail with the caller's transaction (`db` is the transaction), so it exists exactly
   * when the change it tells of was committed. Only the outbox can; a transport without it is
   * sent after the commit (docs/decisions.md, "Payment e-mails").
   */
  sendWithin?(db: Db, message: MailMessage): Promise<void>;
}

export function outboxMailer(db: Db): Mailer {
  return {
    async send(message) {
      await insertOutboxMail(db, maskSecrets(message));
    },
    async sendWithin(tx, message) {
      await insertOutboxMail(tx, maskSecrets(message));
    },
  };
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'X-Parc-Template': message.template },
      });
    },
  };
}
