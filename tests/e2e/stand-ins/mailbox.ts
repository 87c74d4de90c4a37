import { existsSync, readFileSync } from 'node:fs';
import { expect } from '@playwright/test';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const MAIL_FILE = process.env.E2E_MAIL_FILE ?? '/tmp/parc-e2e-mails.jsonl';

export function receivedMails(): ReceivedMail[] {
  if (!existsSync(MAIL_FILE)) return [];
  return readFileSync(MAIL_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/** Waits for the latest e-mail to `to` whose subject matches, as a person waits for their mailbox. */
export async function waitForMail(to: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = receivedMails()
          .filter((mail) => mail.to.includes(to) && subject.test(mail.subject))
          .at(-1);
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}
