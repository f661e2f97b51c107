import { readFile } from 'node:fs/promises';
import type { SentMail } from '../lib/mailer.ts';

/**
 * The local outbox's messages, newest first, to one address when `to` is given (any case). A
 * line that is not a message (a write cut short by a crash) is skipped.
 */
export async function outboxMessages(file: string, to?: string): Promise<SentMail[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const wanted = to?.trim().toLowerCase();
  const messages: SentMail[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let mail: SentMail;
    try {
      mail = JSON.parse(line) as SentMail;
    } catch {
      continue;
    }
    if (!wanted || mail.to.toLowerCase() === wanted) messages.push(mail);
  }
  return messages.reverse();
}
