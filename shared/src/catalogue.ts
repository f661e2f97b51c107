import * as z from 'zod/mini';
import { optionalId, requiredId } from './ids.ts';
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

/** `free_to_watch`: "1" is Yes (the default), "2" is No. */
export const FREE_TO_WATCH = ['1', '2'] as const;

export const MAX_PRICE = 1_000_000;

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
    z.optional(
      z.string({ error: 'Must be text.' }).check(z.maxLength(max, { error: 'Too long.' })),
    ),
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
        error: (issue) => (issue.input === undefined ? missing : 'Price must be a number.'),
      })
      .check(
        z.minimum(0, { error: `Price must be between 0 and ${MAX_PRICE}.` }),
        z.maximum(MAX_PRICE, { error: `Price must be between 0 and ${MAX_PRICE}.` }),
        z.refine((v) => v === 0 || (v >= 1 && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6), {
          error: 'Price must be 0 (free) or at least ₹1, with at most 2 decimals.',
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
  z.optional(z.boolean({ error: 'free_course must be true or false.' })),
);

const ALL_REQUIRED = 'All fields are required.';
/** A parent id that is not even shaped like one: it cannot exist. */
const PARENT_INVALID = 'The selected parent does not exist.';

export const BoardInput = z.object({
  board_name: required('Board Name is required.', 100),
  image_url: optionalText(),
  free_course: freeCourse,
});

export const ClassInput = z.object({
  class_name: required(ALL_REQUIRED),
  board_id: requiredId(ALL_REQUIRED, PARENT_INVALID),
  price: price(ALL_REQUIRED),
  image_url: optionalText(),
  free_course: freeCourse,
  description: optionalText(),
});

export const SubjectInput = z.object({
  subject_name: required(ALL_REQUIRED),
  class_id: requiredId(ALL_REQUIRED, PARENT_INVALID),
  price: price(ALL_REQUIRED),
  image_url: optionalText(),
  free_course: freeCourse,
});

export const SubSubjectInput = z.object({
  sub_subject_name: required(ALL_REQUIRED),
  subject_id: requiredId(ALL_REQUIRED, PARENT_INVALID),
  price: price(ALL_REQUIRED),
  image_url: optionalText(),
  free_course: freeCourse,
});

const serialChecks = () =>
  [
    z.int({ error: 'Serial No must be a whole number.' }),
    z.minimum(0, { error: 'Serial No must not be negative.' }),
    z.maximum(999_999),
  ] as const;

const serialNo = (missing?: string) =>
  preprocess(
    numeric,
    missing
      ? z
          .number({
            error: (i) => (i.input === undefined ? missing : 'Serial No must be a number.'),
          })
          .check(...serialChecks())
      : z.optional(z.number({ error: 'Serial No must be a number.' }).check(...serialChecks())),
  );

export const ChapterInput = z.object({
  chapter_name: required(ALL_REQUIRED),
  subject_id: requiredId(ALL_REQUIRED, PARENT_INVALID),
  sub_subject_id: optionalId(PARENT_INVALID),
  serial_no: serialNo(ALL_REQUIRED),
  description: required(ALL_REQUIRED),
  image_url: optionalText(),
});

const TOPIC_REQUIRED = 'Chapter, topic name and author are required.';

const status = z.optional(z.enum(STATUSES, { error: 'Status must be Active or Inactive.' }));
const language = z.optional(
  preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(LANGUAGES, { error: 'Unknown language.' }),
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
      z.enum(FREE_TO_WATCH, { error: 'free_to_watch must be "1" or "2".' }),
    ),
  ),
  serial_no: serialNo(),
});

export const AboutSubjectInput = z.object({
  sub_subject_id: requiredId('Sub Subject is required.', PARENT_INVALID),
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
});

/** The parent filters that catalogue lists take as query parameters (each optional). */
export const CatalogueListQuery = z.object({
  board_id: optionalId(),
  class_id: optionalId(),
  subject_id: optionalId(),
  sub_subject_id: optionalId(),
  chapter_id: optionalId(),
});
export type CatalogueListQuery = z.infer<typeof CatalogueListQuery>;

/** The id field that an update adds to each entity's payload. */
const withId = <S extends z.ZodMiniObject>(schema: S, idField: string, label: string) =>
  z.extend(schema, { [idField]: requiredId(`${label} id is required.`, `${label} not found.`) });

