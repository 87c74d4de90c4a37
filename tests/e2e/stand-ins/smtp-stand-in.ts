/**
 * The e2e stand-in for the park's SMTP relay (none is reachable from these machines): a real
 * SMTP server on loopback that the product sends to through nodemailer, writing each received
 * e-mail as one JSON line so that journeys can read them (e.g. a temporary password).
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.E2E_SMTP_PORT ?? 8792);
const mailFile = process.env.E2E_MAIL_FILE ?? '/tmp/parc-e2e-mails.jsonl';
mkdirSync(dirname(mailFile), { recursive: true });
writeFileSync(mailFile, '');

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
        appendFileSync(
          mailFile,
          `${JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '' })}\n`,
        );
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});

server.listen(port, '127.0.0.1', () => console.log(`SMTP de test sur 127.0.0.1:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
