import { ulid } from 'ulid';
import {
  LEARNING_MESSAGES as M,
  QNA_LIMITS,
  type DraftCitation,
  type HandoffDraft,
  shownLearnerName,
  watchedToEnd,
  type QnaPageQuery,
} from '@gia/shared';
import { getLearnerProfile } from '../db/accounts.ts';
import { conversation } from '../db/ai.ts';
import { progressInChapter, saveProgress } from '../db/learner.ts';
import { InvalidCursorError } from '../db/paging.ts';
import {
  appendAnswer,
  editQuestion,
  putQuestion,
  questionById,
  topicQuestions,
  type Question,
} from '../db/questions.ts';
import {
  changeReview,
  createReview,
  removeReview,
  reviewById,
  topicReviews,
  type Review,
} from '../db/reviews.ts';
import { WriteRefused } from '../db/transact.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { answerRefusal, publicQuestion } from '../domain/questions/index.ts';
import {
  requireTopicAccess,
  requireTopicAccessHinted,
  topicAccessOf,
} from '../domain/entitlement/index.ts';
import { markActive } from '../domain/streak/index.ts';
import { onceByClientId } from '../domain/client-writes/index.ts';

/**
 * A review as other learners see it: explicit public fields only. Who wrote it is a name (never
 * a name reserved for staff) and `mine`, never another learner's id.
 */
const publicReview = (r: Review, me: string) => ({
  id: r.id,
  user_name: shownLearnerName(r.user_name),
  topic_id: r.topic_id,
  rating: r.rating,
  review_comment: r.review_comment,
  created_at: r.created_at,
  mine: r.user_id === me,
});

/**
 * A topic's reviews, newest first, with the average and count. Learners who may not watch the
 * topic see only the summary (the same numbers the class and subject cards show to everyone):
 * the texts are written by buyers for buyers.
 */
export async function listReviews(userId: string, topicId: string) {
  // The topic comes with its reviews (one Query); then its ancestors and the learner's grant.
  const { reviews, summary, topic } = await topicReviews(topicId);
  const access = await topicAccessOf(userId, topic);
  return {
    reviews: access.allowed ? reviews.map((r) => publicReview(r, userId)) : [],
    summary,
    entitled: access.allowed,
  };
}

async function learnerName(userId: string) {
  return shownLearnerName((await getLearnerProfile(userId))?.user_name);
}

/** The answer a refused review write gives: never a 500, whatever the reason. */
function reviewRefusal(err: unknown): unknown {
  // A device-made id sent before: `onceByClientId` answers with the first send's review.
  if (!(err instanceof WriteRefused) || err.reason === 'replayed') return err;
  if (err.reason === 'duplicate') return new ConflictError(M.reviewTwice);
  if (err.reason === 'missing') return new NotFoundError(M.reviewNotFound);
  return new ConflictError(M.reviewBusy);
}

/**
 * Runs a review write again after a concurrent change of the same aggregates (a transaction
 * conflict in DynamoDB), with a short random pause, so the aggregates stay exact; a refusal that
 * outlasts the retries is a clear 409.
 */
async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof WriteRefused) || err.reason !== 'changed' || attempt >= 3) {
        throw reviewRefusal(err);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
}

/**
 * Posts the learner's one review of a topic they may watch. With a `client_id` (issue 32) a resend
 * answers the first review and writes nothing.
 */
export async function postReview(
  userId: string,
  input: { topic_id: string; rating: number; review_comment: string; client_id?: string },
) {
  return onceByClientId(userId, 'reviews.insert', input.client_id, async (guard) => {
    const access = await requireTopicAccess(userId, input.topic_id);
    const now = new Date().toISOString();
    const review = {
      id: ulid(),
      user_id: userId,
      user_name: await learnerName(userId),
      topic_id: input.topic_id,
      subject_id: access.topic.subject_id,
      class_id: access.topic.class_id,
      rating: input.rating,
      review_comment: input.review_comment,
      created_at: now,
      updated_at: now,
    };
    const shown = publicReview(review, userId);
    await withRetry(() => createReview(review, guard?.(shown)));
    return shown;
  });
}

async function ownReview(userId: string, id: string) {
  const review = await reviewById(id);
  if (!review) throw new NotFoundError(M.reviewNotFound);
  if (review.user_id !== userId) throw new ForbiddenError(M.reviewNotOwner);
  return review;
}

export async function updateReview(
  userId: string,
  input: { id: string; rating: number; review_comment: string },
) {
  return withRetry(async () => {
    const review = await ownReview(userId, input.id);
    const now = new Date().toISOString();
    await changeReview(review, input.rating, input.review_comment, now);
    return publicReview(
      { ...review, rating: input.rating, review_comment: input.review_comment },
      userId,
    );
  });
}

export async function deleteReview(userId: string, id: string) {
  await withRetry(async () => removeReview(await ownReview(userId, id)));
}

/**
 * One page of a topic's questions, newest first, for a learner who may watch the topic. With the
 * topic's subject, class and board ids (hints the lesson read gave the client), two requests: the
 * page (Query) and one BatchGet of the topic, its ancestors and the learner's grant.
 */
export async function listQuestions(userId: string, query: QnaPageQuery) {
  // The page is read beside the entitlement check, and shown only once the check has passed.
  const { subject_id, class_id, board_id } = query;
  const [, page] = await Promise.all([
    requireTopicAccessHinted(userId, query.topic_id, { subject_id, class_id, board_id }),
    topicQuestions(query.topic_id, query.limit, query.cursor).catch((err: unknown) => {
      throw err instanceof InvalidCursorError ? new ValidationError(M.invalidCursor) : err;
    }),
  ]);
  return { items: page.items.map((q) => publicQuestion(q, userId)), nextCursor: page.nextCursor };
}

