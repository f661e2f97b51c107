import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { classesUsingSource, classIdsOfBoard } from '../db/search.ts';
import { searchChangeOf, type SearchChange } from '../db/search-stream.ts';
import { logger } from '../lib/logger.ts';
import { publishClassIndex } from './publish.ts';

/*
 * The search function (issue 34, docs/search.md): run by the table's stream, filtered to
 * catalogue records and source results (the event source's filter in AWS, `isSearchRecord` on
 * the local stack's poller), batched over a window so a burst of admin writes rebuilds each
 * class once. A rebuild reads the class as it is now, so a replayed or reordered record is
 * harmless.
 */

/** Whether a stream record may change an index (the local poller's filter). */
export const isSearchRecord = (record: DynamoDBRecord) => searchChangeOf(record) !== undefined;

/** The classes a change touches. */
async function classesOf(change: SearchChange): Promise<string[]> {
  switch (change.kind) {
    case 'class':
      return [change.classId];
    case 'board':
      return classIdsOfBoard(change.boardId);
    case 'source':
      return classesUsingSource(change.key);
  }
}

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const classes = new Set<string>();
  for (const record of event.Records) {
    const change = searchChangeOf(record);
    if (change) for (const id of await classesOf(change)) classes.add(id);
  }
  const failed: string[] = [];
  for (const classId of classes) {
    try {
      await publishClassIndex(classId);
    } catch (err) {
      logger.error('search index not published', { class_id: classId, error: err as Error });
      failed.push(classId);
    }
  }
  // A failure retries the whole batch (from its first record): every class is rebuilt from the
  // table as it is then, so rebuilding the ones that worked again costs time, never correctness.
  const first = event.Records[0]?.dynamodb?.SequenceNumber;
  return { batchItemFailures: failed.length && first ? [{ itemIdentifier: first }] : [] };
}
