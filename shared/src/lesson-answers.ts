import * as z from 'zod/mini';
import { FREE_TO_WATCH } from './catalogue.ts';
import { PublicTopicRecord } from './catalogue-records.ts';
import { VIDEO_STATUSES, VideoRendition } from './video.ts';

/*
 * `getLesson` (issue 30, item 2): everything the lesson page needs to start, in one answer, so
 * the page (and the boot script in web/index.html, before the bundle) makes one request.
 */

/**
 * Why the caller may or may not watch the topic: `owned` (its subject is purchased), `free` (a
 * free preview or a free course), `staff` (an admin), `locked` (none of these: no private URL is
 * given). The one rule is docs/api.md §6.
 */
export const LESSON_ACCESS = ['owned', 'free', 'staff', 'locked'] as const;
export type LessonAccessStatus = (typeof LESSON_ACCESS)[number];

/** Where the learner stands in one topic (`null` in a lesson answer until they start it). */
export const LessonProgress = z.object({
  position_seconds: z.number(),
  duration_seconds: z.number(),
  completed: z.boolean(),
  updated_at: z.optional(z.string()),
});
export type LessonProgress = z.infer<typeof LessonProgress>;

/** A topic of the lesson's chapter, as the curriculum shows it: no media, the learner's progress. */
export const LessonChapterTopic = z.object({
  topic_id: z.string(),
  topic_name: z.string(),
  chapter_id: z.string(),
  serial_no: z.number(),
  free_to_watch: z.enum(FREE_TO_WATCH),
  /** The length the admin gave (`null` when unknown), and the transcode's own. */
  duration_seconds: z.nullable(z.number()),
  video_duration_seconds: z.nullable(z.number()),
  locked: z.boolean(),
  progress: z.nullable(LessonProgress),
});
export type LessonChapterTopic = z.infer<typeof LessonChapterTopic>;

/** What the player needs to start: all `null` (and `[]`) for a caller who may not watch. */
export const LessonVideo = z.object({
  status: z.enum(VIDEO_STATUSES),
  /** The master playlist (same origin; the answer sets its cookies). */
  hls_url: z.nullable(z.string()),
  poster_url: z.nullable(z.string()),
  /** The signed MP4, for a video not (yet) transcoded or a browser without HLS. */
  mp4_url: z.nullable(z.string()),
  duration_seconds: z.nullable(z.number()),
  renditions: z.array(VideoRendition),
  captions: z.array(z.object({ language: z.string(), url: z.string() })),
});
export type LessonVideo = z.infer<typeof LessonVideo>;

/** `GET /data/getLesson?topic_id=`: the topic, its chapter with progress, the access, the video. */
export const Lesson = z.object({
  /** The topic as `getTopics` gives it (media only where the caller may watch). */
  topic: PublicTopicRecord,
  chapter: z.object({
    chapter_id: z.string(),
    chapter_name: z.string(),
    /** The chapter's Active topics in `serial_no` order. */
    topics: z.array(LessonChapterTopic),
  }),
  access: z.object({
    status: z.enum(LESSON_ACCESS),
    /** Whether a token came with the request (a signed-out visitor sees the lock and a sign-in). */
    signed_in: z.boolean(),
  }),
  video: LessonVideo,
});
export type Lesson = z.infer<typeof Lesson>;
