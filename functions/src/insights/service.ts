import type { Insights, InsightsQuery, TopicDropoff } from '@gia/shared';
import { INSIGHTS_MESSAGES as M } from '@gia/shared';
import { daysBetween, topicInsightItems } from '../db/insights.ts';
import { NotFoundError } from '../lib/errors.ts';
import { dropoffOf, summarize } from './summary.ts';

/** `getInsights`: the range's days, totals and top lists, from one Query of the day items. */
export async function insights(range: InsightsQuery): Promise<Insights> {
  return summarize(await daysBetween(range.from, range.to), range.from, range.to);
}

/** `getTopicDropoff`: how far the topic's viewers watch, and its questions' answers. */
export async function topicDropoff(topicId: string): Promise<TopicDropoff> {
  const { topic, dropoff, stats, bank } = await topicInsightItems(topicId);
  if (!topic) throw new NotFoundError(M.topicNotFound);
  return dropoffOf(topic, dropoff, stats, bank);
}
