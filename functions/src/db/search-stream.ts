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

/**
 * The string attributes a change is told by, read straight from the image: the whole image is
 * never unmarshalled (a filter sees every record of the table, and must not throw on any).
 */
const FIELDS = ['pk', 'sk', 'type', 'status', 'key', 'class_id', 'board_id', 'subject_id'] as const;
type Fields = Partial<Record<(typeof FIELDS)[number], string>>;

function itemOf(image: unknown): Fields | undefined {
  if (!image || typeof image !== 'object') return undefined;
  const out: Fields = {};
  for (const field of FIELDS) {
    const value = (image as Record<string, { S?: unknown } | undefined>)[field]?.S;
    if (typeof value === 'string') out[field] = value;
  }
  return out;
}

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
    return item.key ? { kind: 'source', key: item.key } : undefined;
  }
  if (!item.type || !INDEXED_TYPES.includes(item.type)) return undefined;
  // A catalogue record's own item (not a name guard or another item of the same type).
  if (!item.pk || item.sk !== item.pk.split('#')[0]) return undefined;
  if (item.type === 'board') {
    return typeof item.board_id === 'string'
      ? { kind: 'board', boardId: item.board_id }
      : undefined;
  }
  return item.class_id ? { kind: 'class', classId: item.class_id } : undefined;
}

/** The subject a stream record deletes (its own item, not a guard), whose outline goes with it. */
export function removedSubjectOf(record: DynamoDBRecord): string | undefined {
  if (record.eventName !== 'REMOVE') return undefined;
  const item = itemOf(record.dynamodb?.OldImage);
  return item?.type === 'subject' && item.sk === 'SUBJECT' ? item.subject_id : undefined;
}
