import type { CatalogueEntity } from './catalogue-tree.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';

/*
 * The product's languages (issue 33): the interface speaks English, Kannada and Hindi, and the
 * catalogue's records may carry their names and descriptions in Kannada and Hindi beside the
 * English. No zod here: the public reads and the web's main chunk use these.
 */

/** The languages of the interface, by their BCP 47 code. English is the catalogue's own. */
export const UI_LANGUAGES = ['en', 'kn', 'hi'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** The languages a catalogue record may be translated into (English is the record itself). */
export const TRANSLATION_LANGUAGES = ['kn', 'hi'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** Each language by its own name, as a learner who reads it looks for it. */
export const LANGUAGE_NAMES: Record<UiLanguage, string> = {
  en: 'English',
  kn: 'ಕನ್ನಡ',
  hi: 'हिन्दी',
};

/**
 * "Choose your language" in each language, as the first visit's choice says it (in every
 * language at once: the visitor may read only one of them).
 */
export const LANGUAGE_PROMPTS: Record<UiLanguage, string> = {
  en: 'Choose your language',
  kn: 'ಭಾಷೆ ಆಯ್ಕೆಮಾಡಿ',
  hi: 'भाषा चुनें',
};

/** The `Intl` locale of each language: India's grouping (₹1,00,000) and calendar words. */
export const LOCALES: Record<UiLanguage, string> = { en: 'en-IN', kn: 'kn-IN', hi: 'hi-IN' };

/** The answer to a language field naming one the product does not speak. */
export const languageInvalid = (field: string) =>
  VALIDATION_MESSAGES.oneOfList(field, UI_LANGUAGES.join(', '));

/** The answer to a `lang` the product does not speak. */
export const LANG_INVALID = languageInvalid('lang');

export const isTranslationLanguage = (value: unknown): value is TranslationLanguage =>
  typeof value === 'string' && (TRANSLATION_LANGUAGES as readonly string[]).includes(value);

export const isUiLanguage = (value: unknown): value is UiLanguage =>
  typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);

/**
 * The fields of each entity a translation may give, by the names the API answers them with: what
 * a learner reads (names, descriptions, a testimonial's words), never ids, media or an author.
 */
export const TRANSLATED_FIELDS = {
  board: ['board_name'],
  class: ['class_name', 'description'],
  subject: ['subject_name'],
  'sub-subject': ['sub_subject_name'],
  chapter: ['chapter_name', 'chapter_description'],
  topic: ['topic_name', 'topic_description'],
  'about-subject': [],
  testimonial: ['designation', 'description'],
} as const satisfies Record<CatalogueEntity, readonly string[]>;

/** A record's translations: per language, the translated fields it has (each a non-blank text). */
export type Translations = Partial<Record<TranslationLanguage, Record<string, string>>>;

/**
 * A record as a reader of `language` sees it: each field its translation gives, in that
 * language, the others in English; without its `translations` (the back office reads those).
 */
export function inLanguage<R extends object>(record: R, language: UiLanguage): R {
  const { translations, ...rest } = record as R & { translations?: Translations };
  const given = language === 'en' ? undefined : translations?.[language];
  if (!given) return rest as R;
  const shown: Record<string, unknown> = rest;
  for (const [field, text] of Object.entries(given)) {
    // Only a field the record has as text: a translation never adds or retypes one.
    if (typeof shown[field] === 'string' && typeof text === 'string' && text.trim() !== '') {
      shown[field] = text;
    }
  }
  return shown as R;
}

/** The letters of each Indian script the product speaks (Unicode blocks). */
const SCRIPTS: [UiLanguage, RegExp][] = [
  ['kn', /[\u0C80-\u0CFF]/gu],
  ['hi', /[\u0900-\u097F]/gu],
];

/**
 * The language a text is written in, by its script: Kannada or Hindi (Devanagari) when it holds
 * their letters (the script with more of them), else `undefined` (Latin letters may be English,
 * or Kannada or Hindi typed in Latin letters).
 */
export function scriptLanguage(text: string): UiLanguage | undefined {
  let best: UiLanguage | undefined;
  let most = 0;
  for (const [language, letters] of SCRIPTS) {
    const count = text.match(letters)?.length ?? 0;
    if (count > most) [best, most] = [language, count];
  }
  return best;
}
