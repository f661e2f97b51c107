/*
 * The lesson player's reckoning, kept apart from the screen: which topic a link opens, where the
 * learner stands in the chapter, and the selections a deep link implies.
 */
import type { TopicProgress } from '@gia/shared';
import type { TopicRecord } from '@gia/shared/catalogue-records.ts';
import type { Selections } from '../../lib/session.ts';

/**
 * The topic a link without a topic opens: the one the learner watched last — or, when they
 * finished it, the one after it — else the first topic of the chapter.
 */
export function resumeTopic(
  topics: readonly TopicRecord[],
  progress: readonly TopicProgress[],
): TopicRecord | undefined {
  const ids = topics.map((t) => t.topic_id);
  const latest = progress
    .filter((p) => ids.includes(p.topic_id))
    .reduce<TopicProgress | undefined>(
      (a, p) => (!a || (p.updated_at ?? '') > (a.updated_at ?? '') ? p : a),
      undefined,
    );
  if (!latest) return topics[0];
  const at = ids.indexOf(latest.topic_id);
  return latest.completed ? (topics[at + 1] ?? topics[at]) : topics[at];
}

/** How far the learner is through the chapter: topics watched to the end, of all of them. */
export function chapterStanding(
  topics: readonly { topic_id: string }[],
  progress: readonly TopicProgress[],
): { watched: Set<string>; count: number; total: number } {
  const ids = new Set(topics.map((t) => t.topic_id));
  const watched = new Set(
    progress.filter((p) => p.completed && ids.has(p.topic_id)).map((p) => p.topic_id),
  );
  return { watched, count: watched.size, total: topics.length };
}

/**
 * The selections (Board › … › Chapter, with their names) a topic's ancestor fields give: a deep
 * link into a lesson sets them, so the breadcrumb and the screens above lead back the right way.
 */
export function selectionsOf(topic: TopicRecord): Selections {
  const s: Selections = {
    board: { id: topic.board_id, name: topic.board_name ?? '' },
    class: { id: topic.class_id, name: topic.class_name ?? '' },
    subject: { id: topic.subject_id, name: topic.subject_name ?? '' },
    chapter: { id: topic.chapter_id, name: topic.chapter_name ?? '' },
  };
  // A chapter directly under its subject has no sub-subject.
  if (topic.sub_subject_id) {
    s.subSubject = { id: topic.sub_subject_id, name: topic.sub_subject_name ?? '' };
  }
  return s;
}

/** Whether the stored selections already say what `wanted` says (ids and names). */
export function sameSelections(stored: Selections, wanted: Selections): boolean {
  const keys = ['board', 'class', 'subject', 'subSubject', 'chapter'] as const;
  return keys.every(
    (k) => stored[k]?.id === wanted[k]?.id && (stored[k]?.name ?? '') === (wanted[k]?.name ?? ''),
  );
}
