/*
 * The learner's language on this device (issue 33): what the boot script and the app both read,
 * so it has no imports but the list of languages. `?lang=kn|hi|en` on any URL (a link shared in a
 * class group) chooses it and is kept; else the choice kept on the device; else none yet (the
 * page shows the one-tap choice, and speaks English meanwhile).
 */
import { isUiLanguage, type UiLanguage } from '@gia/shared/languages.ts';

/** The localStorage key of the learner's language on this device. */
export const LANGUAGE_KEY = 'gia-language';
/** `<html data-language-chosen>`: set once a language is chosen, so the choice bar stays hidden. */
export const CHOSEN_ATTRIBUTE = 'languageChosen';

/**
 * The language this page opens in: the URL's `lang` (kept on the device), else the kept one;
 * `undefined` when the learner never chose. Storage that throws (private mode) keeps nothing.
 */
export function openingLanguage(storage: Storage, search: string): UiLanguage | undefined {
  const asked = new URLSearchParams(search).get('lang');
  if (isUiLanguage(asked)) {
    try {
      storage.setItem(LANGUAGE_KEY, asked);
    } catch {
      // Not kept: this page still opens in it.
    }
    return asked;
  }
  try {
    const kept = storage.getItem(LANGUAGE_KEY);
    return isUiLanguage(kept) ? kept : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `path` as a learner reading `language` asks for it: a catalogue read answers its names in that
 * language (`lang`, the last query parameter, so the edge caches one answer per language);
 * English is the catalogue's own and adds nothing.
 */
export function withLanguage(path: string, language: UiLanguage | undefined): string {
  if (!language || language === 'en') return path;
  return `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;
}
