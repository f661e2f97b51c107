import { ulid } from 'ulid';
import {
  CATALOGUE_INPUT_MESSAGES,
  CATALOGUE_TREE,
  parentMissingMessage,
  type CatalogueEntity,
  type InputOf,
  type RecordOf,
  type Translations,
} from '@gia/shared';
import { getRecord, listByParent } from '../db/catalogue.ts';
import { ValidationError } from '../lib/errors.ts';

/** An optional field: the new value when sent, else the stored one, else the default. */
const kept = <T>(sent: T | undefined, stored: T | undefined, fallback: T): T =>
  sent !== undefined ? sent : stored !== undefined ? stored : fallback;

/** `{ [key]: value }`, or nothing when the value is undefined (an attribute never given). */
const optional = <K extends string, T>(key: K, value: T | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, T>>;

/**
 * The translations to store (issue 33): the ones sent, without blank fields or languages left
 * with none; when none are sent, the stored ones.
 */
function translationsOf(
  sent: Record<string, Record<string, string | undefined> | undefined> | undefined,
  stored: Translations | undefined,
): { translations?: Translations } {
  if (sent === undefined) return optional('translations', stored);
  const given: Translations = {};
  for (const [language, fields] of Object.entries(sent)) {
    const texts = Object.entries(fields ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    );
    if (texts.length) given[language as keyof Translations] = Object.fromEntries(texts);
  }
  return Object.keys(given).length ? { translations: given } : {};
}

/** The parent a payload names, which must exist (else `400` with the contract's message). */
async function requireParent<P extends CatalogueEntity>(
  entity: P,
  id: string,
): Promise<RecordOf<P>> {
  const parent = await getRecord({ entity, id });
  if (parent) return parent;
  const field = CATALOGUE_TREE[entity].id;
  const message = parentMissingMessage(field);
  throw new ValidationError(message, [{ field, message }]);
}

/** The next serial number in a chapter (one more than the highest). */
async function nextSerial(chapterId: string): Promise<number> {
  const last = await listByParent('topic', chapterId, { limit: 1, forward: false });
  return (last.items[0]?.serial_no ?? 0) + 1;
}

/** What the server sets on every record: its id, the admin's name and the time. */
interface Made {
  id: string;
  by: string;
  now: string;
}

type Builder<E extends CatalogueEntity> = (
  input: InputOf<E>,
  existing: RecordOf<E> | undefined,
  made: Made,
) => Promise<RecordOf<E>> | RecordOf<E>;

/**
 * How each entity turns validated input into the stored record: server-set ids, creator and
 * dates, ancestor ids derived from the parent, and the specification's field names.
 */
const BUILDERS: { [E in CatalogueEntity]: Builder<E> } = {
  board: (input, existing, { id, by, now }) => ({
    board_id: id,
    board_name: input.board_name,
    image_url: kept(input.image_url, existing?.image_url, ''),
    free_course: kept(input.free_course, existing?.free_course, false),
    board_created_by: existing?.board_created_by ?? by,
    created_at: existing?.created_at ?? now,
    updated_at: now,
    ...translationsOf(input.translations, existing?.translations),
  }),

  class: async (input, existing, { id, by, now }) => {
    await requireParent('board', input.board_id);
    const image = kept(input.image_url, existing?.class_image_url, '');
    return {
      class_id: id,
      class_name: input.class_name,
      board_id: input.board_id,
      class_price: input.price,
      class_image_url: image,
      image_url: image,
      free_course: kept(input.free_course, existing?.free_course, false),
      description: kept(input.description, existing?.description, ''),
      medium: kept(input.medium, existing?.medium, 'english'),
      class_created_by: existing?.class_created_by ?? by,
      class_created_at: existing?.class_created_at ?? now,
      updated_at: now,
      ...translationsOf(input.translations, existing?.translations),
    };
  },

  subject: async (input, existing, { id, by, now }) => {
    const cls = await requireParent('class', input.class_id);
    return {
      subject_id: id,
      subject_name: input.subject_name,
      class_id: input.class_id,
      board_id: cls.board_id,
      subject_price: input.price,
      subject_image_url: kept(input.image_url, existing?.subject_image_url, ''),
      free_course: kept(input.free_course, existing?.free_course, false),
      medium: kept(input.medium, existing?.medium, 'english'),
      subject_created_by: existing?.subject_created_by ?? by,
      subject_created_date: existing?.subject_created_date ?? now,
      updated_at: now,
      ...translationsOf(input.translations, existing?.translations),
    };
  },

  'sub-subject': async (input, existing, { id, by, now }) => {
    const subject = await requireParent('subject', input.subject_id);
    const image = kept(input.image_url, existing?.sub_subject_image_url, '');
    return {
      sub_subject_id: id,
      sub_subject_name: input.sub_subject_name,
      subject_id: input.subject_id,
      class_id: subject.class_id,
      board_id: subject.board_id,
      sub_subject_price: input.price,
      sub_subject_image_url: image,
      subject_image_url: image,
      free_course: kept(input.free_course, existing?.free_course, false),
      sub_subject_created_by: existing?.sub_subject_created_by ?? by,
      sub_subject_created_date: existing?.sub_subject_created_date ?? now,
      updated_at: now,
      ...translationsOf(input.translations, existing?.translations),
    };
  },

  chapter: async (input, existing, { id, by, now }) => {
    const subject = await requireParent('subject', input.subject_id);
    const subSubjectId = input.sub_subject_id ?? '';
    if (subSubjectId) {
      const sub = await requireParent('sub-subject', subSubjectId);
      if (sub.subject_id !== input.subject_id) {
        const message = CATALOGUE_INPUT_MESSAGES.subSubjectElsewhere;
        throw new ValidationError(message, [{ field: 'sub_subject_id', message }]);
      }
    }
    return {
      chapter_id: id,
      chapter_name: input.chapter_name,
      subject_id: input.subject_id,
      sub_subject_id: subSubjectId,
      class_id: subject.class_id,
      board_id: subject.board_id,
      serial_no: input.serial_no,
      chapter_description: input.description,
      chapter_image_url: kept(input.image_url, existing?.chapter_image_url, ''),
      chapter_created_by: existing?.chapter_created_by ?? by,
      chapter_created_date: existing?.chapter_created_date ?? now,
      updated_at: now,
      ...translationsOf(input.translations, existing?.translations),
    };
  },

  topic: async (input, existing, { id, by, now }) => {
    const chapter = await requireParent('chapter', input.chapter_id);
    const movedChapter = existing && existing.chapter_id !== input.chapter_id;
    const serial =
      input.serial_no ??
      (existing && !movedChapter ? existing.serial_no : await nextSerial(input.chapter_id));
    return {
      topic_id: id,
      topic_name: input.topic_name,
      topic_description: kept(input.topic_description, existing?.topic_description, ''),
      chapter_id: input.chapter_id,
      sub_subject_id: chapter.sub_subject_id,
      subject_id: chapter.subject_id,
      class_id: chapter.class_id,
      board_id: chapter.board_id,
      video_url: kept<string | null>(input.video_url, existing?.video_url, ''),
      notes_url: kept<string | null>(input.notes_url, existing?.notes_url, ''),
      image_url: kept(input.image_url, existing?.image_url, ''),
      author: input.author,
      status: kept(input.status, existing?.status, 'Active'),
      language: kept(input.language, existing?.language, 'english'),
      // A topic is paid unless the admin makes it free: a missing field never gives a lesson away.
      free_to_watch: kept(input.free_to_watch, existing?.free_to_watch, '2'),
      serial_no: serial,
      // Left out when never given: DynamoDB takes no undefined attribute.
      ...optional('duration_seconds', input.duration_seconds ?? existing?.duration_seconds),
      qna: kept(input.qna, existing?.qna, ''),
      comments: kept(input.comments, existing?.comments, ''),
      topic_created_by: existing?.topic_created_by ?? by,
      created_date: existing?.created_date ?? now,
      updated_at: now,
      ...translationsOf(input.translations, existing?.translations),
    };
  },

  'about-subject': async (input, existing, { id, by, now }) => {
    const sub = await requireParent('sub-subject', input.sub_subject_id);
    return {
      about_subject_id: id,
      sub_subject_id: input.sub_subject_id,
      subject_id: sub.subject_id,
      class_id: sub.class_id,
      board_id: sub.board_id,
      video_url: kept<string | null>(input.video_url, existing?.video_url, ''),
      notes_url: kept<string | null>(input.notes_url, existing?.notes_url, ''),
      comments: kept(input.comments, existing?.comments, ''),
      author: kept(input.author, existing?.author, ''),
      status: kept(input.status, existing?.status, 'Active'),
      language: kept(input.language, existing?.language, 'english'),
      created_by: existing?.created_by ?? by,
      created_date: existing?.created_date ?? now,
      updated_at: now,
    };
  },

  testimonial: (input, existing, { id, now }) => ({
    id,
    name: input.name,
    designation: kept(input.designation, existing?.designation, ''),
    description: input.description,
    image_url: input.image_url,
    created_at: existing?.created_at ?? now,
    updated_at: now,
    ...translationsOf(input.translations, existing?.translations),
  }),
};

/**
 * The record to store for validated input: a new one (new id) or, with `existing`, its
 * replacement (same id, creator and creation date).
 */
export async function buildRecord<E extends CatalogueEntity>(
  entity: E,
  input: InputOf<E>,
  existing: { id: string; record: RecordOf<E> } | undefined,
  adminName: string,
): Promise<RecordOf<E>> {
  const build: Builder<E> = BUILDERS[entity];
  const made = { id: existing?.id ?? ulid(), by: adminName, now: new Date().toISOString() };
  return build(input, existing?.record, made);
}
