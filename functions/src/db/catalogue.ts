import { idOf, type CatalogueEntity, type RecordOf } from '@gia/shared';
import { indexAttributes, keyOf, nameGuard, parentOf, type Ref } from './catalogue-keys.ts';
import { getRecord } from './catalogue-reads.ts';
import { tableName } from './table-name.ts';
import { transactWrite, WriteRefused, type TransactItem } from './transact.ts';

export * from './catalogue-reads.ts';
export { classContentPartition, keyOf, parentOf, type Ref } from './catalogue-keys.ts';

/**
 * The catalogue in the single table. Each record stores the ids of all its ancestors, so a list
 * and the names of its parents take two requests (a Query and a BatchGet). Each parent keeps a
 * `child_count`, changed in the same transaction as every child insert, move and delete: a
 * parent delete conditioned on `child_count = 0` and a child insert conditioned on the parent
 * existing can never both succeed, so no orphan can appear.
 *
 * This file holds the writes; the keys are in `catalogue-keys.ts` and the reads in
 * `catalogue-reads.ts` (re-exported here, so callers import the catalogue from one module).
 */

/** `SET #a0 = :v0, …` for some fields, with its names and values. */
function setExpression(fields: Record<string, unknown>) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([k, v], i) => {
    names[`#a${i}`] = k;
    values[`:v${i}`] = v;
    return `#a${i} = :v${i}`;
  });
  return { expression: `SET ${sets.join(', ')}`, names, values, empty: !sets.length };
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
export async function insertRecord<E extends CatalogueEntity>(
  entity: E,
  record: RecordOf<E>,
): Promise<void> {
  const id = idOf(entity, record);
  const parent = parentOf(entity, record);
  const guard = nameGuard(entity, record);
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
 * Replaces the fields of a record read as `existing`. When the parent changes, the old parent
 * counts one child less and the new one (which must exist) one more. A renamed unique name moves
 * its guard.
 *
 * A record with a parent is written only while it still hangs off the parent it was read with
 * (its gsi1 partition, which names the parent for every kind, chapters under a subject or a
 * sub-subject alike): two concurrent moves cannot both decrement the old parent. The loser is
 * refused with `changed`, and the caller reads again.
 */
export async function updateRecord<E extends CatalogueEntity>(
  entity: E,
  existing: RecordOf<E>,
  record: RecordOf<E>,
): Promise<void> {
  const id = idOf(entity, record);
  const oldParent = parentOf(entity, existing);
  const newParent = parentOf(entity, record);
  const oldGuard = nameGuard(entity, existing);
  const newGuard = nameGuard(entity, record);
  // Only a record with a parent can be moved under us.
  const readPartition = oldParent ? indexAttributes(entity, existing).gsi1pk : undefined;
  const set = setExpression({ ...indexAttributes(entity, record), ...record });
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keyOf({ entity, id }),
        UpdateExpression: set.expression,
        ConditionExpression:
          readPartition === undefined
            ? 'attribute_exists(pk)'
            : 'attribute_exists(pk) AND #readPk = :readPk',
        ExpressionAttributeNames: {
          ...set.names,
          ...(readPartition === undefined ? {} : { '#readPk': 'gsi1pk' }),
        },
        ExpressionAttributeValues: {
          ...set.values,
          ...(readPartition === undefined ? {} : { ':readPk': readPartition }),
        },
      },
    },
  ];
  const reasons: WriteRefusal[] = [readPartition === undefined ? 'missing' : 'changed'];
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
 * Deletes a record read as `existing` only while it has no children; its parent counts one child
 * less and its name guard goes with it.
 */
export async function deleteRecord<E extends CatalogueEntity>(
  entity: E,
  existing: RecordOf<E>,
): Promise<void> {
  const ref = { entity, id: idOf(entity, existing) };
  const parent = parentOf(entity, existing);
  const guard = nameGuard(entity, existing);
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

/**
 * Gives a record the ancestor ids of its moved parent (its keys stay; its index attributes
 * follow), so that lists keep finding every name in one BatchGet.
 */
export async function setAncestors<E extends CatalogueEntity>(
  entity: E,
  record: RecordOf<E>,
  ancestors: Record<string, unknown>,
): Promise<RecordOf<E>> {
  const moved: RecordOf<E> = { ...record, ...ancestors };
  const set = setExpression({ ...ancestors, ...indexAttributes(entity, moved) });
  if (set.empty) return moved;
  await transactWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keyOf({ entity, id: idOf(entity, record) }),
          UpdateExpression: set.expression,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: set.names,
          ExpressionAttributeValues: set.values,
        },
      },
    ],
    ['missing'],
  );
  return moved;
}
