import { TOPIC_MESSAGES as M } from '@gia/shared';
import { getRecordsAndGrants } from '../../db/catalogue.ts';
import {
  pickOf,
  recordOf,
  type BoardFields,
  type ChapterFields,
  type ClassFields,
  type SubjectFields,
  type TopicFields,
} from '../../db/records.ts';
import { topicWithAncestors, type AncestorHints } from '../../db/topic-ancestors.ts';
import { mayWatchTopic } from './entitlement.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';

export type { AncestorHints } from '../../db/topic-ancestors.ts';

export interface TopicAccess {
  topic: TopicFields;
  chapter?: ChapterFields;
  subject?: SubjectFields;
  class?: ClassFields;
  board?: BoardFields;
  allowed: boolean;
}

/** A topic with its ancestors and whether the learner may watch it (the one rule). */
export async function topicAccess(userId: string, topicId: string): Promise<TopicAccess> {
  return topicAccessOf(userId, await recordOf('topic', topicId));
}

/**
 * {@link topicAccess} of a topic record already read (`undefined`: there is none): its
 * ancestors and the learner's grant in one BatchGet.
 */
export async function topicAccessOf(
  userId: string,
  topic: TopicFields | undefined,
): Promise<TopicAccess> {
  if (!topic || topic.status !== 'Active') throw new NotFoundError(M.topicNotFound);
  const { records, granted } = await getRecordsAndGrants(
    [
      { entity: 'chapter', id: topic.chapter_id },
      { entity: 'subject', id: topic.subject_id },
      { entity: 'class', id: topic.class_id },
      { entity: 'board', id: topic.board_id },
    ],
    userId,
    [topic.subject_id],
  );
  const ctx = {
    topic,
    chapter: pickOf(records, 'chapter', topic.chapter_id),
    subject: pickOf(records, 'subject', topic.subject_id),
    class: pickOf(records, 'class', topic.class_id),
    board: pickOf(records, 'board', topic.board_id),
  };
  return { ...ctx, allowed: mayWatchTopic(ctx, granted) };
}

/** The same, refusing with 403 when the learner may not watch. */
export async function requireTopicAccess(userId: string, topicId: string): Promise<TopicAccess> {
  const access = await topicAccess(userId, topicId);
  if (!access.allowed) throw new ForbiddenError(M.notEntitled);
  return access;
}

/**
 * {@link requireTopicAccess} read with the ancestor ids the client sent (`hints`, see
 * `topicWithAncestors`): with the right ones, the topic, its subject, class and board and the
 * learner's grant are one BatchGet; wrong or absent ones cost a second BatchGet and answer the
 * same. The decision rests on the topic record's own ids. No chapter: the caller needs none.
 */
export async function requireTopicAccessHinted(
  userId: string,
  topicId: string,
  hints: AncestorHints,
): Promise<Omit<TopicAccess, 'chapter'>> {
  const {
    topic,
    subject,
    class: cls,
    board,
    granted,
  } = await topicWithAncestors(userId, topicId, hints);
  if (!topic || topic.status !== 'Active') throw new NotFoundError(M.topicNotFound);
  const ctx = { topic, subject, class: cls, board };
  if (!mayWatchTopic(ctx, granted)) throw new ForbiddenError(M.notEntitled);
  return { ...ctx, allowed: true };
}
