import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';

/*
 * The table's stream as the search function reads it (issue 34): which records change a class's
 * index. Kept here, beside the key shapes, so the consumer never reads raw images.
 */

/** The catalogue records a class's index names, by their stored `type`. */
export const INDEXED_TYPES = ['board', 'class', 'subject', 'sub-subject', 'chapter', 'topic'];

/** What a stream record changes for search. */
export type SearchChange =
  | { kind: 'class'; classId: string }
  | { kind: 'board'; boardId: string }
  | { kind: 'source'; key: string };

const itemOf = (image: unknown): Record<string, unknown> | undefined =>
  image ? unmarshall(image as Record<string, AttributeValue>) : undefined;

/**
 * The change a stream record brings to the indexes, or undefined: a catalogue record written or
 * deleted (a deleted one read from its old image) names its class, or its board's classes; a
 * source's extraction result (not its start) names its media key.
 */
export function searchChangeOf(record: DynamoDBRecord): SearchChange | undefined {
  const item = itemOf(record.dynamodb?.NewImage) ?? itemOf(record.dynamodb?.OldImage);
  if (!item) return undefined;
  if (item.type === 'source' && item.sk === 'SOURCE') {
    if (record.eventName === 'REMOVE' || item.status === 'processing') return undefined;
    return typeof item.key === 'string' ? { kind: 'source', key: item.key } : undefined;
  }
  if (typeof item.type !== 'string' || !INDEXED_TYPES.includes(item.type)) return undefined;
  // A catalogue record's own item (not a name guard or another item of the same type).
  if (typeof item.pk !== 'string' || item.sk !== String(item.pk).split('#')[0]) return undefined;
  if (item.type === 'board') {
    return typeof item.board_id === 'string'
      ? { kind: 'board', boardId: item.board_id }
      : undefined;
  }
  return typeof item.class_id === 'string' ? { kind: 'class', classId: item.class_id } : undefined;
}
