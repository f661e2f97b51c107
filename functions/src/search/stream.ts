import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { allClassIds, classesUsingSource, classIdsOfBoard } from '../db/search.ts';
import { readClass } from '../db/catalogue-reads.ts';
import { deleteOutline, rebuildClassOutlines } from '../db/outlines.ts';
import { removedSubjectOf, searchChangeOf, type SearchChange } from '../db/search-stream.ts';
import { logger } from '../lib/logger.ts';
import { publishClassIndex } from './publish.ts';

/*
 * The search function (issue 34, docs/search.md): run by the table's stream, filtered to
 * catalogue records and source results (the event source's filter in AWS, `isSearchRecord` on
 * the local stack's poller), batched over a window so a burst of admin writes rebuilds each
 * class once. A rebuild reads the class as it is now, so a replayed or reordered record is
 * harmless. With each class's index it rebuilds its subjects' outlines (db/outlines.ts, what My
 * Courses reads): the same records change both, and a fourth reader of the table's stream would
 * pass DynamoDB Streams' advice of at most two readers per shard further than the three do.
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

/**
 * What a class's catalogue change rebuilds: its search index and its subjects' outlines, both
 * from one read of the class's content partition.
 */
export async function rebuildClass(classId: string): Promise<void> {
  const read = await readClass(classId);
  await publishClassIndex(classId, read.content);
  await rebuildClassOutlines(classId, read);
}

/** Rebuilds every class (the local stack's start; after a change of the index format). */
export async function rebuildEveryClass(): Promise<void> {
  for (const classId of await allClassIds()) await rebuildClass(classId);
}

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const classes = new Set<string>();
  const removedSubjects = new Set<string>();
  for (const record of event.Records) {
    const change = searchChangeOf(record);
    if (change) for (const id of await classesOf(change)) classes.add(id);
    const removed = removedSubjectOf(record);
    if (removed) removedSubjects.add(removed);
  }
  const failed: string[] = [];
  for (const classId of classes) {
    try {
      await rebuildClass(classId);
    } catch (err) {
      logger.error('search index not published', { class_id: classId, error: err as Error });
      failed.push(classId);
    }
  }
  try {
    await Promise.all([...removedSubjects].map(deleteOutline));
  } catch (err) {
    logger.error('outline not deleted', { error: err as Error });
    failed.push('outlines');
  }
  // A failure retries the whole batch (from its first record): every class is rebuilt from the
  // table as it is then, so rebuilding the ones that worked again costs time, never correctness.
  const first = event.Records[0]?.dynamodb?.SequenceNumber;
  return { batchItemFailures: failed.length && first ? [{ itemIdentifier: first }] : [] };
}
