import {
  LEARNING_MESSAGES as M,
  presentedVideoOf,
  type Lesson,
  type LessonAccessStatus,
  type LessonChapterTopic,
} from '@gia/shared';
import { getRecord, getRecordsAndGrants, listByParent, pick } from '../db/catalogue-reads.ts';
import { progressFrom, progressKeys } from '../db/learner.ts';
import { isFreeCourse, mayWatchTopic } from '../domain/entitlement/index.ts';
import { parentNames, parentRefs } from '../domain/catalogue/index.ts';
import type { Identity } from '../lib/auth.ts';
import { NotFoundError } from '../lib/errors.ts';
import { publicView } from './public.ts';
import { playableTopic, publicTopic } from './topic-view.ts';

/** A chapter holds a few dozen topics at most: one Query page of this size reads them all. */
const CHAPTER_PAGE = 1000;

/** A known length: a non-negative number of seconds, else `null`. */
const knownSeconds = (value: unknown): number | null =>
  typeof value === 'number' && value >= 0 ? value : null;

/**
 * `getLesson` (issue 30): what the lesson page needs to start, in one answer — the topic as
 * `getTopics` gives it, its chapter's Active topics with the learner's progress, why the caller
 * may (or may not) watch it, and the video to play, whose HLS cookies the answer sets.
 *
 * Two DynamoDB requests, one after the other, when the caller names the topic's chapter (a
 * lesson link does: `/GetTopic?chapter=…&topic=…`): the chapter's topics (Query), which hold the
 * topic; then one BatchGet of its ancestors, the learner's grant and their progress in each
 * Active topic of the chapter, which also carries the caller's session check (the route leaves
 * it open for this read, lib/session-scope.ts). Without the chapter, or with one the topic is not
 * in, the topic is read first (GetItem): three. A signed-out visitor's BatchGet has no grant or
 * progress.
 */
export async function lessonOf(
  topicId: string,
  caller: Identity | undefined,
  chapterId?: string,
): Promise<Lesson> {
  const named = chapterId
    ? (await listByParent('topic', chapterId, { limit: CHAPTER_PAGE })).items
    : undefined;
  const topic =
    named?.find((t) => t.topic_id === topicId) ??
    (await getRecord({ entity: 'topic', id: topicId }));
  if (!topic || topic.status !== 'Active') throw new NotFoundError(M.topicNotFound);
  const learnerId = caller?.pool === 'learner' ? caller.userId : undefined;
  const siblings =
    named && topic.chapter_id === chapterId
      ? named
      : (await listByParent('topic', topic.chapter_id, { limit: CHAPTER_PAGE })).items;
  const active = siblings.filter((t) => t.status === 'Active');
  const { records, granted, extras } = await getRecordsAndGrants(
    [{ entity: 'chapter', id: topic.chapter_id }, ...parentRefs('topic', [topic])],
    learnerId,
    [topic.subject_id],
    [],
    learnerId
      ? progressKeys(
          learnerId,
          topic.chapter_id,
          active.map((t) => t.topic_id),
        )
      : [],
  );
  const progress = learnerId ? progressFrom(extras, learnerId, topic.chapter_id) : [];
  // Every topic of a chapter has the same subject, class and board: one context decides them all.
  const course = {
    subject: pick(records, 'subject', topic.subject_id),
    class: pick(records, 'class', topic.class_id),
    board: pick(records, 'board', topic.board_id),
  };
  const staff = caller?.pool === 'admin';
  const mayWatch = (t: { free_to_watch?: unknown; subject_id?: unknown }) =>
    staff || mayWatchTopic({ topic: t, ...course }, granted);
  const open = mayWatch(topic);

  // The topic as everyone sees it, and for a caller who may watch it, their own signed media and
  // HLS (whose cookies this never-cached answer sets).
  const shown = {
    notes_url: null,
    ...(await publicTopic(topic, false)),
    ...(open ? await playableTopic(topic) : {}),
  };
  const answerTopic = {
    ...publicView({ ...topic, ...parentNames('topic', topic, records, () => null) }),
    free_course: isFreeCourse(course),
    ...shown,
  };
  const saved = new Map(progress.map((p) => [p.topic_id, p]));
  const topics: LessonChapterTopic[] = active.map((t) => {
    const p = saved.get(t.topic_id);
    return {
      topic_id: t.topic_id,
      topic_name: t.topic_name,
      chapter_id: t.chapter_id,
      serial_no: t.serial_no,
      free_to_watch: t.free_to_watch,
      duration_seconds: knownSeconds(t.duration_seconds),
      video_duration_seconds: presentedVideoOf(t, { admin: false }).video_duration_seconds,
      locked: !mayWatch(t),
      progress: p
        ? {
            position_seconds: p.position_seconds,
            duration_seconds: p.duration_seconds,
            completed: p.completed,
            ...(p.updated_at ? { updated_at: p.updated_at } : {}),
          }
        : null,
    };
  });
  const status: LessonAccessStatus = staff
    ? 'staff'
    : granted.has(topic.subject_id)
      ? 'owned'
      : open
        ? 'free'
        : 'locked';
  return {
    topic: answerTopic,
    chapter: {
      chapter_id: topic.chapter_id,
      chapter_name: pick(records, 'chapter', topic.chapter_id)?.chapter_name ?? '',
      topics,
    },
    access: { status, signed_in: caller !== undefined },
    video: {
      status: shown.video_status,
      hls_url: shown.video_hls_url,
      poster_url: shown.video_poster_url,
      mp4_url: shown.video_url,
      duration_seconds: shown.video_duration_seconds,
      renditions: open ? shown.video_renditions : [],
      captions: shown.captions,
    },
  };
}
