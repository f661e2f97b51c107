import { watchedToEnd } from '@gia/shared';
import { saveProgress, userItems } from '../db/learner.ts';
import { requireTopicAccess } from './topic-access.ts';

/** The learner's position in every topic of a chapter they have started. */
export async function chapterProgress(userId: string, chapterId: string) {
  const all = await userItems(userId, 'PROGRESS#');
  return all.filter((p) => p.chapter_id === chapterId).map(({ type: _t, ...p }) => p);
}

/** Remembers where the learner is in a topic; the last seconds count as watched to the end. */
export async function recordProgress(
  userId: string,
  input: { topic_id: string; position_seconds: number; duration_seconds?: number },
) {
  const access = await requireTopicAccess(userId, input.topic_id);
  const duration = input.duration_seconds ?? 0;
  const completed = watchedToEnd(input.position_seconds, duration);
  const record = {
    user_id: userId,
    topic_id: input.topic_id,
    chapter_id: String(access.topic.chapter_id),
    position_seconds: Math.floor(input.position_seconds),
    duration_seconds: Math.floor(duration),
    completed,
    updated_at: new Date().toISOString(),
  };
  await saveProgress(record);
  return record;
}
