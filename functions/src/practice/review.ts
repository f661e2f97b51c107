import { randomUUID } from 'node:crypto';
import {
  attemptIdOf,
  PRACTICE_LIMITS,
  REVIEW_SCOPE_ID,
  type QuizQuestion,
  type ReviewQueue,
  type ReviewQueueSummary,
} from '@gia/shared';
import { issueAttempt } from '../db/practice.ts';
import type { TopicFields } from '../db/records.ts';
import {
  cardOf,
  cardOfQuestion,
  dueCards,
  parkCards,
  reviewContext,
  saveCard,
  type CardPlace,
  type ReviewCard,
} from '../db/review.ts';
import { mayWatchTopic } from '../domain/entitlement/index.ts';
import { streakAt } from '../domain/streak/index.ts';
import { now } from '../lib/clock.ts';
import { nextCard } from './schedule.ts';
import { shown } from './shown.ts';

/**
 * Spaced review (issue 31, docs/api.md §9): every counted answer schedules the learner's card of
 * its question (practice/schedule.ts); the review queue hands out the questions due.
 */

/** Where a question of this topic lives, as its card keeps it. */
export const placeOf = (topic: TopicFields, questionId: string): CardPlace => ({
  question_id: questionId,
  topic_id: topic.topic_id,
  subject_id: topic.subject_id,
  class_id: topic.class_id,
  board_id: topic.board_id,
});

/**
 * Schedules the learner's card of a question after a counted answer to `attemptId` (the card
 * `cardItem` as read with the question, if any). A replay of the same attempt's answer changes
 * nothing (the write is conditional); a card changed meanwhile by another answer is read again.
 * Answers the card as saved, or undefined for a replay.
 */
export async function scheduleAnswer(
  userId: string,
  place: CardPlace,
  correct: boolean,
  attemptId: string,
  cardItem: Record<string, unknown> | undefined,
): Promise<ReviewCard | undefined> {
  const at = now();
  let previous = cardItem ? cardOf(cardItem) : undefined;
  for (let tries = 0; tries < 3; tries++) {
    const saved = await saveCard(
      userId,
      place,
      nextCard(previous, correct, at),
      attemptId,
      previous,
    );
    if (saved === 'replayed') return undefined;
    if (saved !== 'changed') return saved;
    previous = await cardOfQuestion(userId, place.question_id);
  }
  throw new Error(`The review card of ${place.question_id} kept changing.`);
}

/**
 * The topics whose cards one queue read checks: the due cards of the first this many topics
 * (most overdue first), so their topics, banks and grants fit one BatchGet.
 */
const TOPICS_CHECKED = 10;

/**
 * What is due for the learner now: the due cards whose question may still be reviewed, in due
 * order, and the total due. The first ten topics' cards are checked (their topic active, their
 * subject open to the learner, their question approved); cards that fail are taken out of the
 * due index, so the count settles within a read or two. Two requests (a Query and a BatchGet).
 */
async function dueNow(userId: string) {
  const at = now();
  const cards = await dueCards(userId, at);
  const topicIds = new Set<string>();
  for (const c of cards) {
    if (topicIds.size >= TOPICS_CHECKED) break;
    topicIds.add(c.topic_id);
  }
  const checked = cards.filter((c) => topicIds.has(c.topic_id));
  const ctx = await reviewContext(userId, checked);
  const ready: { card: ReviewCard; question: QuizQuestion }[] = [];
  const parked: string[] = [];
  for (const card of checked) {
    const topic = ctx.topics.get(card.topic_id);
    const open =
      topic?.status === 'Active' &&
      topic.subject_id === card.subject_id &&
      mayWatchTopic(
        {
          topic,
          subject: ctx.subjects.get(topic.subject_id),
          class: ctx.classes.get(topic.class_id),
          board: ctx.boards.get(topic.board_id),
        },
        ctx.granted,
      );
    const q =
      open &&
      ctx.banks
        .get(card.topic_id)
        ?.questions.find((x) => x.question_id === card.question_id && x.status === 'approved');
    if (q) ready.push({ card, question: shown(card.topic_id, q) });
    else parked.push(card.question_id);
  }
  if (parked.length) await parkCards(userId, parked);
  return {
    due: ready.length + cards.length - checked.length,
    ready,
    streak: streakAt(ctx.activity, at),
  };
}

/** `getReviewSummary`: how many questions are due now, and the streak; nothing is issued. */
export async function reviewSummary(userId: string): Promise<ReviewQueueSummary> {
  const { due, streak } = await dueNow(userId);
  return { due, streak };
}

/**
 * `getReviewQueue`: up to ten due questions, most overdue first, without their answers, and a
 * review attempt issued to the learner with them: `answerQuiz` with its `attempt_id` grades,
 * counts and reschedules each once.
 */
export async function reviewQueue(userId: string): Promise<ReviewQueue> {
  const { due, ready, streak } = await dueNow(userId);
  const picked = ready.slice(0, PRACTICE_LIMITS.reviewMax);
  if (!picked.length) return { due, attempt_id: null, questions: [], streak };
  const ref = { scope: 'review' as const, scope_id: REVIEW_SCOPE_ID };
  const attemptId = attemptIdOf({ ...ref, total: picked.length }, randomUUID().replaceAll('-', ''));
  await issueAttempt(
    attemptId,
    ref,
    userId,
    picked.map((p) => p.card.question_id),
  );
  return { due, attempt_id: attemptId, questions: picked.map((p) => p.question), streak };
}
