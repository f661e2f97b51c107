import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo.ts';
import { tableName } from './table-name.ts';

type Item = Record<string, unknown>;

/** Every item a Query of the table finds, all pages (for partitions that stay small). */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Item[]> {
  const out: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ddb.send(
      new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: start }),
    );
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** The one item whose gsi1 partition is `gsi1pk` (an item found by its own id). */
export async function itemOnGsi1(gsi1pk: string): Promise<Item | undefined> {
  const res = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk },
    }),
  );
  return res.Items?.[0];
}
