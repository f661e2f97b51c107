import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { API_MESSAGES as MESSAGES } from '@gia/shared';
import { tableName } from '../db/table-name.ts';
import { TABLE_DEFINITION } from '../db/table.ts';
import { ddb } from '../lib/dynamo.ts';
import { UnavailableError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';

/** How long readiness waits for the table before it answers 503. */
export const READINESS_TIMEOUT_MS = 1_000;

/** The 503 message of `GET /api/health/ready`. */
export const NOT_READY_MESSAGE = MESSAGES.notReady;

/**
 * Is the table answering? One GetItem of a key no item uses (the cheapest read there is: half a
 * read unit, nothing returned), abandoned after `timeoutMs`. Liveness (`/api/health`) says the
 * process runs; this says it can serve, e.g. not while storage is frozen or unreachable.
 *
 * @throws UnavailableError when the read fails or takes longer than `timeoutMs`.
 */
export async function checkReadiness(timeoutMs = READINESS_TIMEOUT_MS): Promise<void> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  const probe = ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: { [TABLE_DEFINITION.partitionKey]: 'HEALTH', [TABLE_DEFINITION.sortKey]: 'HEALTH' },
      ProjectionExpression: '#pk',
      ExpressionAttributeNames: { '#pk': TABLE_DEFINITION.partitionKey },
    }),
    { abortSignal: abort.signal },
  );
  try {
    // The race bounds the wait even where an SDK retry back-off would not see the abort.
    await Promise.race([probe, timedOut]);
  } catch (err) {
    probe.catch(() => undefined);
    logger.warn('readiness check failed', { error: err as Error });
    throw new UnavailableError(NOT_READY_MESSAGE);
  } finally {
    clearTimeout(timer);
  }
}
