import { AsyncLocalStorage } from 'node:async_hooks';
import { LANG_INVALID, isUiLanguage, type UiLanguage } from '@gia/shared';
import { ValidationError } from './errors.ts';

/*
 * The language a learner's read answers the catalogue in (issue 33). The router opens it for
 * every GET that is not the back office's, from the query's `lang` (English when none), and the
 * catalogue's records come out of the table in it (db/catalogue-keys.ts, `toRecord`): each field
 * its translation gives, the rest in English, without the translations themselves. Admins read
 * the records as stored, translations and all, to edit them side by side. Writes never do, so a
 * record (or a name copied from one) is never stored translated.
 */
const scope = new AsyncLocalStorage<UiLanguage>();

/** The language a query asks for: `en` when it names none; `400` for one the product lacks. */
export function queryLanguage(query: Record<string, string | undefined>): UiLanguage {
  const lang = query.lang;
  if (lang === undefined || lang === '') return 'en';
  if (!isUiLanguage(lang))
    throw new ValidationError(LANG_INVALID, [{ field: 'lang', message: LANG_INVALID }]);
  return lang;
}

/** Runs `work` reading the catalogue in `language`. */
export const withReadingLanguage = <T>(language: UiLanguage, work: () => T): T =>
  scope.run(language, work);

/** The language the catalogue is being read in, if a learner's read opened one. */
export const readingLanguage = (): UiLanguage | undefined => scope.getStore();
