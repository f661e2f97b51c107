import type { MessageCoding } from '@gia/shared';
import { findMessageCode } from '@gia/shared/message-catalogues.ts';
import { i18n, t, useLanguage } from './i18n.ts';

/** What the server said: its English `message`, and (an error answer's) the code of that message. */
export interface ServerSaid extends Partial<MessageCoding> {
  message: string;
}

/**
 * A message of the server in the interface's language (issue 33): the catalogue's
 * `server.<message_code>` with the answer's `message_params` filled, when the interface speaks
 * Kannada or Hindi and the catalogue has that code; else the server's English as it came. A text
 * without a code (a success answer's `message`) is found by its English in the shared catalogues.
 * Every place that shows a learner a server's message goes through here.
 */
export function serverText(said: ServerSaid): string {
  if (useLanguage.getState().language === 'en') return said.message;
  const coding = said.message_code ? said : findMessageCode(said.message);
  const id = coding && `server.${coding.message_code}`;
  if (!id || !(id in i18n.messages)) return said.message;
  return t(id, coding.message_params);
}
