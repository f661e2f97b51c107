import type { QuizQuestion } from '@gia/shared';
import type { StoredQuestion } from '../db/practice.ts';

/** A question as a learner sees it before answering: no answer, explanation or source. */
export const shown = (topicId: string, q: StoredQuestion): QuizQuestion => ({
  question_id: q.question_id,
  topic_id: topicId,
  type: q.type,
  text: q.text,
  ...(q.options ? { options: q.options } : {}),
  // Public images only (refused otherwise on write): shown as stored.
  ...(q.image_url ? { image_url: q.image_url } : {}),
});