/**
 * Posts a question about a topic the learner may watch. With a `client_id` (issue 32) a resend
 * answers the first question and writes nothing.
 */
export async function postQuestion(
  userId: string,
  topicId: string,
  question: string,
  clientId?: string,
) {
  return onceByClientId(userId, 'qna.insert', clientId, async (guard) => {
    await requireTopicAccess(userId, topicId);
    const q: Question = {
      qna_id: ulid(),
      user_id: userId,
      user_name: await learnerName(userId),
      topic_id: topicId,
      posted_date: new Date().toISOString(),
      questionanswers: [{ question, answers: [] }],
    };
    const shown = publicQuestion(q, userId);
    await putQuestion(q, guard?.(shown));
    return shown;
  });
}

/** The parts of a stored citation a draft keeps (a signed URL expires; staff get the page). */
function draftCitation(c: Record<string, unknown>): DraftCitation[] {
  const source = c.source;
  if (source !== 'notes' && source !== 'video' && source !== 'description') return [];
  if (typeof c.quote !== 'string') return [];
  return [
    {
      source,
      quote: c.quote,
      ...(typeof c.page === 'number' ? { page: c.page } : {}),
      ...(typeof c.start_seconds === 'number' ? { start_seconds: c.start_seconds } : {}),
    },
  ];
}

/**
 * The AI's draft for a hand-off: the server's own last teacher turn of this learner and topic,
 * with its citations; none when the AI teacher has not answered there. Never the client's words.
 */
async function aiDraft(userId: string, topicId: string): Promise<HandoffDraft | undefined> {
  const turns = await conversation(userId, { topic_id: topicId });
  const last = turns.findLast((t) => t.role === 'teacher');
  if (!last) return undefined;
  const cited = (last as { citations?: unknown }).citations;
  return {
    text: last.content,
    citations: Array.isArray(cited)
      ? cited.flatMap((c) => (c && typeof c === 'object' ? draftCitation(c as never) : []))
      : [],
  };
}

/**
 * `askTeacher`: posts the learner's question on the topic's Q&A as a hand-off, with the AI's
 * draft attached for staff only (the learner's view never carries it).
 */
export async function askTeacher(userId: string, topicId: string, question: string) {
  await requireTopicAccess(userId, topicId);
  const [name, draft] = await Promise.all([learnerName(userId), aiDraft(userId, topicId)]);
  const q: Question = {
    qna_id: ulid(),
    user_id: userId,
    user_name: name,
    topic_id: topicId,
    posted_date: new Date().toISOString(),
    questionanswers: [{ question, answers: [] }],
    handoff: true,
    ...(draft ? { ai_draft: draft } : {}),
  };
  await putQuestion(q);
  return publicQuestion(q, userId);
}

/**
 * `updateqna`: the author may edit the question; anyone who may watch the topic may add an
 * answer, within the caps per question and per learner.
 */
export async function updateQuestion(
  userId: string,
  input: { qna_id: string; question?: string; answer?: string },
) {
  const q = await questionById(input.qna_id);
  if (!q) throw new NotFoundError(M.questionNotFound);
  if (input.question !== undefined) {
    if (q.user_id !== userId) throw new ForbiddenError(M.questionNotOwner);
    await editQuestion(q, input.question);
  }
  if (input.answer !== undefined) {
    await requireTopicAccess(userId, q.topic_id);
    await appendAnswer(
      q,
      {
        answer: input.answer,
        answered_by: await learnerName(userId),
        answered_at: new Date().toISOString(),
        user_id: userId,
        is_staff: false,
      },
      { maxAnswers: QNA_LIMITS.answersPerQuestion, perAuthor: QNA_LIMITS.answersPerLearner },
    ).catch((err: unknown) => {
      throw answerRefusal(err);
    });
  }
  return publicQuestion((await questionById(input.qna_id)) ?? q, userId);
}

/** The learner's position in every topic of a chapter they have started. */
export const chapterProgress = progressInChapter;

/**
 * Remembers where the learner is in a topic; the last seconds count as watched to the end. With
 * `at` (when the device saved it, issue 32) a save older than the stored one changes nothing and
 * answers the stored one, so a queue sent late, or sent twice, never moves the learner back;
 * `client_id` needs no guard here: resending the same `at` is refused by that same condition.
 */
export async function recordProgress(
  userId: string,
  input: {
    topic_id: string;
    position_seconds: number;
    duration_seconds?: number;
    at?: string;
    client_id?: string;
  },
) {
  const access = await requireTopicAccess(userId, input.topic_id);
  const duration = input.duration_seconds ?? 0;
  const completed = watchedToEnd(input.position_seconds, duration);
  const progress = {
    topic_id: input.topic_id,
    chapter_id: access.topic.chapter_id,
    position_seconds: Math.floor(input.position_seconds),
    duration_seconds: Math.floor(duration),
    completed,
    updated_at: new Date(input.at ?? Date.now()).toISOString(),
  };
  // A finished lesson counts today toward the learner's streak (issue 31); once a day at most.
  const [newer] = await Promise.all([
    saveProgress(userId, progress, access.topic, input.at !== undefined),
    completed && markActive(userId),
  ]);
  return { user_id: userId, ...(newer ?? progress) };
}
