import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { inLanguage, type Translations } from '@gia/shared/languages.ts';
import { ddb } from '../lib/dynamo.ts';
import { readingLanguage } from '../lib/reading-language.ts';
import { readClass, type ClassRead } from './catalogue-reads.ts';
import * as keys from './item-keys.ts';
import type { TopicFields } from './records.ts';
import { tableName } from './table-name.ts';

/*
 * A subject's outline (issue 30): its active topics in lesson order, kept in one item beside the
 * subject so My Courses reads a subject's progress by key, in the BatchGet that reads the
 * subject's card, instead of a Query of the subject's topics per subject.
 *
 * It is derived, never written by an admin's request: the search function (the table's stream,
 * functions/src/search/stream.ts) rebuilds the outlines of a class whenever it rebuilds that
 * class's index, from the class's content partition as it is then, so a replayed or reordered
 * record is harmless. An outline can lag the catalogue by the stream's batching window (30 s in
 * AWS, 1.5 s on the local stack), and is missing for a subject no rebuild has seen yet: its reader
 * then Queries the subject's topics, with the same answer.
 */

/** One active topic of a subject, as My Courses names it ("Continue", "Start"). */
export interface OutlineTopic {
  topic_id: string;
  chapter_id: string;
  topic_name: string;
  /** Its name in Kannada and Hindi (issue 33), stored; a learner's read gets its language's. */
  translations?: Translations;
}

/** The translations of a topic's name only (what the outline keeps of them). */
function nameTranslations(
  translations: Translations | undefined,
): Pick<OutlineTopic, 'translations'> {
  const names: Translations = {};
  for (const [language, fields] of Object.entries(translations ?? {}) as [
    keyof Translations,
    Record<string, string> | undefined,
  ][]) {
    if (fields?.topic_name) names[language] = { topic_name: fields.topic_name };
  }
  return Object.keys(names).length ? { translations: names } : {};
}

/** The outline's stored `type` (not a catalogue record's: the search stream passes it over). */
const OUTLINE_TYPE = 'outline';

/** The key of a subject's outline. */
export const outlineKey = (subjectId: string) => keys.subjectOutline(subjectId);

/** A subject's active topics in lesson order, from its topic records in that order. */
export const outlineOf = (topics: readonly TopicFields[]): OutlineTopic[] =>
  topics
    .filter((t) => t.status === 'Active')
    .map((t) => ({
      topic_id: t.topic_id,
      chapter_id: t.chapter_id,
      topic_name: t.topic_name,
      ...nameTranslations(t.translations),
    }));

/**
 * The outlines among a BatchGet's items, by subject: in a learner's read, each topic's name in
 * the language it asks for (lib/reading-language.ts), as the catalogue's records come out.
 */
export function outlinesFrom(items: readonly Record<string, unknown>[]) {
  const language = readingLanguage();
  const out = new Map<string, OutlineTopic[]>();
  for (const item of items) {
    if (item.type !== OUTLINE_TYPE || !Array.isArray(item.topics)) continue;
    const topics = item.topics as OutlineTopic[];
    out.set(
      String(item.subject_id),
      language ? topics.map((t) => inLanguage(t, language)) : topics,
    );
  }
  return out;
}

/**
 * Writes the outline of every subject of a class, from one Query of its content partition (the
 * class, its subjects and their topics in lesson order), or from `read`, that Query made already
 * for the class's search index. A class that is gone writes nothing.
 *
 * Each outline says when its read began (`read_at`), and never replaces one read later: two
 * rebuilds of a class at once (two stream batches, or a batch and the local stack's start) leave
 * the newer read, whichever writes last.
 */
export async function rebuildClassOutlines(classId: string, read?: ClassRead): Promise<void> {
  const { readAt, content } = read ?? (await readClass(classId));
  const topics = (content.topic ?? []) as unknown as TopicFields[];
  await Promise.all(
    (content.subject ?? []).map(async (s) => {
      try {
        await ddb.send(
          new PutCommand({
            TableName: tableName(),
            Item: {
              ...outlineKey(s.subject_id),
              type: OUTLINE_TYPE,
              subject_id: s.subject_id,
              class_id: classId,
              read_at: readAt,
              topics: outlineOf(topics.filter((t) => t.subject_id === s.subject_id)),
            },
            ConditionExpression: 'attribute_not_exists(read_at) OR read_at <= :read_at',
            ExpressionAttributeValues: { ':read_at': readAt },
          }),
        );
      } catch (err) {
        if (!(err instanceof ConditionalCheckFailedException)) throw err;
      }
    }),
  );
}

/** Removes a deleted subject's outline. */
export async function deleteOutline(subjectId: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: tableName(), Key: outlineKey(subjectId) }));
}
