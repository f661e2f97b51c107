import * as z from 'zod/mini';
import {
  CATALOGUE_TREE,
  PARENT_ID_FIELDS,
  type CatalogueEntity,
  type IdField,
  type ParentIdField,
} from './catalogue-tree.ts';
import { CATALOGUE_INPUT_MESSAGES as I, MAX_PRICE } from './catalogue-messages.ts';
import { optionalId, requiredId } from './ids.ts';
import {
  LANG_INVALID,
  TRANSLATED_FIELDS,
  TRANSLATION_LANGUAGES,
  UI_LANGUAGES,
} from './languages.ts';
import { preprocess } from './zod.ts';

/** Languages of topics and about-subject records, in the specification's two groups. */
export const LANGUAGE_GROUPS = {
  Indian: [
    'hindi',
    'tamil',
    'telugu',
    'marathi',
    'bengali',
    'malayalam',
    'punjabi',
    'gujarati',
    'kannada',
    'urdu',
  ],
  Global: [
    'english',
    'french',
    'spanish',
    'german',
    'italian',
    'dutch',
    'portuguese',
    'russian',
    'japanese',
    'chinese',
  ],
} as const;
export const LANGUAGES = [...LANGUAGE_GROUPS.Indian, ...LANGUAGE_GROUPS.Global] as const;
export type Language = (typeof LANGUAGES)[number];

export const STATUSES = ['Active', 'Inactive'] as const;
export type Status = (typeof STATUSES)[number];

/** `free_to_watch`: "1" is Yes, "2" is No (the default: a topic is paid unless made free). */
export const FREE_TO_WATCH = ['1', '2'] as const;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** A required text: trimmed, and blank counts as missing. */
const required = (message: string, max = 2000) =>
  preprocess(
    trimmed,
    z.string({ error: message }).check(z.minLength(1, { error: message }), z.maxLength(max)),
  );

/** An optional text; blank means "none". */
const optionalText = (max = 5000) =>
  preprocess(
    (v) => (v === null ? '' : trimmed(v)),
    z.optional(z.string({ error: I.mustBeText }).check(z.maxLength(max, { error: I.tooLong }))),
  );

/** A number or a numeric string; blank is missing. */
const numeric = (v: unknown) =>
  typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v;

/** Rupees: a number or a numeric string, 0 to 1,000,000. Blank is missing. */
const price = (missing: string) =>
  preprocess(
    numeric,
    z
      .number({
        error: (issue) => (issue.input === undefined ? missing : I.priceNumber),
      })
      .check(
        z.minimum(0, { error: I.priceRange }),
        z.maximum(MAX_PRICE, { error: I.priceRange }),
        z.refine((v) => v === 0 || (v >= 1 && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6), {
          error: I.priceSteps,
        }),
      ),
  );

/** `true`/`false`, also `1`/`0` and their strings. */
export const freeCourse = preprocess(
  (v) => {
    if (v === 1 || v === '1' || v === 'true') return true;
    if (v === 0 || v === '0' || v === 'false' || v === '' || v === null) return false;
    return v;
  },
  z.optional(z.boolean({ error: I.freeCourse })),
);

const ALL_REQUIRED = I.allRequired;
/** A parent id that is not even shaped like one: it cannot exist. */
const PARENT_INVALID = I.parentInvalid;

/** A record's language field (a topic's, an about-subject's): a known language, any case. */
const languageOf = (error: string) =>
  z.optional(
    preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(LANGUAGES, { error }),
    ),
  );

/** A class's or subject's medium of instruction (issue 33); English when never given. */
const medium = languageOf(I.mediumUnknown);

const TRANSLATIONS_INVALID = I.translationsInvalid;

/**
 * A record's translations (issue 33): for `kn` and `hi`, its translated fields (the entity's
 * `TRANSLATED_FIELDS`); a blank one has none. Sent, they replace the record's; left out, the
 * stored ones stay.
 */
const translationsOf = (fields: readonly string[]) => {
  const texts = z.strictObject(Object.fromEntries(fields.map((field) => [field, optionalText()])), {
    error: TRANSLATIONS_INVALID,
  });
  return z.optional(
    z.strictObject(
      Object.fromEntries(TRANSLATION_LANGUAGES.map((lang) => [lang, z.optional(texts)])),
      { error: TRANSLATIONS_INVALID },
    ),
  );
};

export const BoardInput = z.object({
  board_name: required(I.boardNameRequired, 100),
  image_url: optionalText(),
  free_course: freeCourse,
  translations: translationsOf(TRANSLATED_FIELDS.board),
});

export const ClassInput = z.object({
  class_name: required(ALL_REQUIRED),
  board_id: requiredId(ALL_REQUIRED, PARENT_INVALID),
  price: price(ALL_REQUIRED),
  image_url: optionalText(),
  free_course: freeCourse,
  description: optionalText(),
  medium,
  translations: translationsOf(TRANSLATED_FIELDS.class),
});

export const SubjectInput = z.object({
  subject_name: required(ALL_REQUIRED),
  class_id: requiredId(ALL_REQUIRED, PARENT_INVALID),
  price: price(ALL_REQUIRED),
  image_url: optionalText(),
  free_course: freeCourse,
  medium,
  translations: translationsOf(TRANSLATED_FIELDS.subject),
});

export const SubSubjectInput = z.object({
  sub_subject_name: required(ALL_REQUIRED),
  subject_id: requiredId(ALL_REQUIRED, PARENT_INVALID),
  price: price(ALL_REQUIRED),
  image_url: optionalText(),
  free_course: freeCourse,
  translations: translationsOf(TRANSLATED_FIELDS['sub-subject']),
});

