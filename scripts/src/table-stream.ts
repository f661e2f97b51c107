import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

/*
 * The table's stream on the local stack, as a Lambda event source mapping reads it in AWS:
 * DynamoDB Local keeps the stream (NEW_AND_OLD_IMAGES); this poller reads every shard from the
 * moment it starts, hands each batch of records to the handler as the `DynamoDBStreamEvent` a
 * Lambda receives (after the mapping's filter), and retries from a failed record
 * (`batchItemFailures`), as the mapping does with ReportBatchItemFailures.
 */

export interface StreamConsumer {
  /** Records this consumer wants (the event source mapping's filter in AWS). */
  filter(record: DynamoDBRecord): boolean;
  handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse | void>;
  /**
   * Records are gathered this long before they are handed over (the mapping's batching window in
   * AWS), apart from the poll: a burst of writes (a seed, an admin's edits) is one batch, and the
   * other consumers never wait for this one.
   */
  batchingWindowMs?: number;
}

const POLL_MS = 250;
const RETRY_MS = 1000;

export async function startTableStream(options: {
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  tableName: string;
  consumers: StreamConsumer[];
}): Promise<{ stop(): Promise<void>; settled(): Promise<void> }> {
  const config = {
    endpoint: options.endpoint,
    region: options.region,
    credentials: options.credentials,
  };
  const table = await new DynamoDBClient(config).send(
    new DescribeTableCommand({ TableName: options.tableName }),
  );
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`the table ${options.tableName} has no stream`);
  const streams = new DynamoDBStreamsClient(config);
  /** Open shards and where each is read from. */
  const iterators = new Map<string, string | undefined>();
  const done = new Set<string>();
  let stopped = false;
  let busy: Promise<void> = Promise.resolve();

  const discover = async (type: 'LATEST' | 'TRIM_HORIZON') => {
    const stream = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of stream.StreamDescription?.Shards ?? []) {
      const id = shard.ShardId!;
      if (iterators.has(id) || done.has(id)) continue;
      const it = await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: type }),
      );
      iterators.set(id, it.ShardIterator);
    }
  };

  // A mapping's filter in AWS is a pattern: a record it cannot read does not match. A filter here
  // that throws is the same, for its consumer only (the batch still reaches the others).
  const wanted = (consumer: StreamConsumer, record: DynamoDBRecord) => {
    try {
      return consumer.filter(record);
    } catch (err) {
      console.error('a table stream filter failed', err);
      return false;
    }
  };

  /** Hands `records` to `consumer`, again from a failed record until it takes them all. */
  const handTo = async (consumer: StreamConsumer, records: DynamoDBRecord[]) => {
    let pending = records;
    while (pending.length && !stopped) {
      const answer = await consumer.handler({ Records: pending }).catch((err: unknown) => {
        console.error('a table stream handler failed', err);
        return {
          batchItemFailures: [{ itemIdentifier: pending[0]?.dynamodb?.SequenceNumber ?? '' }],
        };
      });
      const failed = answer?.batchItemFailures?.[0]?.itemIdentifier;
      if (!failed) break;
      const from = pending.findIndex((r) => r.dynamodb?.SequenceNumber === failed);
      pending = pending.slice(Math.max(from, 0));
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  };

  /** A windowed consumer's records gathered so far, and its delivery once the window closes. */
  const gathered = new Map<StreamConsumer, DynamoDBRecord[]>();
  const windows = new Set<Promise<void>>();
  const gather = (consumer: StreamConsumer, records: DynamoDBRecord[]) => {
    const open = gathered.get(consumer);
    if (open) {
      open.push(...records);
      return;
    }
    gathered.set(consumer, [...records]);
    const window: Promise<void> = new Promise<void>((resolve) =>
      setTimeout(resolve, consumer.batchingWindowMs),
    )
      .then(() => {
        const batch = gathered.get(consumer) ?? [];
        gathered.delete(consumer);
        return handTo(consumer, batch);
      })
      .finally(() => windows.delete(window));
    windows.add(window);
  };

  const deliver = async (records: _Record[]) => {
    for (const consumer of options.consumers) {
      const pending = (records as DynamoDBRecord[]).filter((r) => wanted(consumer, r));
      if (!pending.length) continue;
      if (consumer.batchingWindowMs) gather(consumer, pending);
      else await handTo(consumer, pending);
    }
  };

  const pollOnce = async () => {
    for (const [id, iterator] of iterators) {
      if (!iterator) {
        iterators.delete(id);
        done.add(id);
        continue;
      }
      const res = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
      iterators.set(id, res.NextShardIterator);
      if (res.Records?.length) await deliver(res.Records);
    }
  };

  // Shards that open later (DynamoDB Local rolls them) are read from their start.
  await discover('LATEST');
  let rounds = 0;
  const loop = async () => {
    while (!stopped) {
      busy = (async () => {
        if (++rounds % 20 === 0) await discover('TRIM_HORIZON');
        await pollOnce();
      })().catch((err: unknown) => console.error('reading the table stream failed', err));
      await busy;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  const running = loop();
  return {
    stop: async () => {
      stopped = true;
      await running;
      await Promise.all(windows);
      streams.destroy();
    },
    settled: async () => {
      await busy;
      await Promise.all(windows);
    },
  };
}
