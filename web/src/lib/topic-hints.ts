import { CHAPTER_TOPIC_IDS_MAX } from '@gia/shared/id-shape.ts';

/**
 * The subject, class and board ids of the topics whose lesson the SPA has read (`getLesson`'s
 * `topic` carries them; every topic of its chapter shares them). The reads about one topic
 * (`getqna`, `getQuiz`, `getOfflineQuiz`) send them as hints: with them the server reads the
 * topic, its ancestors and the learner's grant in one request. A hint only saves a read: the
 * server decides on the topic's own record, so a stale one (the topic moved) answers the same.
 */
export interface TopicAncestors {
  subject_id: string;
  class_id: string;
  board_id: string;
}

const known = new Map<string, TopicAncestors>();
/** The topics of each chapter whose lesson the SPA has read, as that read listed them. */
const chapters = new Map<string, string[]>();

/** Remembers the ancestors of some topics (a lesson's topic and its chapter's topics). */
export function rememberTopicAncestors(topicIds: string[], ancestors: Partial<TopicAncestors>) {
  const { subject_id, class_id, board_id } = ancestors;
  if (!subject_id || !class_id || !board_id) return;
  for (const id of topicIds) known.set(id, { subject_id, class_id, board_id });
}

/**
 * Remembers a chapter's topics, as a lesson read listed them: a chapter test sends them (with
 * their ancestors) and the server reads the chapter's banks by key. At most
 * `CHAPTER_TOPIC_IDS_MAX` are sent; a longer chapter sends no list.
 */
export function rememberChapterTopics(chapterId: string, topicIds: string[]) {
  chapters.set(chapterId, topicIds);
}

/** The hints to send with a chapter test: none when no lesson of the chapter was read. */
export function chapterHints(chapterId: string): Partial<TopicAncestors> & { topic_ids?: string } {
  const topicIds = chapters.get(chapterId);
  const ancestors = topicIds?.[0] ? known.get(topicIds[0]) : undefined;
  if (!topicIds || !ancestors || topicIds.length > CHAPTER_TOPIC_IDS_MAX) return {};
  return { ...ancestors, topic_ids: topicIds.join(',') };
}

/** The hints to send with a read about `topicId`: none when its lesson was not read. */
export const topicHints = (topicId: string): Partial<TopicAncestors> => known.get(topicId) ?? {};

/** Forgets every topic and chapter (tests). */
export const forgetTopicAncestors = () => {
  known.clear();
  chapters.clear();
};
