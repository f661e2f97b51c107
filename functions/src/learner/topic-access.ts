import { LEARNING_MESSAGES as M } from '@gia/shared';
import { getRecord, getRecordsAndGrants, pick, type CatalogueRecord } from '../db/catalogue.ts';
import { mayWatchTopic } from '../lib/entitlement.ts';
import { ForbiddenError, NotFoundError } from '../lib/errors.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export interface TopicAccess {
  topic: CatalogueRecord;
  chapter?: CatalogueRecord;
  subject?: CatalogueRecord;
  class?: CatalogueRecord;
  board?: CatalogueRecord;
  allowed: boolean;
}

/** A topic with its ancestors and whether the learner may watch it (the one rule). */
export async function topicAccess(userId: string, topicId: string): Promise<TopicAccess> {
  const topic = await getRecord({ entity: 'topic', id: topicId });
  if (!topic || topic.status !== 'Active') throw new NotFoundError(M.topicNotFound);
  const { records, granted } = await getRecordsAndGrants(
    [
      { entity: 'chapter', id: str(topic.chapter_id) },
      { entity: 'subject', id: str(topic.subject_id) },
      { entity: 'class', id: str(topic.class_id) },
      { entity: 'board', id: str(topic.board_id) },
    ],
    userId,
    [str(topic.subject_id)],
  );
  const ctx = {
    topic,
    chapter: pick(records, 'chapter', topic.chapter_id),
    subject: pick(records, 'subject', topic.subject_id),
    class: pick(records, 'class', topic.class_id),
    board: pick(records, 'board', topic.board_id),
  };
  return { ...ctx, allowed: mayWatchTopic(ctx, granted) };
}

/** The same, refusing with 403 when the learner may not watch. */
export async function requireTopicAccess(userId: string, topicId: string): Promise<TopicAccess> {
  const access = await topicAccess(userId, topicId);
  if (!access.allowed) throw new ForbiddenError(M.notEntitled);
  return access;
}
