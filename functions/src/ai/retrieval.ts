import { AI_SOURCE_LIMITS } from '@gia/shared';
import { getRecordsAndGrants, listByParent } from '../db/catalogue.ts';
import { passagesOf } from '../db/sources.ts';
import type { TopicFields } from '../db/records.ts';
import { mayWatchTopic } from '../domain/entitlement/index.ts';
import { topicPassages, type GroundedTopic } from '../domain/grounding/index.ts';
import { search, type Hit } from '../domain/grounding/index.ts';
import type { TopicAccess } from '../domain/entitlement/index.ts';

/** A passage as the model sees it: an id of this request, where it comes from, its words. */
export interface SentPassage {
  id: string;
  topic: string;
  source: Hit['passage']['source'];
  page?: number;
  start_seconds?: number;
  text: string;
  /** The notes url to sign for a citation of this passage (never sent). */
  notes_url?: string;
}

/** The subjects of `subjectIds` the learner owns (one GetItem each, through the grant read). */
async function ownedSubjects(userId: string, subjectIds: string[]): Promise<Set<string>> {
  return (await getRecordsAndGrants([], userId, subjectIds)).granted;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The second tier: the best passages of the chapter's other topics the learner may watch (the
 * one rule), from their stored indexes (a topic nobody asked about yet has none and is left out).
 */
async function chapterHits(
  userId: string,
  a: TopicAccess,
  question: string,
): Promise<{ hit: Hit; topic: TopicFields }[]> {
  const siblings = (
    (await listByParent('topic', a.topic.chapter_id, { limit: 50 }))
      .items as unknown as TopicFields[]
  ).filter((t) => t.topic_id !== a.topic.topic_id && t.status === 'Active');
  if (!siblings.length) return [];
  const watchable = (t: TopicFields, owned: ReadonlySet<string>) =>
    mayWatchTopic({ topic: t, subject: a.subject, class: a.class, board: a.board }, owned);
  // The grant is read only when the rule needs it: a sibling neither free nor in a free course.
  const owned = siblings.every((t) => watchable(t, NONE))
    ? NONE
    : await ownedSubjects(userId, [a.topic.subject_id]);
  const allowed = siblings.filter((t) => watchable(t, owned));
  const stored = await passagesOf(allowed.map((t) => t.topic_id));
  return allowed
    .flatMap((t) => {
      const p = stored.get(t.topic_id);
      return p ? search(p.index, p.passages, question, 2).map((hit) => ({ hit, topic: t })) : [];
    })
    .sort((x, y) => y.hit.score - x.hit.score)
    .slice(0, AI_SOURCE_LIMITS.chapterPassages);
}

/** A top score below this (or fewer hits than two) counts as weak: the chapter is searched too. */
const WEAK_SCORE = 2;

const toSent = (hit: Hit, topic: TopicFields, i: number): SentPassage => ({
  id: `P${i + 1}`,
  topic: topic.topic_name,
  source: hit.passage.source,
  ...(hit.passage.page ? { page: hit.passage.page } : {}),
  ...(hit.passage.start_seconds !== undefined ? { start_seconds: hit.passage.start_seconds } : {}),
  text: hit.passage.text,
  notes_url: hit.passage.source === 'notes' ? topic.notes_url : undefined,
});

/**
 * The question's best passages of a topic the learner may watch (minisearch over its notes
 * pages, captions and description), and of the chapter's other topics when the topic's own are
 * weak; with none found, the topic's description.
 */
export async function groundedPassages(
  userId: string,
  a: TopicAccess,
  question: string,
): Promise<SentPassage[]> {
  const stored = await topicPassages(a.topic as GroundedTopic);
  const own = search(stored.index, stored.passages, question, AI_SOURCE_LIMITS.topPassages);
  const weak = own.length < 2 || (own[0]?.score ?? 0) < WEAK_SCORE;
  const more = weak ? await chapterHits(userId, a, question) : [];
  const picked = [...own.map((hit) => ({ hit, topic: a.topic })), ...more];
  // With no word of the question found, the description still tells the model the topic.
  if (!picked.length) {
    const description = stored.passages.find((p) => p.source === 'description');
    if (description) picked.push({ hit: { passage: description, score: 0 }, topic: a.topic });
  }
  return picked.map(({ hit, topic }, i) => toSent(hit, topic, i));
}
