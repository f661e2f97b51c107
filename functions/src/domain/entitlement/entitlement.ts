/**
 * The one entitlement rule (docs/api.md §6): a learner may watch a topic (and read its notes)
 * when its subject is purchased by them, or the topic is free to watch ("1"), or its subject,
 * class or board is a free course. Every place that decides calls this.
 */
export interface TopicContext {
  topic: { free_to_watch?: unknown; subject_id?: unknown };
  subject?: { free_course?: unknown };
  class?: { free_course?: unknown };
  board?: { free_course?: unknown };
}

/** Whether the subject, its class or its board is a free course. */
export const isFreeCourse = (ctx: Omit<TopicContext, 'topic'>) =>
  ctx.subject?.free_course === true ||
  ctx.class?.free_course === true ||
  ctx.board?.free_course === true;

export function mayWatchTopic(ctx: TopicContext, purchasedSubjects: ReadonlySet<string>): boolean {
  if (ctx.topic.free_to_watch === '1') return true;
  if (isFreeCourse(ctx)) return true;
  return typeof ctx.topic.subject_id === 'string' && purchasedSubjects.has(ctx.topic.subject_id);
}
