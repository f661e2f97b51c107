import { getRecordsAndGrants, type Ref } from './catalogue.ts';
import {
  pickOf,
  recordOf,
  type BoardFields,
  type ClassFields,
  type SubjectFields,
  type TopicFields,
} from './records.ts';

/**
 * The ids of a topic's subject, class and board as the client remembers them (the lesson read
 * gave them): hints for which records to read, never what a decision rests on.
 */
export interface AncestorHints {
  subject_id?: string;
  class_id?: string;
  board_id?: string;
}

/** A topic, its subject, class and board, and whether the learner holds a grant of its subject. */
export interface TopicWithAncestors {
  /** `undefined`: there is no such topic. */
  topic?: TopicFields;
  subject?: SubjectFields;
  class?: ClassFields;
  board?: BoardFields;
  /** The topic's own subject when the learner holds its grant; otherwise empty. */
  granted: Set<string>;
  /** The items asked for by key (`extraKeys`), whole. */
  extras: Record<string, unknown>[];
}

/**
 * A topic with its subject, class and board and the learner's grant of its subject, and other
 * items by key, read with the ancestor ids the client sent (`hints`): one BatchGet of the topic,
 * the hinted subject, class and board, the grant of the hinted subject and `extraKeys` (it also
 * carries the caller's session check, when one is open). Everything is then taken by the topic
 * record's own ids: an ancestor the hints leave out or name wrongly (the topic moved since the
 * client read it, or the client made it up) is read in a second BatchGet, with the grant of the
 * topic's true subject. A hint changes the cost, never the answer. Without any hint the topic is
 * read on its own (GetItem) and the rest in one BatchGet, as before hints. A topic that is
 * missing or not Active (a 404 wherever it is asked for) gets no second read.
 */
export async function topicWithAncestors(
  userId: string,
  topicId: string,
  hints: AncestorHints = {},
  extraKeys: { pk: string; sk: string }[] = [],
): Promise<TopicWithAncestors> {
  const hinted: Ref[] = [];
  if (hints.subject_id) hinted.push({ entity: 'subject', id: hints.subject_id });
  if (hints.class_id) hinted.push({ entity: 'class', id: hints.class_id });
  if (hints.board_id) hinted.push({ entity: 'board', id: hints.board_id });
  const first = hinted.length
    ? await getRecordsAndGrants(
        [{ entity: 'topic', id: topicId }, ...hinted],
        userId,
        hints.subject_id ? [hints.subject_id] : [],
        [],
        extraKeys,
      )
    : undefined;
  const topic = first ? pickOf(first.records, 'topic', topicId) : await recordOf('topic', topicId);
  if (!topic || topic.status !== 'Active') {
    return { topic, granted: new Set(), extras: first?.extras ?? [] };
  }
  const missing: Ref[] = [];
  if (topic.subject_id !== hints.subject_id) {
    missing.push({ entity: 'subject', id: topic.subject_id });
  }
  if (topic.class_id !== hints.class_id) missing.push({ entity: 'class', id: topic.class_id });
  if (topic.board_id !== hints.board_id) missing.push({ entity: 'board', id: topic.board_id });
  const second = missing.length
    ? await getRecordsAndGrants(
        missing,
        userId,
        topic.subject_id !== hints.subject_id ? [topic.subject_id] : [],
        [],
        first ? [] : extraKeys,
      )
    : undefined;
  const records = new Map([...(first?.records ?? []), ...(second?.records ?? [])]);
  // Only a grant of the topic's own subject counts (never one of a wrongly hinted subject).
  const owns = !!first?.granted.has(topic.subject_id) || !!second?.granted.has(topic.subject_id);
  return {
    topic,
    subject: pickOf(records, 'subject', topic.subject_id),
    class: pickOf(records, 'class', topic.class_id),
    board: pickOf(records, 'board', topic.board_id),
    granted: new Set(owns ? [topic.subject_id] : []),
    extras: first ? first.extras : (second?.extras ?? []),
  };
}
