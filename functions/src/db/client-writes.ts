import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CLIENT_ID_KEEP_DAYS, type RouteName } from '@gia/shared';
import { ddb } from '../lib/dynamo.ts';
import * as keys from './item-keys.ts';
import { tableName } from './table-name.ts';
import type { TransactItem } from './transact.ts';

/**
 * Writes made on a learner's device and sent later, perhaps more than once (issue 32 item 5): a
 * retry after a lost answer, a second tab flushing the same queue, a replay. The device names
 * each write with a UUID (`client_id`); its guard item is put in the SAME transaction as the
 * write, on the condition that it does not exist, so a second send writes nothing. The guard
 * keeps the first answer, so the second send gets it back. The table's TTL removes it later.
 */

/** One device-made write: whose, which id, which route. */
export interface ClientWrite {
  userId: string;
  clientId: string;
  route: RouteName;
}

/** What a guard remembers of the first send. */
export interface AcceptedWrite {
  route: string;
  answer: unknown;
  /** False while the first send is still adding to its answer (a quiz's score). */
  complete: boolean;
}

const keepUntil = () => Math.floor(Date.now() / 1000) + CLIENT_ID_KEEP_DAYS * 86_400;

/**
 * The guard of a write, as an item of the write's transaction: put only while the id is unused
 * (its refusal means `replayed`). `answer` is what the first send answers; `pending` when the
 * first send completes it later (`completeClientWrite`).
 */
export function clientWriteGuard(w: ClientWrite, answer: unknown, pending = false): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.clientWrite(w.userId, w.clientId),
        type: 'clientwrite',
        route: w.route,
        answer,
        complete: !pending,
        accepted_at: new Date().toISOString(),
        ttl: keepUntil(),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Whether the learner's device sent this id before, and what it was answered (one GetItem). */
export async function acceptedClientWrite(
  userId: string,
  clientId: string,
): Promise<AcceptedWrite | undefined> {
  const res = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.clientWrite(userId, clientId),
      // A second tab may have written it a moment ago.
      ConsistentRead: true,
    }),
  );
  if (!res.Item) return undefined;
  return {
    route: String(res.Item.route),
    answer: res.Item.answer,
    complete: res.Item.complete !== false,
  };
}

/**
 * Keeps the whole first answer once it is known (a quiz's score comes after its answer is
 * recorded): a later send gets the score too. The guard exists already (same transaction).
 */
export async function completeClientWrite(w: ClientWrite, answer: unknown): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.clientWrite(w.userId, w.clientId),
      UpdateExpression: 'SET answer = :a, complete = :true',
      ExpressionAttributeValues: { ':a': answer, ':true': true },
    }),
  );
}
