import * as keys from './item-keys.ts';
import { sortKeyPrefixes } from './keys.ts';
import { queryAll } from './query.ts';

/*
 * A learner's best topic-quiz scores (issue 17), read apart from the rest of practice
 * (db/practice.ts) so that My Courses' function bundles only this Query.
 */

/** A learner's best percentage in a topic's quiz. */
export interface BestScore {
  topic_id: string;
  subject_id: string;
  best_percent: number;
}

/** A learner's best topic scores: of one subject, or of every subject. One Query. */
export async function bestScores(userId: string, subjectId?: string): Promise<BestScore[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: {
      ':pk': keys.userProfile(userId).pk,
      ':p': `${sortKeyPrefixes.mastery}${subjectId ? `${subjectId}#` : ''}`,
    },
  });
  return items.map(scoreOf);
}

/** A learner's best score in one topic, from its stored item. */
export const scoreOf = (item: Record<string, unknown>): BestScore => ({
  topic_id: String(item.topic_id),
  subject_id: String(item.subject_id),
  best_percent: Number(item.best_percent ?? 0),
});
