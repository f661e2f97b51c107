import {
  TRANSLATED_FIELDS,
  TRANSLATION_LANGUAGES,
  type CatalogueEntity,
  type TranslationLanguage,
  type Translations,
} from '@gia/shared';
import type { Rec } from './api/catalogue.ts';

/*
 * A catalogue record's translations in the back office (issue 33): what the side-by-side inputs
 * hold, what a save sends, and the marks a list shows. The fields come from `TRANSLATED_FIELDS`.
 */

/** What the translation inputs of a form hold: per language, per translated field, the text. */
export type TranslationValues = Record<TranslationLanguage, Record<string, string>>;

/** The fields of an entity that a translation may give (none for an about-subject record). */
export const translatedFieldsOf = (entity: CatalogueEntity): readonly string[] =>
  TRANSLATED_FIELDS[entity];

/** The key of one translation input, as the server names it in a refusal's `details[].field`. */
export const translationKey = (language: TranslationLanguage, field: string) =>
  `translations.${language}.${field}`;

/** Every translation input's key of an entity, for placing the server's problems. */
export const translationKeysOf = (entity: CatalogueEntity): string[] =>
  TRANSLATION_LANGUAGES.flatMap((language) =>
    translatedFieldsOf(entity).map((field) => translationKey(language, field)),
  );

const isText = (v: unknown): v is string => typeof v === 'string';
const filled = (v: unknown): v is string => isText(v) && v.trim() !== '';

/** The stored translations of a record (an admin read answers them), or none. */
const storedOf = (record: Rec | null | undefined): Translations =>
  (record?.translations && typeof record.translations === 'object'
    ? record.translations
    : {}) as Translations;

/** The inputs' values for a record being edited (empty for a new one). */
export function translationValuesOf(
  entity: CatalogueEntity,
  record: Rec | null | undefined,
): TranslationValues {
  const stored = storedOf(record);
  const values = {} as TranslationValues;
  for (const language of TRANSLATION_LANGUAGES) {
    const given = stored[language] ?? {};
    values[language] = Object.fromEntries(
      translatedFieldsOf(entity).map((field) => [field, isText(given[field]) ? given[field] : '']),
    );
  }
  return values;
}

/**
 * The `translations` a save sends: each language with its filled fields, trimmed; a language
 * with none is left out. Sent on an update even when empty (`{}`), as the server then stores
 * exactly these, so a cleared translation is cleared.
 */
export function translationsPayload(
  entity: CatalogueEntity,
  values: TranslationValues,
): Translations {
  const payload: Translations = {};
  for (const language of TRANSLATION_LANGUAGES) {
    const texts = translatedFieldsOf(entity)
      .map((field) => [field, values[language]?.[field]] as const)
      .filter((entry): entry is readonly [string, string] => filled(entry[1]))
      .map(([field, text]) => [field, text.trim()]);
    if (texts.length) payload[language] = Object.fromEntries(texts);
  }
  return payload;
}

/** The languages a record is translated into (a language with at least one filled field). */
export const translatedInto = (record: Rec): TranslationLanguage[] => {
  const stored = storedOf(record);
  return TRANSLATION_LANGUAGES.filter((language) =>
    Object.values(stored[language] ?? {}).some(filled),
  );
};

/** Each language's mark in a list's "translated into" marker ("ಕ · हि"): its first letter. */
export const LANGUAGE_MARKS: Record<TranslationLanguage, string> = { kn: 'ಕ', hi: 'हि' };

/** The languages' names in English, for the marker's words to a screen reader. */
export const LANGUAGE_ENGLISH_NAMES: Record<TranslationLanguage, string> = {
  kn: 'Kannada',
  hi: 'Hindi',
};

/**
 * The translated field a form input edits in English, if any: the input's record field (its
 * `storedAs`, else its name) when the entity's translations give it.
 */
export const translatedFieldOf = (
  entity: CatalogueEntity,
  input: { name: string; storedAs?: string },
): string | undefined =>
  translatedFieldsOf(entity).find((f) => f === (input.storedAs ?? input.name));
