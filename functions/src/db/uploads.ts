import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo.ts';
import { tableName } from './table-name.ts';
import * as keys from './item-keys.ts';

/**
 * Counts one more upload of a learner today, atomically, unless `max` are already counted.
 * Answers whether the upload may go ahead. The counter removes itself (TTL) after two days.
 */
export async function reserveUpload(userId: string, day: string, max: number): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.uploadQuota(userId, day),
        UpdateExpression: 'ADD upload_count :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(upload_count) OR upload_count < :max',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':max': max,
          ':ttl': Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 2 * 86_400,
        },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}
