import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo.ts';
import { pendingSessionCheck } from '../lib/session-scope.ts';
import type { Key } from './keys.ts';
import { tableName } from './table-name.ts';

/** BatchGetItem reads at most this many keys per request. */
const BATCH_KEYS = 100;
/** Unprocessed keys (DynamoDB returns them under load) are asked again this many times. */
const ATTEMPTS = 5;

const id = (k: { pk?: unknown; sk?: unknown }) => `${String(k.pk)}\n${String(k.sk)}`;

/**
 * Items by key, in one BatchGet per 100 keys (missing items are left out, duplicates read
 * once). When the request being served has a session check open (lib/session-scope.ts), its
 * keys ride in the first BatchGet, read consistently, and it is decided from what they found:
 * the caller's check and the call's first read are one request.
 */
export async function batchGetItems(wanted: Key[]): Promise<Record<string, unknown>[]> {
  const check = pendingSessionCheck()?.join();
  const checkIds = new Set(check?.keys.map(id));
  const wantedIds = new Set(wanted.map(id));
  const unique = [...new Map([...(check?.keys ?? []), ...wanted].map((k) => [id(k), k])).values()];
  const found: Record<string, unknown>[] = [];
  const forCheck: Record<string, unknown>[] = [];
  let checkRead = check === undefined;
  try {
    for (let i = 0; i < unique.length; i += BATCH_KEYS) {
      let batch: Record<string, unknown>[] | undefined = unique
        .slice(i, i + BATCH_KEYS)
        .map((k) => ({ pk: k.pk, sk: k.sk }));
      // The check's keys are the first batch's: it is read consistently, as the check must be.
      const consistent = check !== undefined && i === 0;
      for (let attempt = 0; batch?.length && attempt < ATTEMPTS; attempt++) {
        const res: BatchGetCommandOutput = await ddb.send(
          new BatchGetCommand({
            RequestItems: {
              [tableName()]: { Keys: batch, ...(consistent ? { ConsistentRead: true } : {}) },
            },
          }),
        );
        for (const item of res.Responses?.[tableName()] ?? []) {
          const key = id(item);
          if (checkIds.has(key)) forCheck.push(item);
          if (!checkIds.has(key) || wantedIds.has(key)) found.push(item);
        }
        batch = res.UnprocessedKeys?.[tableName()]?.Keys;
      }
      if (consistent) checkRead = !batch?.some((k) => checkIds.has(id(k)));
    }
  } catch (err) {
    check?.release();
    throw err;
  }
  if (check) {
    if (checkRead) check.decide(forCheck);
    else check.release();
  }
  return found;
}
