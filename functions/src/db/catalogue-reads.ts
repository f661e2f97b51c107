import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  idOf,
  parentEntity,
  type AnyCatalogueRecord,
  type CatalogueEntity,
  type RecordOf,
} from '@gia/shared';
import { ddb } from '../lib/dynamo.ts';
import { batchGetItems } from './batch-get.ts';
import { queryAll } from './query.ts';
import { decodeCursor, encodeCursor, startKeyError, type Page } from './paging.ts';
import { tableName } from './table-name.ts';
import {
  allPartition,
  classContentOfSubject,
  classContentPartition,
  keyOf,
  toRecord,
  underPartition,
  type Index,
  type Ref,
} from './catalogue-keys.ts';
import * as keys from './item-keys.ts';

/** Reads of the catalogue: records by id (with grants and ratings) and its lists. */

/** One record by id. */
export async function getRecord<E extends CatalogueEntity>(
  ref: Ref<E>,
): Promise<RecordOf<E> | undefined> {
  const res = await ddb.send(new GetCommand({ TableName: tableName(), Key: keyOf(ref) }));
  return res.Item ? toRecord<E>(res.Item) : undefined;
}

/** Records fetched by id, looked up with `pick`. */
export type RecordMap = Map<string, AnyCatalogueRecord>;

/** A class's or subject's review aggregate. */
export interface Rating {
  average_rating: number;
  review_count: number;
}

const refKey = ({ entity, id }: Ref) => `${entity}#${id}`;

/** Many records by id, in one BatchGet per 100 keys (missing records are left out). */
export async function getRecords(refs: Ref[]): Promise<RecordMap> {
  return (await getRecordsAndGrants(refs, undefined, [])).records;
}

/**
 * Many records by id, which of some subjects a learner owns, the rating aggregates of some
 * classes or subjects (looked up with `ratingOf`), and other items by key (`extraKeys`, returned
 * whole as `extras`), in one BatchGet per 100 keys.
 */
export async function getRecordsAndGrants(
  refs: Ref[],
  userId: string | undefined,
  subjectIds: string[],
  ratingsOf: Ref[] = [],
  extraKeys: { pk: string; sk: string }[] = [],
): Promise<{
  records: RecordMap;
  granted: Set<string>;
  ratings: Map<string, Rating>;
  extras: Record<string, unknown>[];
}> {
  const unique = [...new Map(refs.map((r) => [refKey(r), keyOf(r)])).values()];
  const extra = new Set(extraKeys.map((k) => `${k.pk}|${k.sk}`));
  unique.push(...new Map(extraKeys.map((k) => [`${k.pk}|${k.sk}`, k])).values());
  const extras: Record<string, unknown>[] = [];
  // Rating aggregates (kept per class and subject by the review writes) ride along.
  const rated = new Map<string, string>();
  for (const r of new Map(ratingsOf.map((x) => [refKey(x), x])).values()) {
    rated.set(keyOf(r).pk, refKey(r));
    unique.push(keys.ratingBeside(keyOf(r).pk));
  }
  const ratings = new Map<string, Rating>();
  if (userId) {
    for (const id of new Set(subjectIds.filter(Boolean))) unique.push(keys.grant(userId, id));
  }
  const found: RecordMap = new Map();
  const granted = new Set<string>();
  for (const item of await batchGetItems(unique)) {
    if (extra.has(`${String(item.pk)}|${String(item.sk)}`)) {
      extras.push(item);
      continue;
    }
    if (item.type === 'grant') {
      granted.add(String(item.subject_id));
      continue;
    }
    if (item.sk === 'RATING') {
      const count = Number(item.rating_count ?? 0);
      const avg = count > 0 ? Math.round((Number(item.rating_sum ?? 0) / count) * 10) / 10 : 0;
      ratings.set(rated.get(String(item.pk)) ?? '', {
        average_rating: avg,
        review_count: count,
      });
      continue;
    }
    const entity = item.type as CatalogueEntity;
    const record = toRecord(item);
    found.set(refKey({ entity, id: idOf(entity, record) }), record);
  }
  return { records: found, granted, ratings, extras };
}

/** Looks up a record fetched by `getRecords`. */
export const pick = <E extends CatalogueEntity>(map: RecordMap, entity: E, id: unknown) =>
  typeof id === 'string' && id
    ? (map.get(refKey({ entity, id })) as RecordOf<E> | undefined)
    : undefined;

/**
 * Records by id, and which of some subjects a learner owns, has in the cart and likes (their
 * grant and the cart's and favourites' subject guards), in one BatchGet per 100 keys: the
 * personal half of a catalogue page.
 */
export async function getRecordsAndMarks(
  refs: Ref[],
  userId: string,
  subjectIds: string[],
): Promise<{
  records: RecordMap;
  owned: Set<string>;
  inCart: Set<string>;
  favourite: Set<string>;
}> {
  const ids = [...new Set(subjectIds.filter(Boolean))];
  const guards = ids.flatMap((id) => [
    keys.cartSubject(userId, id),
    keys.favouriteSubject(userId, id),
  ]);
  const { records, granted, extras } = await getRecordsAndGrants(refs, userId, ids, [], guards);
  const found = new Set(extras.map((e) => String(e.sk)));
  const marked = (key: (u: string, s: string) => { sk: string }) =>
    new Set(ids.filter((id) => found.has(key(userId, id).sk)));
  return {
    records,
    owned: granted,
    inCart: marked(keys.cartSubject),
    favourite: marked(keys.favouriteSubject),
  };
}

