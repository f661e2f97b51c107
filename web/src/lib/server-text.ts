import type { MessageCoding } from '@gia/shared';
import { i18n, needMessages, sourceMessages, t, useLanguage } from './i18n.ts';
import { useSession } from './session.ts';

/** What the server said: its English `message`, and (an error answer's) the code of that message. */
export interface ServerSaid extends Partial<MessageCoding> {
  message: string;
}

/** A compiled catalogue message: text, or text and `[name, …]` placeholders. */
type Compiled = string | readonly (string | readonly [string, ...unknown[]])[];

interface Template {
  id: string;
  names: string[];
  pattern: RegExp;
}

let known: { byText: Map<string, string>; templates: Template[] } | undefined;

/**
 * The English catalogue's `server.*` messages, by their text (the server's English, as
 * `LEARNER_MESSAGE_CODES` gives it: the catalogue test holds them equal). Read from the English
 * catalogue's server part, which i18n.ts loads beside another language's (rather than shared's
 * catalogues, so no server text module enters the SPA's bundle).
 */
function serverMessages() {
  if (known) return known;
  const byText = new Map<string, string>();
  const templates: Template[] = [];
  for (const [id, compiled] of Object.entries(sourceMessages() as Record<string, Compiled>)) {
    if (!id.startsWith('server.')) continue;
    const tokens = typeof compiled === 'string' ? [compiled] : compiled;
    if (tokens.every((token) => typeof token === 'string')) {
      byText.set(tokens.join(''), id);
      continue;
    }
    const names: string[] = [];
    const source = tokens
      .map((token) => {
        if (typeof token === 'string') return token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(token[0]);
        return '([\\s\\S]+?)';
      })
      .join('');
    templates.push({ id, names, pattern: new RegExp(`^${source}$`) });
  }
  // Kept once the server part is in (before, in English, nothing asks).
  if (byText.size) known = { byText, templates };
  return { byText, templates };
}

/**
 * Resolves once the server's messages are loaded in the interface's language (at once in
 * English, which shows the server's own text): the API client awaits it before it hands over an
 * answer, so `serverText` of any answer speaks the learner's language.
 */
export const serverMessagesLoaded = (): Promise<void> =>
  useLanguage.getState().language === 'en' ? Promise.resolve() : needMessages('server');

/** The catalogue id and values of a server's English text without a code (a success answer's). */
function findServerMessage(
  text: string,
): { id: string; values?: Record<string, string> } | undefined {
  const { byText, templates } = serverMessages();
  const id = byText.get(text);
  if (id) return { id };
  for (const { id, names, pattern } of templates) {
    const match = pattern.exec(text);
    if (match) return { id, values: Object.fromEntries(names.map((n, i) => [n, match[i + 1]!])) };
  }
  return undefined;
}

/**
 * A message of the server in the interface's language (issue 33): the catalogue's
 * `server.<message_code>` with the answer's `message_params` filled, when the interface speaks
 * Kannada or Hindi and the catalogue has that code; else the server's English as it came. A text
 * without a code (a success answer's `message`) is found by its English. Every place that shows a
 * learner a server's message goes through here. The back office stays English (an admin's session).
 */
export function serverText(said: ServerSaid): string {
  if (useLanguage.getState().language === 'en' || useSession.getState().role === 'admin')
    return said.message;
  const found = said.message_code
    ? { id: `server.${said.message_code}`, values: said.message_params }
    : findServerMessage(said.message);
  if (!found || !(found.id in i18n.messages)) return said.message;
  return t(found.id, found.values);
}
