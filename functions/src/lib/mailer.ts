import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { AWS_CLIENT_CONFIG } from './aws-calls.ts';
import { env } from './env.ts';

/** One message the product sends (sign-in codes now; receipts later). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** A message as the local outbox keeps it (one JSON line each). */
export interface SentMail extends Mail {
  sent_at: string;
}

let ses: SESv2Client | undefined;

/**
 * Sends a message. On the local stack (`MAIL_OUTBOX_FILE` set) it is appended to the outbox in
 * DATA_DIR, which `GET /api/local/outbox` and the page `/local/outbox` list; in AWS it goes out
 * through SES from `MAIL_FROM`.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const { MAIL_OUTBOX_FILE: outbox, MAIL_FROM: from } = env();
  if (outbox) {
    const line: SentMail = { ...mail, sent_at: new Date().toISOString() };
    await mkdir(dirname(outbox), { recursive: true });
    await appendFile(outbox, `${JSON.stringify(line)}\n`);
    return;
  }
  if (!from) throw new Error('MAIL_FROM is not set');
  ses ??= new SESv2Client(AWS_CLIENT_CONFIG);
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}
