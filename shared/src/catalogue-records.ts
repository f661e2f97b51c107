import * as z from 'zod/mini';
import { FREE_TO_WATCH, LANGUAGES, STATUSES } from './catalogue.ts';
import type { CatalogueEntity } from './catalogue-tree.ts';
import { VideoFields, VideoState } from './video.ts';

/*
 * The catalogue's records as the API answers them, one schema per entity of the tree: web and
 * functions share their types (`RecordOf<E>`).
 */

/** The current name of a record's ancestor, shown with it (`null` once the ancestor is gone). */
const shownName = z.optional(z.nullable(z.string()));
/** A class's or subject's rating, shown in public lists once it has a review. */
const shownRating = z.optional(
  z.nullable(z.object({ average_rating: z.number(), review_count: z.number() })),
);
/** Back-office fields: answered to admins, left out of public answers. */
const adminOnly = z.optional(z.string());
/** A media url: signed for a caller who may open it, else `null`. */
const mediaUrl = z.nullable(z.string());
/**
 * The record's translations (issue 33): per language (`kn`, `hi`), its translated fields. Admin
 * reads only: a learner's read answers the fields themselves in the language it asks for.
 */
const translations = z.optional(z.record(z.string(), z.record(z.string(), z.string())));
/** A class's or subject's medium of instruction (`english` where never given). */
const medium = z.optional(z.enum(LANGUAGES));

/** A board as the API answers it. */
export const BoardRecord = z.object({
  board_id: z.string(),
  board_name: z.string(),
  image_url: z.string(),
  free_course: z.boolean(),
  board_created_by: adminOnly,
  created_at: z.string(),
  updated_at: adminOnly,
  translations,
});

/** A class as the API answers it. */
export const ClassRecord = z.object({
  class_id: z.string(),
  class_name: z.string(),
  board_id: z.string(),
  class_price: z.number(),
  class_image_url: z.string(),
  image_url: z.string(),
  free_course: z.boolean(),
  description: z.string(),
  medium,
  class_created_by: adminOnly,
  class_created_at: z.string(),
  updated_at: adminOnly,
  translations,
  board_name: shownName,
  rating: shownRating,
});

/** A subject as the API answers it. */
export const SubjectRecord = z.object({
  subject_id: z.string(),
  subject_name: z.string(),
  class_id: z.string(),
  board_id: z.string(),
  subject_price: z.number(),
  subject_image_url: z.string(),
  free_course: z.boolean(),
  medium,
  subject_created_by: adminOnly,
  subject_created_date: z.string(),
  updated_at: adminOnly,
  translations,
  class_name: shownName,
  board_name: shownName,
  rating: shownRating,
});

/** A sub-subject as the API answers it. */
export const SubSubjectRecord = z.object({
  sub_subject_id: z.string(),
  sub_subject_name: z.string(),
  subject_id: z.string(),
  class_id: z.string(),
  board_id: z.string(),
  sub_subject_price: z.number(),
  sub_subject_image_url: z.string(),
  subject_image_url: z.string(),
  free_course: z.boolean(),
  sub_subject_created_by: adminOnly,
  sub_subject_created_date: z.string(),
  updated_at: adminOnly,
  translations,
  subject_name: shownName,
  class_name: shownName,
  board_name: shownName,
});

/** The ids and current names of the ancestors of a record under a sub-subject (or its subject). */
const underSubSubject = {
  sub_subject_id: z.string(),
  subject_id: z.string(),
  class_id: z.string(),
  board_id: z.string(),
  sub_subject_name: shownName,
  subject_name: shownName,
  class_name: shownName,
  board_name: shownName,
};

/** A chapter as the API answers it (`sub_subject_id` is `''` for one directly under its subject). */
export const ChapterRecord = z.object({
  chapter_id: z.string(),
  chapter_name: z.string(),
  ...underSubSubject,
  serial_no: z.number(),
  chapter_description: z.string(),
  chapter_image_url: z.string(),
  chapter_created_by: adminOnly,
  chapter_created_date: z.string(),
  updated_at: adminOnly,
  translations,
});

/** A topic as the API answers it. */
export const TopicRecord = z.object({
  topic_id: z.string(),
  topic_name: z.string(),
  topic_description: z.string(),
  chapter_id: z.string(),
  ...underSubSubject,
  video_url: mediaUrl,
  notes_url: mediaUrl,
  image_url: z.string(),
  author: z.string(),
  status: z.enum(STATUSES),
  language: z.enum(LANGUAGES),
  free_to_watch: z.enum(FREE_TO_WATCH),
  serial_no: z.number(),
  /** The video's length in seconds, where known. */
  duration_seconds: z.optional(z.number()),
  qna: adminOnly,
  comments: adminOnly,
  topic_created_by: adminOnly,
  created_date: z.string(),
  updated_at: adminOnly,
  translations,
  chapter_name: shownName,
  /** Whether its subject, class or board is a free course. */
  free_course: z.optional(z.boolean()),
  /** Public lists: the caller may not watch it (its media urls are `null`). */
  locked: z.optional(z.boolean()),
  /** Its video's transcode (issue 15, shared/src/video.ts). */
  ...VideoFields,
});

/** An about-subject record as the API answers it. */
export const AboutSubjectRecord = z.object({
  about_subject_id: z.string(),
  ...underSubSubject,
  video_url: mediaUrl,
  notes_url: mediaUrl,
  comments: adminOnly,
  author: z.string(),
  status: z.enum(STATUSES),
  language: z.enum(LANGUAGES),
  created_by: adminOnly,
  created_date: z.string(),
  updated_at: adminOnly,
  translations,
  /** Its video's transcode (issue 15, shared/src/video.ts). */
  ...VideoFields,
});

