import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo.ts';
import { logger } from '../lib/logger.ts';
import { aggregates, topicItems } from './reviews.ts';
import { tableName } from './table-name.ts';
import { transactWrite, WriteRefused } from './transact.ts';

/** How often taking a deleted topic's ratings off its subject and class is tried. */
const AGGREGATE_ATTEMPTS = 4;

/**
 * Takes the ratings of a deleted topic's reviews off the subject and class aggregates: one
 * transaction, the sums of each subject and class together, tried again while other reviews of
 * the same subject or class change them at that moment.
 */
async function takeOffRatings(reviews: Record<string, unknown>[]): Promise<void> {
  // One update per subject and per class (a transaction may touch an item only once).
  const totals = new Map<
    string,
    { entity: 'subject' | 'class'; id: string; sum: number; n: number }
  >();
  for (const r of reviews) {
    for (const entity of ['subject', 'class'] as const) {
      const id = r[`${entity}_id`];
      if (typeof id !== 'string' || !id) continue;
      const t = totals.get(`${entity}#${id}`) ?? { entity, id, sum: 0, n: 0 };
      totals.set(`${entity}#${id}`, { ...t, sum: t.sum + Number(r.rating ?? 0), n: t.n + 1 });
    }
  }
  // The topic's own summary is deleted with the topic's items; only subjects and classes remain.
  const items = [...totals.values()].flatMap((t) =>
    aggregates({ [`${t.entity}_id`]: t.id }, -t.sum, -t.n),
  );
  if (!items.length) return;
  for (let attempt = 1; ; attempt++) {
    try {
      return await transactWrite(items, [], 'changed');
    } catch (err) {
      if (!(err instanceof WriteRefused) || attempt >= AGGREGATE_ATTEMPTS) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
}

/**
 * Removes everything kept under a topic (reviews, their summary, questions) after its delete.
 *
 * The topic is already gone when this runs, and a second delete of it answers 404, so nothing
 * would ever come back for these items: they are deleted even when the ratings cannot be taken
 * off the subject and class cards (logged; the cards then count those reviews until they change).
 */
export async function removeTopicData(topicId: string): Promise<void> {
  const items = await topicItems(topicId, '');
  await takeOffRatings(items.filter((i) => i.type === 'review')).catch((err: unknown) =>
    logger.warn('ratings of a deleted topic not taken off its subject and class', {
      topicId,
      error: err as Error,
    }),
  );
  for (let i = 0; i < items.length; i += 25) {
    await ddb.send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: items
            .slice(i, i + 25)
            .map((it) => ({ DeleteRequest: { Key: { pk: it.pk, sk: it.sk } } })),
        },
      }),
    );
  }
}
