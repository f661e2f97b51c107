import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import type { CatalogueEntity } from '@gia/shared';
import { ddb } from '../lib/dynamo.ts';
import { decodeCursor, encodeCursor, startKeyError, type Page } from './paging.ts';
import { tableName } from './table-name.ts';
import { keys, withoutKeys } from './keys.ts';
import { transactWrite, WriteRefused, type TransactItem } from './transact.ts';

/**
 * The catalogue in the single table. Each record stores the ids of all its ancestors, so a list
 * and the names of its parents take two requests (a Query and a BatchGet). Each parent keeps a
 * `child_count`, changed in the same transaction as every child insert, move and delete: a
 * parent delete conditioned on `child_count = 0` and a child insert conditioned on the parent
 * existing can never both succeed, so no orphan can appear.
 */
interface KindDef {
  prefix: string;
  idField: string;
  /** gsi1 partition of the list of all records (boards, testimonials) … */
  allOnGsi1?: string;
  /** … or the gsi2 partition of it (entities that also have a by-parent list on gsi1). */
  allOnGsi2?: string;
  /** gsi1 partition of the children of a parent. */
  byParent?: (parentId: string) => string;
}

export const KINDS: Record<CatalogueEntity, KindDef> = {
  board: { prefix: 'BOARD', idField: 'board_id', allOnGsi1: 'BOARDS' },
  class: {
    prefix: 'CLASS',
    idField: 'class_id',
    allOnGsi2: 'CLASSES',
    byParent: (id) => `BOARD#${id}#CLASSES`,
  },
  subject: {
    prefix: 'SUBJECT',
    idField: 'subject_id',
    allOnGsi2: 'SUBJECTS',
    byParent: (id) => `CLASS#${id}#SUBJECTS`,
  },
  'sub-subject': {
    prefix: 'SUBSUBJECT',
    idField: 'sub_subject_id',
    allOnGsi2: 'SUBSUBJECTS',
    byParent: (id) => `SUBJECT#${id}#SUBSUBJECTS`,
  },
  chapter: {
    prefix: 'CHAPTER',
    idField: 'chapter_id',
    allOnGsi2: 'CHAPTERS',
    byParent: (id) => `SUBSUBJECT#${id}#CHAPTERS`,
  },
  topic: {
    prefix: 'TOPIC',
    idField: 'topic_id',
    allOnGsi2: 'TOPICS',
    byParent: (id) => `CHAPTER#${id}#TOPICS`,
  },
  'about-subject': {
    prefix: 'ABOUT',
    idField: 'about_subject_id',
    allOnGsi2: 'ABOUTS',
    byParent: (id) => `SUBSUBJECT#${id}#ABOUT`,
  },
  testimonial: { prefix: 'TESTIMONIAL', idField: 'id', allOnGsi1: 'TESTIMONIALS' },
};

/** A record of the catalogue as stored (without key attributes). */
export type CatalogueRecord = Record<string, unknown>;

/** A reference to one record. */
export interface Ref {
  entity: CatalogueEntity;
  id: string;
}

export const keyOf = ({ entity, id }: Ref) => ({
  pk: `${KINDS[entity].prefix}#${id}`,
  sk: KINDS[entity].prefix,
});

/** Chapters of a sub-subject hang off it; a chapter without one hangs off its subject. */
const chapterParentPartition = (r: CatalogueRecord) =>
  r.sub_subject_id
    ? `SUBSUBJECT#${String(r.sub_subject_id)}#CHAPTERS`
    : `SUBJECT#${String(r.subject_id)}#CHAPTERS`;

const pad = (n: unknown) => String(Number(n ?? 0)).padStart(7, '0');

/** The partition holding a class's content (gsi3). */
export const classContentPartition = (classId: string) => `CLASS#${classId}#CONTENT`;

function classContent(entity: CatalogueEntity, r: CatalogueRecord): Record<string, string> {
  const partition = classContentPartition(String(r.class_id));
  if (entity === 'class') return { gsi3pk: partition, gsi3sk: '#CLASS' };
  if (entity === 'subject') return { gsi3pk: partition, gsi3sk: `S#${String(r.subject_id)}` };
  if (entity === 'about-subject') {
    return {
      gsi3pk: partition,
      gsi3sk: `S#${String(r.subject_id)}#A#${String(r.about_subject_id)}`,
    };
  }
  if (entity === 'topic') {
    const sk = `S#${String(r.subject_id)}#C#${String(r.chapter_id)}#${pad(r.serial_no)}#${String(r.topic_id)}`;
    return { gsi3pk: partition, gsi3sk: sk };
  }
  return {};
}

