import { toRecord } from './catalogue-keys.ts';
import type { TopicFields } from './records.ts';
import * as keys from './item-keys.ts';
import { partitions, sortKeyRanges, withoutKeys } from './keys.ts';
import { itemOnGsi1, queryAll } from './query.ts';
import { tableName } from './table-name.ts';
import { transactWrite, type TransactItem } from './transact.ts';

type Item = Record<string, unknown>;

export interface Review {
  id: string;
  user_id: string;
  user_name: string;
  topic_id: string;
  subject_id: string;
  class_id: string;
  rating: number;
  review_comment: string;
  created_at: string;
  updated_at: string;
}

/** A rating aggregate as shown: the average to one decimal, and how many reviews count. */
export const ratingOf = (item: Item | undefined) => {
  const count = Number(item?.rating_count ?? 0);
  const sum = Number(item?.rating_sum ?? 0);
  return {
    average_rating: count > 0 ? Math.round((sum / count) * 10) / 10 : 0,
    review_count: count,
  };
};

/**
 * Adds (or takes away) ratings to the aggregates of a topic, its subject and its class. An id
 * that is empty (a review stored without it) has no aggregate to change.
 */
export function aggregates(
  r: Partial<Pick<Review, 'topic_id' | 'subject_id' | 'class_id'>>,
  sum: number,
  count: number,
): TransactItem[] {
  return [
    r.topic_id ? keys.reviewSummary(r.topic_id) : undefined,
    r.subject_id ? keys.rating('subject', r.subject_id) : undefined,
    r.class_id ? keys.rating('class', r.class_id) : undefined,
  ]
    .filter((k) => k !== undefined)
    .map((Key) => ({
      Update: {
        TableName: tableName(),
        Key,
        UpdateExpression: 'ADD rating_sum :s, rating_count :c',
        ExpressionAttributeValues: { ':s': sum, ':c': count },
      },
    }));
}

/**
 * One review per learner and topic; the aggregates change in the same transaction.
 *
 * @throws WriteRefused `duplicate` (the learner reviewed the topic already) or `changed` (another
 * review of the same topic, subject or class was written at the same moment: try again), or
 * `replayed` (`guard`, a device-made id's, was written before: issue 32).
 */
export async function createReview(review: Review, guard?: TransactItem): Promise<void> {
  const sums = aggregates(review, review.rating, 1);
  // A device-made id's guard goes first: a resend whose review exists is `replayed`, not a 409.
  await transactWrite(
    [
      ...(guard ? [guard] : []),
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.review(review.topic_id, review.user_id),
            ...keys.reviewIndex(review.id),
            type: 'review',
            ...review,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...sums,
    ],
    [...(guard ? (['replayed'] as const) : []), 'duplicate'],
    'changed',
  );
}

/**
 * Changes a review; the condition on the old rating keeps the aggregates exact under races.
 *
 * @throws WriteRefused `changed`: read the review again and retry.
 */
export async function changeReview(
  old: Review,
  rating: number,
  comment: string,
  now: string,
): Promise<void> {
  await transactWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.review(old.topic_id, old.user_id),
          UpdateExpression: 'SET rating = :r, review_comment = :c, updated_at = :now',
          ConditionExpression: 'rating = :old',
          ExpressionAttributeValues: {
            ':r': rating,
            ':c': comment,
            ':now': now,
            ':old': old.rating,
          },
        },
      },
      ...aggregates(old, rating - old.rating, 0),
    ],
    ['changed'],
    'changed',
  );
}

/**
 * Deletes a review and takes its rating off the aggregates.
 *
 * @throws WriteRefused `changed`: read the review again and retry.
 */
export async function removeReview(old: Review): Promise<void> {
  await transactWrite(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: keys.review(old.topic_id, old.user_id),
          ConditionExpression: 'rating = :old',
          ExpressionAttributeValues: { ':old': old.rating },
        },
      },
      ...aggregates(old, -old.rating, -1),
    ],
    ['changed'],
    'changed',
  );
}

/** A review by its id (one Query of gsi1). */
export async function reviewById(id: string): Promise<Review | undefined> {
  const item = await itemOnGsi1(keys.reviewIndex(id).gsi1pk);
  return item ? (withoutKeys(item) as unknown as Review) : undefined;
}

/** Every item under a topic whose sort key starts with `prefix` ('' for all), every page. */
export function topicItems(topicId: string, prefix: string): Promise<Item[]> {
  return queryAll({
    KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :p)' : 'pk = :pk',
    ExpressionAttributeValues: prefix
      ? { ':pk': partitions.topic(topicId), ':p': prefix }
      : { ':pk': partitions.topic(topicId) },
  });
}

/**
 * The reviews of a topic, newest first, their summary and the topic's own record, in one Query:
 * all three share the topic's partition, and their sort keys are one range (`REVIEW#…`,
 * `REVIEWSUMMARY`, `TOPIC`), so the entitlement check needs no read of the topic of its own.
 */
export async function topicReviews(topicId: string) {
  const { from, to } = sortKeyRanges.reviewsSummaryAndTopic;
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': partitions.topic(topicId), ':from': from, ':to': to },
  });
  const summary = items.find((i) => i.sk === keys.reviewSummary(topicId).sk);
  const topic = items.find((i) => i.sk === to);
  const reviews = items
    .filter((i) => i.type === 'review')
    .map((i) => withoutKeys(i) as unknown as Review);
  return {
    reviews: reviews.sort((a, b) => (a.created_at < b.created_at ? 1 : -1)),
    summary: ratingOf(summary),
    topic: topic ? (toRecord<'topic'>(topic) as unknown as TopicFields) : undefined,
  };
}