/** Looks up a rating fetched by `getRecordsAndGrants`. */
export const ratingOf = (ratings: Map<string, Rating>, ref: Ref) => ratings.get(refKey(ref));

interface ListOptions {
  limit: number;
  cursor?: string;
  /** Oldest (or lowest serial) first unless false. */
  forward?: boolean;
}

async function queryItems(
  index: Index,
  partition: string,
  options: ListOptions,
): Promise<{ items: Record<string, unknown>[]; lastKey?: Record<string, unknown> }> {
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
  return { items: res.Items ?? [], lastKey: res.LastEvaluatedKey };
}

async function queryPage<E extends CatalogueEntity>(
  index: Index,
  partition: string,
  options: ListOptions,
): Promise<Page<RecordOf<E>>> {
  const { items, lastKey } = await queryItems(index, partition, options);
  return { items: items.map((i) => toRecord<E>(i)), nextCursor: encodeCursor(lastKey) };
}

/** Every record of an entity, in creation order. */
export function listAll<E extends CatalogueEntity>(entity: E, options: ListOptions) {
  const { index, partition } = allPartition(entity);
  return queryPage<E>(index, partition, options);
}

/**
 * The records of an entity whose fields equal `where`, in creation order. Reads on until the
 * page is full or the list ends, so a page is never short while its cursor says there is more;
 * each read is one page of the whole list, so the reads are bounded by the list's length.
 */
export async function listAllWhere<E extends CatalogueEntity>(
  entity: E,
  where: Record<string, string>,
  options: ListOptions,
): Promise<Page<RecordOf<E>>> {
  const { index, partition } = allPartition(entity);
  const matches = (item: Record<string, unknown>) =>
    Object.entries(where).every(([field, value]) => item[field] === value);
  const kept: Record<string, unknown>[] = [];
  let cursor = options.cursor;
  do {
    const { items, lastKey } = await queryItems(index, partition, { ...options, cursor });
    for (const [i, item] of items.entries()) {
      if (!matches(item)) continue;
      kept.push(item);
      if (kept.length < options.limit) continue;
      // Full: the next page starts after the last item kept, unless nothing can follow.
      const more = i < items.length - 1 || lastKey !== undefined;
      const at = (k: string) => item[k];
      return {
        items: kept.map((k) => toRecord<E>(k)),
        nextCursor: more
          ? encodeCursor({
              pk: at('pk'),
              sk: at('sk'),
              [`${index}pk`]: at(`${index}pk`),
              [`${index}sk`]: at(`${index}sk`),
            })
          : null,
      };
    }
    cursor = encodeCursor(lastKey) ?? undefined;
  } while (cursor);
  return { items: kept.map((k) => toRecord<E>(k)), nextCursor: null };
}

/** The children of one parent: classes of a board, topics of a chapter (in serial_no order), … */
export function listByParent<E extends CatalogueEntity>(
  entity: E,
  parentId: string,
  options: ListOptions,
) {
  const parent = parentEntity(entity);
  if (!parent) throw new Error(`${entity} has no parent`);
  return queryPage<E>('gsi1', underPartition(entity, { entity: parent, id: parentId }), options);
}

/**
 * The records of an entity hanging directly off a record other than their usual parent: a
 * subject's chapters without a sub-subject.
 */
export function listUnder<E extends CatalogueEntity>(entity: E, parent: Ref, options: ListOptions) {
  return queryPage<E>('gsi1', underPartition(entity, parent), options);
}

/** The about-subject records of one subject (its part of the class's content partition). */
export async function subjectAboutRecords(
  classId: string,
  subjectId: string,
): Promise<RecordOf<'about-subject'>[]> {
  const res = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk AND begins_with(gsi3sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': classContentPartition(classId),
        ':prefix': classContentOfSubject.aboutSubjects(subjectId),
      },
    }),
  );
  return (res.Items ?? []).map((i) => toRecord<'about-subject'>(i));
}

/**
 * A subject's topics (every status), by chapter and then serial order: its part of the class's
 * content partition, in one Query (more only past 1 MB).
 */
export async function subjectTopicRecords(
  classId: string,
  subjectId: string,
): Promise<RecordOf<'topic'>[]> {
  const items = await queryAll({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk AND begins_with(gsi3sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': classContentPartition(classId),
      ':prefix': classContentOfSubject.topics(subjectId),
    },
  });
  return items.map((item) => toRecord<'topic'>(item));
}

/** The records of a class's content partition, by entity. */
export type ClassContents = { [E in CatalogueEntity]?: RecordOf<E>[] };

/**
 * A class's content partition as one read found it, and when that read began: what a rebuild of
 * the class's search index and its subjects' outlines share.
 */
export interface ClassRead {
  readAt: string;
  content: ClassContents;
}

/** Reads a class's content partition once, for everything a rebuild of the class writes. */
export async function readClass(classId: string): Promise<ClassRead> {
  const readAt = new Date().toISOString();
  return { readAt, content: await classContents(classId) };
}

/** A class with its subjects, their topics and about-subject records, in one Query (gsi3). */
export async function classContents(classId: string): Promise<ClassContents> {
  const out: Record<string, AnyCatalogueRecord[]> = {};
  const items = await queryAll({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': classContentPartition(classId) },
  });
  for (const item of items) (out[String(item.type)] ??= []).push(toRecord(item));
  return out;
}