const serialChecks = () =>
  [
    z.int({ error: I.serialWhole }),
    z.minimum(0, { error: I.serialNegative }),
    z.maximum(999_999),
  ] as const;

/** A required serial number. */
const serialNo = (missing: string) =>
  preprocess(
    numeric,
    z
      .number({ error: (i) => (i.input === undefined ? missing : I.serialNumber) })
      .check(...serialChecks()),
  );

/** An optional serial number (a topic's defaults to the next in its chapter). */
const optionalSerialNo = () =>
  preprocess(numeric, z.optional(z.number({ error: I.serialNumber }).check(...serialChecks())));

export const ChapterInput = z.object({
  chapter_name: required(ALL_REQUIRED),
  subject_id: requiredId(ALL_REQUIRED, PARENT_INVALID),
  sub_subject_id: optionalId(PARENT_INVALID),
  serial_no: serialNo(ALL_REQUIRED),
  description: required(ALL_REQUIRED),
  image_url: optionalText(),
  translations: translationsOf(TRANSLATED_FIELDS.chapter),
});

const TOPIC_REQUIRED = I.topicRequired;

const status = z.optional(z.enum(STATUSES, { error: I.statusInvalid }));
const language = languageOf(I.languageUnknown);

/** The longest topic video whose length is recorded: a day, in seconds. */
export const MAX_DURATION_SECONDS = 86_400;
const DURATION_INVALID = I.durationInvalid;

/** A topic video's length in whole seconds (optional; blank is none). */
const durationSeconds = preprocess(
  numeric,
  z.optional(
    z
      .number({ error: DURATION_INVALID })
      .check(
        z.int({ error: DURATION_INVALID }),
        z.minimum(0, { error: DURATION_INVALID }),
        z.maximum(MAX_DURATION_SECONDS, { error: DURATION_INVALID }),
      ),
  ),
);

export const TopicInput = z.object({
  chapter_id: requiredId(TOPIC_REQUIRED, PARENT_INVALID),
  topic_name: required(TOPIC_REQUIRED),
  author: required(TOPIC_REQUIRED),
  topic_description: optionalText(),
  video_url: optionalText(),
  notes_url: optionalText(),
  image_url: optionalText(),
  comments: optionalText(),
  qna: optionalText(),
  status,
  language,
  free_to_watch: z.optional(
    preprocess(
      (v) => (typeof v === 'number' ? String(v) : v),
      z.enum(FREE_TO_WATCH, { error: I.freeToWatchInvalid }),
    ),
  ),
  serial_no: optionalSerialNo(),
  duration_seconds: durationSeconds,
  translations: translationsOf(TRANSLATED_FIELDS.topic),
});

export const AboutSubjectInput = z.object({
  sub_subject_id: requiredId(I.subSubjectRequired, PARENT_INVALID),
  video_url: optionalText(),
  notes_url: optionalText(),
  comments: optionalText(),
  author: optionalText(200),
  status,
  language,
});

export const TestimonialInput = z.object({
  name: required(ALL_REQUIRED),
  designation: optionalText(200),
  description: required(ALL_REQUIRED),
  image_url: required(ALL_REQUIRED),
  translations: translationsOf(TRANSLATED_FIELDS.testimonial),
});

/**
 * The parent filters that catalogue lists take as query parameters (each optional): any parent's
 * id, as a record carries every ancestor's id.
 */
export const CatalogueListQuery = z.object(
  Object.fromEntries(PARENT_ID_FIELDS.map((field) => [field, optionalId()])) as Record<
    ParentIdField,
    ReturnType<typeof optionalId>
  >,
);
export type CatalogueListQuery = z.infer<typeof CatalogueListQuery>;

/**
 * What the learners' catalogue reads take besides their filters (issue 33): `lang`, the language
 * to answer names and descriptions in (English where a record has no translation), and `medium`,
 * to list only the classes or subjects taught in it. Both in the query, so the edge caches each.
 */
export const CatalogueReadQuery = z.object({
  lang: z.optional(z.enum(UI_LANGUAGES, { error: LANG_INVALID })),
  medium,
});
export type CatalogueReadQuery = z.infer<typeof CatalogueReadQuery>;

/** The id field that an update adds to each entity's payload. */
const withId = <S extends z.ZodMiniObject, K extends string>(
  schema: S,
  idField: K,
  label: string,
) =>
  z.extend(schema, {
    [idField]: requiredId(`${label} id is required.`, `${label} not found.`),
  } as Record<K, ReturnType<typeof requiredId>>);

/** An entity's insert payload, and its update payload (the insert's plus the id field). */
const inputsOf = <E extends CatalogueEntity, S extends z.ZodMiniObject>(entity: E, insert: S) => {
  const { id, label }: { id: IdField<E>; label: string } = CATALOGUE_TREE[entity];
  return { insert, update: withId(insert, id, label), idField: id };
};

/** The payloads of each entity's admin insert and update. */
export const CATALOGUE_INPUTS = {
  board: inputsOf('board', BoardInput),
  class: inputsOf('class', ClassInput),
  subject: inputsOf('subject', SubjectInput),
  'sub-subject': inputsOf('sub-subject', SubSubjectInput),
  chapter: inputsOf('chapter', ChapterInput),
  topic: inputsOf('topic', TopicInput),
  'about-subject': inputsOf('about-subject', AboutSubjectInput),
  testimonial: inputsOf('testimonial', TestimonialInput),
} satisfies Record<CatalogueEntity, unknown>;

/** An entity's validated insert payload (an update's adds the id field). */
export type InputOf<E extends CatalogueEntity> = z.infer<(typeof CATALOGUE_INPUTS)[E]['insert']>;

export * from './catalogue-messages.ts';