export const CATALOGUE_INPUTS = {
  board: {
    insert: BoardInput,
    update: withId(BoardInput, 'board_id', 'Board'),
    idField: 'board_id',
  },
  class: {
    insert: ClassInput,
    update: withId(ClassInput, 'class_id', 'Class'),
    idField: 'class_id',
  },
  subject: {
    insert: SubjectInput,
    update: withId(SubjectInput, 'subject_id', 'Subject'),
    idField: 'subject_id',
  },
  'sub-subject': {
    insert: SubSubjectInput,
    update: withId(SubSubjectInput, 'sub_subject_id', 'Sub Subject'),
    idField: 'sub_subject_id',
  },
  chapter: {
    insert: ChapterInput,
    update: withId(ChapterInput, 'chapter_id', 'Chapter'),
    idField: 'chapter_id',
  },
  topic: {
    insert: TopicInput,
    update: withId(TopicInput, 'topic_id', 'Topic'),
    idField: 'topic_id',
  },
  'about-subject': {
    insert: AboutSubjectInput,
    update: withId(AboutSubjectInput, 'about_subject_id', 'About subject'),
    idField: 'about_subject_id',
  },
  testimonial: {
    insert: TestimonialInput,
    update: withId(TestimonialInput, 'id', 'Testimonial'),
    idField: 'id',
  },
} as const;

export type CatalogueEntity = keyof typeof CATALOGUE_INPUTS;

/** Success and refusal texts of the catalogue (CONTRACT section 4). */
export const CATALOGUE_MESSAGES: Record<
  CatalogueEntity,
  {
    added: string;
    updated: string;
    deleted: string;
    label: string;
    hasChildren?: string;
    notFound: string;
  }
> = {
  board: {
    label: 'Board',
    added: 'Board added successfully.',
    updated: 'Board updated successfully.',
    deleted: 'Board successfully deleted.',
    hasChildren: 'Please delete all the classes associated with this board first.',
    notFound: 'Board not found.',
  },
  class: {
    label: 'Class',
    added: 'Class added successfully.',
    updated: 'Class updated successfully.',
    deleted: 'Class successfully deleted.',
    hasChildren: 'Please delete all subjects associated with this class first.',
    notFound: 'Class not found.',
  },
  subject: {
    label: 'Subject',
    added: 'Subject added successfully.',
    updated: 'Subject updated successfully.',
    deleted: 'Subject successfully deleted.',
    hasChildren: 'Please delete all sub-subjects associated with this subject first.',
    notFound: 'Subject not found.',
  },
  'sub-subject': {
    label: 'Sub Subject',
    added: 'Sub Subject added successfully.',
    updated: 'Sub Subject updated successfully.',
    deleted: 'Sub Subject successfully deleted.',
    hasChildren: 'Please delete subject details associated with this sub subject first.',
    notFound: 'Sub Subject not found.',
  },
  chapter: {
    label: 'Chapter',
    added: 'Chapter added successfully.',
    updated: 'Chapter updated successfully.',
    deleted: 'Chapter successfully deleted.',
    hasChildren: 'Please delete subject details associated with this chapter first.',
    notFound: 'Chapter not found.',
  },
  topic: {
    label: 'Topic',
    added: 'Topic added successfully.',
    updated: 'Topic updated successfully.',
    deleted: 'Topic successfully deleted.',
    notFound: 'Topic not found.',
  },
  'about-subject': {
    label: 'About subject',
    added: 'About subject added successfully.',
    updated: 'About subject updated successfully.',
    deleted: 'About subject has been successfully deleted.',
    notFound: 'About subject not found.',
  },
  testimonial: {
    label: 'Testimonial',
    added: 'Testimonial added successfully.',
    updated: 'Testimonial updated successfully.',
    deleted: 'Testimonial has been successfully deleted.',
    notFound: 'Testimonial not found.',
  },
};

export const BOARD_NAME_TAKEN = 'This board name already exists.';
export const PARENT_MISSING: Record<string, string> = {
  board_id: 'The selected board does not exist.',
  class_id: 'The selected class does not exist.',
  subject_id: 'The selected subject does not exist.',
  sub_subject_id: 'The selected sub-subject does not exist.',
  chapter_id: 'The selected chapter does not exist.',
};
