import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import type { StoredAttachment } from '../../db/schema';
import { jobHandler, jobKind, type JobHandler } from '../jobs/jobs.service';
import { claimPendingMail, recordMailError, settleMail } from './outbox.repository';

/**
 * The delivery of the outbox's mails by a job, one per mail (docs/decisions.md, "Durable jobs"):
 * the first retry 20 to 40 s after a failure, then doubling; 14 attempts span at least 45 hours.
 */
export const MAIL_MAX_ATTEMPTS = 14;

export const mailDeliveryJob = jobKind<{ outboxId: string }>({
  name: 'mail-delivery',
  retryLimit: MAIL_MAX_ATTEMPTS - 1,
  retryDelaySeconds: 20,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
});

export interface OutgoingMail {
  template: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: StoredAttachment[] | null;
}

/** Where the delivery job hands a mail: the SMTP server of SMTP_URL. */
export interface MailTransport {
  deliver(mail: OutgoingMail): Promise<void>;
}

export function smtpTransport(url: string, from: string): MailTransport {
  // A server that accepts the connection and never answers fails the attempt instead of holding it.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async deliver(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: (mail.attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          cid: file.cid,
          content: Buffer.from(file.content, 'base64'),
        })),
        headers: { 'X-Parc-Template': mail.template },
      });
    },
  };
}

/**
 * Sends one pending mail (its secrets from `unsent`, cleared once it is settled). A mail that is no
 * longer pending is left alone, so a replayed job sends nothing. Without a transport the mail stays
 * in the outbox as the record.
 */
export function mailDeliveryHandler(db: Db, transport: MailTransport | null): JobHandler {
  return jobHandler(mailDeliveryJob, async ({ data, now }) => {
    const row = await claimPendingMail(db, data.outboxId);
    if (!row) return;
    if (!transport) return settleMail(db, row.id, { status: 'recorded', at: now });
    try {
      await transport.deliver({ ...row, ...(row.unsent ?? {}) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (row.attempts >= MAIL_MAX_ATTEMPTS)
        return settleMail(db, row.id, { status: 'failed', at: now, error: message });
      await recordMailError(db, row.id, message);
      throw error;
    }
    await settleMail(db, row.id, { status: 'sent', at: now });
  });
}