/** The index attributes of a record. */
export function indexAttributes(
  entity: CatalogueEntity,
  r: CatalogueRecord,
): Record<string, string> {
  const kind = KINDS[entity];
  const id = String(r[kind.idField]);
  if (kind.allOnGsi1) return { gsi1pk: kind.allOnGsi1, gsi1sk: id };
  const parentPartition: Record<string, () => string> = {
    class: () => `BOARD#${String(r.board_id)}#CLASSES`,
    subject: () => `CLASS#${String(r.class_id)}#SUBJECTS`,
    'sub-subject': () => `SUBJECT#${String(r.subject_id)}#SUBSUBJECTS`,
    chapter: () => chapterParentPartition(r),
    topic: () => `CHAPTER#${String(r.chapter_id)}#TOPICS`,
    'about-subject': () => `SUBSUBJECT#${String(r.sub_subject_id)}#ABOUT`,
  };
  return {
    ...classContent(entity, r),
    gsi1pk: parentPartition[entity]?.() ?? '',
    // Topics list in serial_no order; everything else in id (= creation) order.
    gsi1sk: entity === 'topic' ? `${pad(r.serial_no)}#${id}` : id,
    gsi2pk: kind.allOnGsi2 ?? '',
    gsi2sk: id,
  };
}

const toRecord = (item: Record<string, unknown>): CatalogueRecord => {
  const { type: _type, child_count: _count, ...rest } = withoutKeys(item);
  return rest;
};

/** One record by id. */
export async function getRecord(ref: Ref): Promise<CatalogueRecord | undefined> {
  const res = await ddb.send(new GetCommand({ TableName: tableName(), Key: keyOf(ref) }));
  return res.Item ? toRecord(res.Item) : undefined;
}

/**
 * Many records by id, and optionally which of some subjects a learner owns, in one BatchGet per
 * 100 keys (missing records are left out).
 */
export async function getRecords(refs: Ref[]): Promise<Map<string, CatalogueRecord>> {
  return (await getRecordsAndGrants(refs, undefined, [])).records;
}

export async function getRecordsAndGrants(
  refs: Ref[],
  userId: string | undefined,
  subjectIds: string[],
  ratingsOf: Ref[] = [],
): Promise<{
  records: Map<string, CatalogueRecord>;
  granted: Set<string>;
  ratings: Map<string, { average_rating: number; review_count: number }>;
}> {
  const unique = [...new Map(refs.map((r) => [`${r.entity}#${r.id}`, keyOf(r)])).values()];
  // Rating aggregates (kept per class and subject by the review writes) ride along.
  for (const r of new Map(ratingsOf.map((x) => [`${x.entity}#${x.id}`, x])).values()) {
    unique.push({ pk: keyOf(r).pk, sk: 'RATING' });
  }
  const ratings = new Map<string, { average_rating: number; review_count: number }>();
  if (userId) {
    for (const id of new Set(subjectIds.filter(Boolean))) unique.push(keys.grant(userId, id));
  }
  const found = new Map<string, CatalogueRecord>();
  const granted = new Set<string>();
  for (let i = 0; i < unique.length; i += 100) {
    let batch: Record<string, unknown>[] | undefined = unique.slice(i, i + 100);
    // Unprocessed keys are retried; DynamoDB returns them under load.
    for (let attempt = 0; batch?.length && attempt < 5; attempt++) {
      const res: BatchGetCommandOutput = await ddb.send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: batch } } }),
      );
      for (const item of res.Responses?.[tableName()] ?? []) {
        if (item.type === 'grant') {
          granted.add(String(item.subject_id));
          continue;
        }
        if (item.sk === 'RATING') {
          const count = Number(item.rating_count ?? 0);
          const avg = count > 0 ? Math.round((Number(item.rating_sum ?? 0) / count) * 10) / 10 : 0;
          ratings.set(String(item.pk), { average_rating: avg, review_count: count });
          continue;
        }
        const entity = item.type as CatalogueEntity;
        found.set(`${entity}#${String(item[KINDS[entity].idField])}`, toRecord(item));
      }
      batch = res.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return { records: found, granted, ratings };
}

/** Looks up a record fetched by `getRecords`. */
export const pick = (map: Map<string, CatalogueRecord>, entity: CatalogueEntity, id: unknown) =>
  typeof id === 'string' && id ? map.get(`${entity}#${id}`) : undefined;

interface ListOptions {
  limit: number;
  cursor?: string;
  /** Oldest (or lowest serial) first unless false. */
  forward?: boolean;
}