/** A testimonial as the API answers it. */
export const TestimonialRecord = z.object({
  id: z.string(),
  name: z.string(),
  designation: z.string(),
  description: z.string(),
  image_url: z.string(),
  created_at: z.string(),
  updated_at: adminOnly,
  translations,
});

/** The record schema of each entity. */
export const CATALOGUE_RECORDS = {
  board: BoardRecord,
  class: ClassRecord,
  subject: SubjectRecord,
  'sub-subject': SubSubjectRecord,
  chapter: ChapterRecord,
  topic: TopicRecord,
  'about-subject': AboutSubjectRecord,
  testimonial: TestimonialRecord,
} satisfies Record<CatalogueEntity, z.ZodMiniObject>;

/** A record of one entity, as web and functions both see it. */
export type RecordOf<E extends CatalogueEntity> = z.infer<(typeof CATALOGUE_RECORDS)[E]>;
export type BoardRecord = RecordOf<'board'>;
export type ClassRecord = RecordOf<'class'>;
export type SubjectRecord = RecordOf<'subject'>;
export type SubSubjectRecord = RecordOf<'sub-subject'>;
export type ChapterRecord = RecordOf<'chapter'>;
export type TopicRecord = RecordOf<'topic'>;
export type AboutSubjectRecord = RecordOf<'about-subject'>;
export type TestimonialRecord = RecordOf<'testimonial'>;
/** A record of any entity. */
export type AnyCatalogueRecord = RecordOf<CatalogueEntity>;

/**
 * A topic as every public read shows it (docs/api.md §4, §8a): the class detail and the subject
 * outline list these fields, `getTopics` adds them to the rest of the record. Playable (a signed
 * `video_url`, and the HLS fields once ready) only where the caller may watch, else `locked`.
 * One projection builds it for every read (functions/src/catalogue/topic-view.ts).
 */
export const PublicTopic = z.object({
  topic_id: z.string(),
  topic_name: z.string(),
  serial_no: z.number(),
  ...z.omit(VideoState, { video_error: true }).shape,
  free_to_watch: z.enum(FREE_TO_WATCH),
  /** The length the admin gave (`null` when unknown); the transcode's own is beside it. */
  duration_seconds: z.nullable(z.number()),
  video_url: z.nullable(z.string()),
  locked: z.boolean(),
  video_hls_url: z.nullable(z.string()),
  video_poster_url: z.nullable(z.string()),
  captions: z.array(z.object({ language: z.string(), url: z.string() })),
});
export type PublicTopic = z.infer<typeof PublicTopic>;

/** A topic of `getTopics`: its public record with the fields of {@link PublicTopic}. */
export const PublicTopicRecord = z.extend(TopicRecord, PublicTopic.shape);
export type PublicTopicRecord = z.infer<typeof PublicTopicRecord>;

/**
 * A topic the caller may play, as the personal call (`getMyCatalogueState`) answers it: the media
 * fields of {@link PublicTopic} that the cached public reads leave `null` for a topic that is not
 * open to everyone, and `notes_url`. The screens lay these over the public answer by `topic_id`.
 */
export const PlayableTopic = z.object({
  topic_id: z.string(),
  video_url: z.nullable(z.string()),
  notes_url: z.nullable(z.string()),
  video_hls_url: z.nullable(z.string()),
  video_poster_url: z.nullable(z.string()),
  captions: z.array(z.object({ language: z.string(), url: z.string() })),
  locked: z.literal(false),
});
export type PlayableTopic = z.infer<typeof PlayableTopic>;

/**
 * The personal half of a class's, subject's or chapter's page (`getMyCatalogueState`,
 * `private, no-store`): which subjects the learner owns, has in the cart and likes, and the
 * topics of that class, subject or chapter they may play.
 */
export const MyCatalogueState = z.object({
  owned_subject_ids: z.array(z.string()),
  cart_subject_ids: z.array(z.string()),
  favourite_subject_ids: z.array(z.string()),
  topics: z.array(PlayableTopic),
});
export type MyCatalogueState = z.infer<typeof MyCatalogueState>;

/** The class detail (`GET /classes/{classId}`): the class, its subjects and their Active topics. */
export const ClassDetail = z.extend(ClassRecord, {
  subjects: z.array(z.extend(SubjectRecord, { topics: z.array(PublicTopic) })),
});
export type ClassDetail = z.infer<typeof ClassDetail>;

/** A topic in a subject's outline. */
export type SubjectOutlineTopic = PublicTopic;

/** A chapter in a subject's outline, with its Active topics in serial order. */
export const SubjectOutlineChapter = z.object({
  chapter_id: z.string(),
  chapter_name: z.string(),
  serial_no: z.number(),
  topics: z.array(PublicTopic),
});
export type SubjectOutlineChapter = z.infer<typeof SubjectOutlineChapter>;

/** A sub-subject in a subject's outline (`sub_subject_id` `''`: the chapters directly under it). */
export const SubjectOutlineGroup = z.object({
  sub_subject_id: z.string(),
  sub_subject_name: z.string(),
  chapters: z.array(SubjectOutlineChapter),
});
export type SubjectOutlineGroup = z.infer<typeof SubjectOutlineGroup>;

/** `getSubjectOutline/{subjectId}`: what a subject contains, before (and after) purchase. */
export const SubjectOutline = z.object({
  subject: SubjectRecord,
  /** The distinct authors of its topics. */
  authors: z.array(z.string()),
  lesson_count: z.number(),
  /** The sum of the known topic durations. */
  duration_seconds: z.number(),
  sub_subjects: z.array(SubjectOutlineGroup),
});
export type SubjectOutline = z.infer<typeof SubjectOutline>;
