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

/** Remembers the ancestors of some topics (a lesson's topic and its chapter's topics). */
export function rememberTopicAncestors(topicIds: string[], ancestors: Partial<TopicAncestors>) {
  const { subject_id, class_id, board_id } = ancestors;
  if (!subject_id || !class_id || !board_id) return;
  for (const id of topicIds) known.set(id, { subject_id, class_id, board_id });
}

/** The hints to send with a read about `topicId`: none when its lesson was not read. */
export const topicHints = (topicId: string): Partial<TopicAncestors> => known.get(topicId) ?? {};

/** Forgets every topic (tests). */
export const forgetTopicAncestors = () => known.clear();
