import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AWS_CLIENT_CONFIG } from './aws-calls.ts';
import { pendingSessionCheck } from './session-scope.ts';

/**
 * The DynamoDB document client, created once per module. Its endpoint comes from the SDK's own
 * `AWS_ENDPOINT_URL_DYNAMODB`, so the same code talks to AWS or to DynamoDB Local. (Each AWS
 * client has its own module so a function bundles only the clients it uses.) Calls end within the
 * time budget of {@link AWS_CLIENT_CONFIG}.
 */
export const ddb = DynamoDBDocumentClient.from(new DynamoDBClient(AWS_CLIENT_CONFIG), {
  marshallOptions: { removeUndefinedValues: true },
});

/** The requests that only read: anything else is a write. */
const READS = /^(GetItem|BatchGetItem|Query|TransactGetItems|Get|BatchGet|TransactGet)Command$/;

// A route whose session check rides in its first BatchGet (lib/session-scope.ts) never writes
// for a caller whose session no longer stands: a write first waits for the check, and makes it
// on its own if no read has yet.
ddb.middlewareStack.add(
  (next, context) => async (args) => {
    if (!READS.test(String(context.commandName))) await pendingSessionCheck()?.make();
    return next(args);
  },
  { step: 'initialize', name: 'giaSessionCheckBeforeWrite' },
);

/** DynamoDB requests and capacity, counted only when `DDB_METRICS=1` (the benchmarks set it). */
export const ddbMetrics = {
  requests: 0,
  readUnits: 0,
  writeUnits: 0,
  scans: 0,
  operations: [] as string[],
};

/** Set while work that is not ours in AWS runs (see {@link unmetered}). */
const notOurs = new AsyncLocalStorage<true>();

/**
 * Runs `work` with its DynamoDB requests left out of {@link ddbMetrics}: what the local stack
 * does in place of someone else's service (the test payment gateway stands in for Razorpay,
 * whose orders and payments live with Razorpay in AWS), so the benchmarks price only our own.
 */
export const unmetered = <T>(work: () => Promise<T>): Promise<T> =>
  process.env.DDB_METRICS === '1' ? notOurs.run(true, work) : work();

if (process.env.DDB_METRICS === '1') {
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      if (notOurs.getStore()) return next(args);
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const op = String(context.commandName ?? 'unknown').replace(/Command$/, '');
      ddbMetrics.requests++;
      ddbMetrics.operations.push(op);
      if (op === 'Scan') ddbMetrics.scans++;
      const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      for (const c of (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) as {
        CapacityUnits?: number;
        ReadCapacityUnits?: number;
        WriteCapacityUnits?: number;
      }[]) {
        if (c.ReadCapacityUnits !== undefined || c.WriteCapacityUnits !== undefined) {
          ddbMetrics.readUnits += c.ReadCapacityUnits ?? 0;
          ddbMetrics.writeUnits += c.WriteCapacityUnits ?? 0;
        } else if (/Get|Query|Scan/.test(op)) ddbMetrics.readUnits += c.CapacityUnits ?? 0;
        else ddbMetrics.writeUnits += c.CapacityUnits ?? 0;
      }
      return result;
    },
    { step: 'initialize', name: 'giaDdbMetrics' },
  );
}