async function queryPage(
  index: 'gsi1' | 'gsi2',
  partition: string,
  options: ListOptions,
): Promise<Page<CatalogueRecord>> {
  const start = decodeCursor(options.cursor, { index, partition });
  const res = await ddb
    .send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index,
        KeyConditionExpression: `${index}pk = :pk`,
        ExpressionAttributeValues: { ':pk': partition },
        Limit: options.limit,
        ExclusiveStartKey: start,
        ScanIndexForward: options.forward ?? true,
      }),
    )
    .catch((err: unknown) => {
      throw startKeyError(err, start);
    });
  return { items: (res.Items ?? []).map(toRecord), nextCursor: encodeCursor(res.LastEvaluatedKey) };
}

/** Every record of an entity, in creation order. */
export function listAll(entity: CatalogueEntity, options: ListOptions) {
  const kind = KINDS[entity];
  return kind.allOnGsi1
    ? queryPage('gsi1', kind.allOnGsi1, options)
    : queryPage('gsi2', kind.allOnGsi2 ?? '', options);
}

/** The children of one parent: classes of a board, topics of a chapter (in serial_no order), … */
export function listByParent(entity: CatalogueEntity, parentId: string, options: ListOptions) {
  const byParent = KINDS[entity].byParent;
  if (!byParent) throw new Error(`${entity} has no parent`);
  return queryPage('gsi1', byParent(parentId), options);
}

/** The about-subject records of one subject (its part of the class's content partition). */
export async function subjectAboutRecords(
  classId: string,
  subjectId: string,
): Promise<CatalogueRecord[]> {
  const res = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk AND begins_with(gsi3sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': classContentPartition(classId),
        ':prefix': `S#${subjectId}#A#`,
      },
    }),
  );
  return (res.Items ?? []).map(toRecord);
}

/** A class with its subjects and their topics, in one Query (gsi3). */
export async function classContents(classId: string): Promise<CatalogueRecord[]> {
  const items: CatalogueRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk',
        ExpressionAttributeValues: { ':pk': classContentPartition(classId) },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) items.push({ ...toRecord(item), entity: item.type });
    start = res.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Chapters hanging directly off a subject (those without a sub-subject). */
export function listSubjectChapters(subjectId: string, options: ListOptions) {
  return queryPage('gsi1', `SUBJECT#${subjectId}#CHAPTERS`, options);
}

/**
 * Why a catalogue write was refused. `changed`: the record is no longer under the parent it was
 * read with (a concurrent move); `parent-count`: a parent's `child_count` would go below 0.
 */
export type WriteRefusal =
  'missing' | 'has-children' | 'parent-missing' | 'name-taken' | 'changed' | 'parent-count';

/**
 * The one refusal class ({@link WriteRefused}) seen with the catalogue's reasons: `instanceof`
 * narrows `reason` to {@link WriteRefusal}, so a switch over it stays exhaustive.
 */
export const CatalogueWriteRefused = WriteRefused as new (
  reason: WriteRefusal,
) => WriteRefused<WriteRefusal>;

/** One more child for a parent that must exist. */
const parentIncrement = (parent: Ref): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keyOf(parent),
    UpdateExpression: 'ADD child_count :d',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':d': 1 },
  },
});

/**
 * One child less. Conditioned on a positive count, so a count never goes below 0 (and a missing
 * parent is never re-created by `ADD`); see `transactCounting` for what happens when it is not.
 */
const parentDecrement = (parent: Ref): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keyOf(parent),
    UpdateExpression: 'ADD child_count :d',
    ConditionExpression: 'child_count > :zero',
    ExpressionAttributeValues: { ':d': -1, ':zero': 0 },
  },
});

/** A unique-name guard written and removed in the same transaction as its record. */
export interface NameGuard {
  key: { pk: string; sk: string };
}

/**
 * A transaction with parent decrements. When only a decrement's condition fails (the parent is
 * gone, or its count is already 0: a count damaged before counts were guarded), the write goes
 * ahead without it rather than refusing the child's move or delete forever.
 */
async function transactCounting(items: TransactItem[], reasons: WriteRefusal[]): Promise<void> {
  try {
    await transactWrite(items, reasons);
  } catch (err) {
    if (!(err instanceof WriteRefused) || err.reason !== 'parent-count') throw err;
    const keep = reasons.map((r) => r !== 'parent-count');
    await transactWrite(
      items.filter((_, i) => keep[i]),
      reasons.filter((_, i) => keep[i]),
    );
  }
}

/**
 * Inserts a record: it must be new, its parent must exist (and counts one more child), and its
 * unique name guard, if any, must be free — all or nothing.
 */
