import * as keys from './item-keys.ts';
import { sortKeyPrefixes } from './keys.ts';
import { queryAll } from './query.ts';

/*
 * A learner's best topic-quiz scores (issue 17), read apart from the rest of practice
 * (db/practice.ts) so that My Courses' function bundles only this Query.
 */

/** A learner's best topic scores: of one subject, or of every subject. One Query. */
export async function bestScores(
  userId: string,
  subjectId?: string,
): Promise<{ topic_id: string; subject_id: string; best_percent: number }[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: {
      ':pk': keys.userProfile(userId).pk,
      ':p': `${sortKeyPrefixes.mastery}${subjectId ? `${subjectId}#` : ''}`,
    },
  });
  return items.map((i) => ({
    topic_id: String(i.topic_id),
    subject_id: String(i.subject_id),
    best_percent: Number(i.best_percent ?? 0),
  }));
}
