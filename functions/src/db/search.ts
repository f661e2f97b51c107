import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { RecordOf } from '@gia/shared';
import { ddb } from '../lib/dynamo.ts';
import { classContents, getRecord, type ClassContents } from './catalogue-reads.ts';
import { allPartition, toRecord, underPartition, type Ref } from './catalogue-keys.ts';
import { queryAll } from './query.ts';
import { tableName } from './table-name.ts';

/*
 * The search function's reads and writes (issue 34, docs/search.md): a class's whole catalogue
 * for its index, and which classes use a source file, so a finished extraction rebuilds the
 * classes whose topics show it.
 *
 * | item | pk | sk | serves |
 * |---|---|---|---|
 * | source use | `SOURCE#<media key>` | `CLASS#<class_id>` | the classes whose index holds a source's text (written by each build, before it reads the sources) |
 */

/** Every record of a class an index names: its board, itself, and everything under it. */
export interface ClassTree {
  board?: RecordOf<'board'>;
  class: RecordOf<'class'>;
  subjects: RecordOf<'subject'>[];
  subSubjects: RecordOf<'sub-subject'>[];
  chapters: RecordOf<'chapter'>[];
  topics: RecordOf<'topic'>[];
}

/** The records under one parent, all pages (a class's lists stay small). */
const under = async <E extends 'sub-subject' | 'chapter'>(entity: E, parent: Ref) =>
  (
    await queryAll({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': underPartition(entity, parent) },
    })
  ).map((item) => toRecord<E>(item));

/**
 * A class with everything an index names, or undefined when the class is gone: one Query of its
 * content partition (class, subjects, topics) unless `read` is that Query's answer, one GetItem of
 * its board, and per subject a Query of its sub-subjects and of its chapters, per sub-subject one
 * of its chapters.
 */
export async function classTree(
  classId: string,
  read?: ClassContents,
): Promise<ClassTree | undefined> {
  const content = read ?? (await classContents(classId));
  const cls = content.class?.[0];
  if (!cls) return undefined;
  const subjects = content.subject ?? [];
  const [board, subSubjects] = await Promise.all([
    getRecord({ entity: 'board', id: cls.board_id }),
    Promise.all(
      subjects.map((s) => under('sub-subject', { entity: 'subject', id: s.subject_id })),
    ).then((lists) => lists.flat()),
  ]);
  const chapters = (
    await Promise.all([
      ...subjects.map((s) => under('chapter', { entity: 'subject', id: s.subject_id })),
      ...subSubjects.map((s) => under('chapter', { entity: 'sub-subject', id: s.sub_subject_id })),
    ])
  ).flat();
  return { board, class: cls, subjects, subSubjects, chapters, topics: content.topic ?? [] };
}

/** The ids of a board's classes (a board's name is in each of their indexes). */
export async function classIdsOfBoard(boardId: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': underPartition('class', { entity: 'board', id: boardId }) },
    ProjectionExpression: 'class_id',
  });
  return items.map((i) => String(i.class_id));
}

/**
 * Notes that a class's index uses these sources (idempotent: an unchanged item writes no stream
 * record). A stale use (a topic that changed its notes since) only costs a needless rebuild.
 */
export async function recordSourceUses(classId: string, mediaKeys: string[]): Promise<void> {
  await Promise.all(
    [...new Set(mediaKeys)].map((key) =>
      ddb.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            pk: `SOURCE#${key}`,
            sk: `CLASS#${classId}`,
            type: 'source-use',
            class_id: classId,
          },
        }),
      ),
    ),
  );
}

/** The classes whose index uses a source (its extraction's result changes them). */
export async function classesUsingSource(mediaKey: string): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': `SOURCE#${mediaKey}`, ':sk': 'CLASS#' },
    ProjectionExpression: 'class_id',
  });
  return items.map((i) => String(i.class_id));
}

/** The ids of every class (a full rebuild of the indexes: the local stack's start, an operator). */
export async function allClassIds(): Promise<string[]> {
  const { index, partition } = allPartition('class');
  const items = await queryAll({
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk`,
    ExpressionAttributeValues: { ':pk': partition },
    ProjectionExpression: 'class_id',
  });
  return items.map((i) => String(i.class_id));
}
