import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AiAnswerMode, AiCitation } from '@gia/shared';
import { ddb } from '../lib/dynamo.ts';
import * as keys from './item-keys.ts';
import { tableName } from './table-name.ts';

const conditionFailed = (err: unknown) => (err as Error).name === 'ConditionalCheckFailedException';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many optimistic attempts a write of a contended item gets before it gives up. */
const ATTEMPTS = 6;

/**
 * Takes one question from a learner's sliding window: allowed while fewer than `limit` questions
 * fall within the last `windowMs`. The log keeps the times of the last `limit` questions, and a
 * write only lands when nobody changed the log since it was read (a version condition), so
 * parallel questions can never exceed the limit. Answers the wait until a slot frees otherwise.
 */
export async function takeLearnerQuestion(
  userId: string,
  limit: number,
  windowMs: number,
): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const now = Date.now();
    const res = await ddb.send(
      new GetCommand({ TableName: tableName(), Key: keys.aiRate(userId), ConsistentRead: true }),
    );
    const version = Number(res.Item?.version ?? 0);
    const recent = ((res.Item?.stamps as number[] | undefined) ?? [])
      .filter((t) => t > now - windowMs)
      .sort((a, b) => a - b);
    if (recent.length >= limit) {
      return { allowed: false, retryAfterMs: recent[recent.length - limit]! + windowMs - now };
    }
    try {
      await ddb.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.aiRate(userId),
            stamps: [...recent, now],
            version: version + 1,
            ttl: Math.ceil((now + windowMs) / 1000) + 60,
          },
          ConditionExpression: res.Item ? 'version = :v' : 'attribute_not_exists(pk)',
          ExpressionAttributeValues: res.Item ? { ':v': version } : undefined,
        }),
      );
      return { allowed: true };
    } catch (err) {
      if (!conditionFailed(err)) throw err;
      // Another question of the same learner landed first: read again after a short pause.
      await pause(5 + Math.random() * 20 * (attempt + 1));
    }
  }
  return { allowed: false, retryAfterMs: 1000 };
}

/**
 * Counts one question against the global budget of a UTC day (an atomic counter); `false` once
 * the day's budget is spent.
 */
export async function takeDailyBudget(day: string, budget: number): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.aiBudget(day),
        UpdateExpression: 'ADD #c :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(#c) OR #c < :budget',
        ExpressionAttributeNames: { '#c': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':budget': budget,
          ':ttl': Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 3 * 86400,
        },
      }),
    );
    return true;
  } catch (err) {
    if (conditionFailed(err)) return false;
    throw err;
  }
}

/** One turn of a conversation with the AI teacher. */
export interface ConversationTurn {
  role: 'learner' | 'teacher';
  content: string;
  at: string;
  /** A learner's turn that asked for a hint; a teacher's: who wrote it (none kept before: model). */
  mode?: 'hint' | AiAnswerMode;
  /** A teacher's turn: whether the topic's passages covered it, and what it cites. */
  covered?: boolean;
  citations?: (AiCitation & { notes_url?: string })[];
}

/** Where a conversation is kept: a topic's, a class's, or (neither given) the general teacher's. */
export interface ConversationScope {
  topic_id?: string;
  class_id?: string;
}

/** A learner's conversation in one scope, oldest turn first. */
export async function conversation(
  userId: string,
  scope: ConversationScope,
): Promise<ConversationTurn[]> {
  const res = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.aiConversation(userId, scope),
      ConsistentRead: true,
    }),
  );
  return (res.Item?.turns as ConversationTurn[] | undefined) ?? [];
}

/**
 * Adds turns to a conversation, keeping only the last `keep`. The version condition makes two
 * answers arriving at once both land (the later one reads again).
 */
export async function appendTurns(
  userId: string,
  scope: ConversationScope,
  turns: ConversationTurn[],
  keep: number,
): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const res = await ddb.send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.aiConversation(userId, scope),
        ConsistentRead: true,
      }),
    );
    const version = Number(res.Item?.version ?? 0);
    const old = (res.Item?.turns as ConversationTurn[] | undefined) ?? [];
    try {
      await ddb.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.aiConversation(userId, scope),
            type: 'ai-conversation',
            turns: [...old, ...turns].slice(-keep),
            version: version + 1,
            updated_at: new Date().toISOString(),
          },
          ConditionExpression: res.Item ? 'version = :v' : 'attribute_not_exists(pk)',
          ExpressionAttributeValues: res.Item ? { ':v': version } : undefined,
        }),
      );
      return;
    } catch (err) {
      if (!conditionFailed(err)) throw err;
      await pause(5 + Math.random() * 20 * (attempt + 1));
    }
  }
}