export async function insertRecord(
  entity: CatalogueEntity,
  record: CatalogueRecord,
  parent: Ref | undefined,
  guard?: NameGuard,
): Promise<void> {
  const id = String(record[KINDS[entity].idField]);
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keyOf({ entity, id }),
          ...indexAttributes(entity, record),
          type: entity,
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  const reasons: WriteRefusal[] = ['missing'];
  if (parent) {
    items.push(parentIncrement(parent));
    reasons.push('parent-missing');
  }
  if (guard) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: { ...guard.key, owner_id: id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    reasons.push('name-taken');
  }
  await transactWrite(items, reasons);
}

/**
 * Replaces a record's fields. When the parent changes, the old parent counts one child less and
 * the new one (which must exist) one more. A renamed unique name moves its guard.
 *
 * The write is conditioned on the record still hanging off the parent it was read with
 * (`readPartition`, its gsi1 partition, which names the parent for every kind, chapters under a
 * subject or a sub-subject alike): two concurrent moves cannot both decrement the old parent.
 * The loser is refused with `changed`, and the caller reads again.
 */
export async function updateRecord(
  entity: CatalogueEntity,
  record: CatalogueRecord,
  change: {
    oldParent?: Ref;
    newParent?: Ref;
    oldGuard?: NameGuard;
    newGuard?: NameGuard;
    readPartition?: string;
  },
): Promise<void> {
  const id = String(record[KINDS[entity].idField]);
  const attrs = { ...indexAttributes(entity, record), ...record };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(attrs).map(([k, v], i) => {
    names[`#a${i}`] = k;
    values[`:v${i}`] = v;
    return `#a${i} = :v${i}`;
  });
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keyOf({ entity, id }),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression:
          change.readPartition === undefined
            ? 'attribute_exists(pk)'
            : 'attribute_exists(pk) AND #readPk = :readPk',
        ExpressionAttributeNames: {
          ...names,
          ...(change.readPartition === undefined ? {} : { '#readPk': 'gsi1pk' }),
        },
        ExpressionAttributeValues: {
          ...values,
          ...(change.readPartition === undefined ? {} : { ':readPk': change.readPartition }),
        },
      },
    },
  ];
  const reasons: WriteRefusal[] = [change.readPartition === undefined ? 'missing' : 'changed'];
  const { oldParent, newParent, oldGuard, newGuard } = change;
  const decrements: TransactItem[] = [];
  if (newParent && (!oldParent || oldParent.id !== newParent.id)) {
    items.push(parentIncrement(newParent));
    reasons.push('parent-missing');
    if (oldParent) decrements.push(parentDecrement(oldParent));
  }
  if (newGuard && oldGuard?.key.pk !== newGuard.key.pk) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: { ...newGuard.key, owner_id: id },
        ConditionExpression: 'attribute_not_exists(pk) OR owner_id = :me',
        ExpressionAttributeValues: { ':me': id },
      },
    });
    reasons.push('name-taken');
    if (oldGuard) {
      items.push({ Delete: { TableName: tableName(), Key: oldGuard.key } });
      reasons.push('missing');
    }
  }
  // Decrements go last, so that any other refusal is the one reported.
  await transactCounting(
    [...items, ...decrements],
    [...reasons, ...decrements.map((): WriteRefusal => 'parent-count')],
  );
}

/**
 * Deletes a record only while it has no children; its parent counts one child less and its name
 * guard goes with it.
 */
export async function deleteRecord(
  ref: Ref,
  parent: Ref | undefined,
  guard?: NameGuard,
): Promise<void> {
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: tableName(),
        Key: keyOf(ref),
        // Exactly 0: a count that went wrong is never taken for "no children".
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(child_count) OR child_count = :zero)',
        ExpressionAttributeValues: { ':zero': 0 },
      },
    },
  ];
  const reasons: WriteRefusal[] = ['has-children'];
  if (guard) {
    items.push({ Delete: { TableName: tableName(), Key: guard.key } });
    reasons.push('missing');
  }
  if (parent) {
    items.push(parentDecrement(parent));
    reasons.push('parent-count');
  }
  try {
    await transactCounting(items, reasons);
  } catch (err) {
    // The delete's one condition covers two cases: tell them apart.
    if (err instanceof WriteRefused && !(await getRecord(ref))) {
      throw new WriteRefused('missing');
    }
    throw err;
  }
}

/** Sets fields on a record without touching its keys (ancestor ids after a move). */
export async function setFields(ref: Ref, fields: Record<string, unknown>): Promise<void> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([k, v], i) => {
    names[`#a${i}`] = k;
    values[`:v${i}`] = v;
    return `#a${i} = :v${i}`;
  });
  if (!sets.length) return;
  await transactWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keyOf(ref),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
    ],
    ['missing'],
  );
}
