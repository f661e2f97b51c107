import type { CatalogueListQuery, MyCatalogueState, TopicRecord } from '@gia/shared';
import {
  classContents,
  getRecord,
  getRecordsAndMarks,
  listByParent,
  pick,
  subjectTopicRecords,
} from '../db/catalogue-reads.ts';
import { mapCursorErrors } from '../lib/cursor-errors.ts';
import { mayWatchTopic } from '../domain/entitlement/index.ts';
import { parentRefs } from '../domain/catalogue/index.ts';
import { playableTopic } from './topic-view.ts';

/** Topics of one chapter read at most: a chapter holds tens. */
const CHAPTER_TOPICS_LIMIT = 1000;

/** The subjects and Active topics of the class, subject or chapter a page shows. */
async function pageContents(
  scope: CatalogueListQuery,
): Promise<{ subjectIds: string[]; topics: TopicRecord[] }> {
  let subjectIds: string[] = [];
  let topics: TopicRecord[] = [];
  if (scope.chapter_id) {
    const chapterId = scope.chapter_id;
    topics = (
      await mapCursorErrors(() => listByParent('topic', chapterId, { limit: CHAPTER_TOPICS_LIMIT }))
    ).items;
    subjectIds = topics.map((t) => t.subject_id);
  } else if (scope.subject_id) {
    const subject = await getRecord({ entity: 'subject', id: scope.subject_id });
    if (subject) {
      subjectIds = [subject.subject_id];
      topics = await subjectTopicRecords(subject.class_id, subject.subject_id);
    }
  } else if (scope.class_id) {
    const content = await classContents(scope.class_id);
    subjectIds = (content.subject ?? []).map((s) => s.subject_id);
    topics = content.topic ?? [];
  }
  return { subjectIds, topics: topics.filter((t) => t.status === 'Active') };
}

/**
 * The learner's own part of a class's, subject's or chapter's page (issue 30, item 4), beside the
 * public answer that is the same for everyone: which of the page's subjects they own, have in the
 * cart and like, and every topic of the page they may play, with its signed media and HLS access.
 * Answered `private, no-store`.
 *
 * Two requests for a class or a chapter (its contents, one Query; then one BatchGet of the
 * topics' ancestors and the learner's grants and cart and favourite guards), three for a subject
 * (its record first, for the class whose partition holds its topics).
 */
export async function myCatalogueState(
  userId: string,
  scope: CatalogueListQuery,
): Promise<MyCatalogueState> {
  const { subjectIds, topics } = await pageContents(scope);
  const { records, owned, inCart, favourite } = await getRecordsAndMarks(
    parentRefs('topic', topics),
    userId,
    subjectIds,
  );
  const playable = topics.filter((t) =>
    mayWatchTopic(
      {
        topic: t,
        subject: pick(records, 'subject', t.subject_id),
        class: pick(records, 'class', t.class_id),
        board: pick(records, 'board', t.board_id),
      },
      owned,
    ),
  );
  return {
    owned_subject_ids: [...owned],
    cart_subject_ids: [...inCart],
    favourite_subject_ids: [...favourite],
    topics: await Promise.all(playable.map(playableTopic)),
  };
}
