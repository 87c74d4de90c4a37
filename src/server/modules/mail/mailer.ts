import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

export interface MailMessage {
  template: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** One interface, two transports (DESIGN.md §3): SMTP when SMTP_URL is set, else the outbox table. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function outboxMailer(db: Db): Mailer {
  return {
    async send(message) {
      await db.insert(outbox).values(message);
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
