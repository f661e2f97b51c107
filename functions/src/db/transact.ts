import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo.ts';

/** One item of a DynamoDB transaction. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Every reason the data layer refuses a write. `missing`: the item is not there; `duplicate`: it
 * is there already; `owned`: the learner owns the subject; `subject-missing`, `parent-missing`: the
 * record it hangs off is gone; `has-children`: a parent still has children; `name-taken`: a unique
 * name is in use; `changed`: the item changed since it was read (or another transaction changed it
 * at the same moment); `parent-count`: a parent's `child_count` would go below 0; `full`,
 * `author-limit`: a question's answer caps; `replayed`: a device-made id (`client_id`) was used
 * already (issue 32).
 */
export type Refusal =
  | 'missing'
  | 'duplicate'
  | 'owned'
  | 'subject-missing'
  | 'parent-missing'
  | 'has-children'
  | 'name-taken'
  | 'changed'
  | 'parent-count'
  | 'full'
  | 'author-limit'
  | 'replayed';

/** A write the data layer refused, and why; services turn the reason into the contract's answer. */
export class WriteRefused<R extends Refusal = Refusal> extends Error {
  constructor(readonly reason: R) {
    super(reason);
    this.name = 'WriteRefused';
  }
}

/** The cancellation reason code of each item of a cancelled transaction (empty otherwise). */
export function cancellationCodes(err: unknown): (string | undefined)[] {
  if ((err as Error | undefined)?.name !== 'TransactionCanceledException') return [];
  return ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map(
    (r) => r.Code,
  );
}

/**
 * Writes `items` all or nothing. When the condition of item `i` fails, it throws
 * `WriteRefused(reasons[i])`; a failed item without a reason rethrows DynamoDB's error. When
 * `onConflict` is given, a transaction that another one touched at the same moment
 * (`TransactionConflict`) is refused with that reason, so the caller can read again and retry.
 */
export async function transactWrite<R extends Refusal>(
  items: TransactItem[],
  reasons: readonly (R | undefined)[],
  onConflict?: R,
): Promise<void> {
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    const codes = cancellationCodes(err);
    const reason = reasons[codes.indexOf('ConditionalCheckFailed')];
    if (reason) throw new WriteRefused(reason);
    if (onConflict && codes.includes('TransactionConflict')) throw new WriteRefused(onConflict);
    throw err;
  }
}
