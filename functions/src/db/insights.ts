import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo.ts';
import { getRecordsAndGrants } from './catalogue-reads.ts';
import * as keys from './item-keys.ts';
import { INSIGHTS_DAYS } from './keys.ts';
import { pickOf, type TopicFields } from './records.ts';
import { tableName } from './table-name.ts';
import { transactWrite, WriteRefused, type TransactItem } from './transact.ts';

/*
 * Insights (issue 18). Each day's sales and sign-ups are one item in one partition
 * (`INSIGHTS#DAYS` / `<yyyy-mm-dd>`, India time), so a range of days is one Query; numbers are
 * added as events happen (never counted by a Scan). Per topic, the video's drop-off counters and
 * the practice questions' answers live beside the topic (`DROPOFF`, `QUIZSTATS`).
 */

/** What one event adds to its day: numbers (ADD) and names to keep (SET, e.g. a subject's name). */
export interface DayChange {
  add: Record<string, number>;
  set?: Record<string, string>;
}

/** The attribute names of a day item's per-subject and per-coupon numbers. */
export const dayAttr = {
  subjectCount: (id: string) => `subject_count#${id}`,
  subjectPaise: (id: string) => `subject_paise#${id}`,
  subjectName: (id: string) => `subject_name#${id}`,
  couponUses: (code: string) => `coupon_uses#${code}`,
  couponDiscount: (code: string) => `coupon_discount#${code}`,
} as const;

/** The transaction item that adds `change` to a day (creating the day at its first event). */
export function dayUpdate(day: string, change: DayChange): TransactItem {
  const names: Record<string, string> = { '#type': 'type', '#date': 'date' };
  const values: Record<string, unknown> = { ':type': 'insightsday', ':date': day };
  const sets = ['#type = :type', '#date = :date'];
  const adds: string[] = [];
  Object.entries(change.set ?? {}).forEach(([attr, value], i) => {
    names[`#s${i}`] = attr;
    values[`:s${i}`] = value;
    sets.push(`#s${i} = :s${i}`);
  });
  Object.entries(change.add).forEach(([attr, n], i) => {
    names[`#a${i}`] = attr;
    values[`:a${i}`] = n;
    adds.push(`#a${i} :a${i}`);
  });
  return {
    Update: {
      TableName: tableName(),
      Key: keys.insightsDay(day),
      UpdateExpression: `SET ${sets.join(', ')}${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** How long an event's guard is kept: far longer than a stream keeps a record (24 hours). */
const GUARD_DAYS = 7;

/**
 * Adds an event to its day once: the event's guard item and the day's numbers in one
 * transaction. False when the event was added before (a redelivered stream record).
 */
export async function addEventOnce(
  event: Parameters<typeof keys.insightsEvent>[0],
  day: string,
  change: DayChange,
): Promise<boolean> {
  try {
    await transactWrite(
      [
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.insightsEvent(event),
              type: 'insightsevent',
              day,
              ttl: Math.floor(Date.now() / 1000) + GUARD_DAYS * 86_400,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        dayUpdate(day, change),
      ],
      ['duplicate'],
    );
    return true;
  } catch (err) {
    if (err instanceof WriteRefused && err.reason === 'duplicate') return false;
    throw err;
  }
}

/** The day items from `from` to `to` (both included), in date order: one Query for a year. */
export async function daysBetween(from: string, to: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': INSIGHTS_DAYS, ':from': from, ':to': to },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/**
 * A topic with its drop-off counters, its questions' answer counts and its question bank: one
 * BatchGet.
 */
export async function topicInsightItems(topicId: string): Promise<{
  topic?: TopicFields;
  dropoff?: Record<string, unknown>;
  stats?: Record<string, unknown>;
  bank?: Record<string, unknown>;
}> {
  const bankKey = keys.quizBank(topicId);
  const { records, extras } = await getRecordsAndGrants(
    [{ entity: 'topic', id: topicId }],
    undefined,
    [],
    [],
    [keys.topicDropoff(topicId), keys.quizStats(topicId), bankKey],
  );
  const find = (sk: string) => extras.find((i) => i.sk === sk);
  return {
    topic: pickOf(records, 'topic', topicId),
    dropoff: find('DROPOFF'),
    stats: find('QUIZSTATS'),
    bank: find('QUIZ'),
  };
}
