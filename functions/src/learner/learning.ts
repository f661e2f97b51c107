import { ulid } from 'ulid';
import {
  LEARNING_MESSAGES as M,
  QNA_LIMITS,
  STAFF_LABEL,
  shownLearnerName,
  type QnaPageQuery,
} from '@gia/shared';
import { getLearnerProfile } from '../db/accounts.ts';
import { InvalidCursorError } from '../db/client.ts';
import {
  AnswerRefused,
  appendAnswer,
  changeReview,
  createReview,
  editQuestion,
  questionById,
  questionsForAdmin,
  putQuestion,
  removeReview,
  ReviewRefused,
  reviewById,
  topicQuestions,
  topicReviews,
  type Answer,
  type Question,
  type Review,
} from '../db/learning.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { requireTopicAccess, topicAccess } from './topic-access.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

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
  const [access, { reviews, summary }] = await Promise.all([
    topicAccess(userId, topicId),
    topicReviews(topicId),
  ]);
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
  if (!(err instanceof ReviewRefused)) return err;
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
      if (!(err instanceof ReviewRefused) || err.reason !== 'changed' || attempt >= 3) {
        throw reviewRefusal(err);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
}

/** Posts the learner's one review of a topic they may watch. */
export async function postReview(
  userId: string,
  input: { topic_id: string; rating: number; review_comment: string },
) {
  const access = await requireTopicAccess(userId, input.topic_id);
  const now = new Date().toISOString();
  const review = {
    id: ulid(),
    user_id: userId,
    user_name: await learnerName(userId),
    topic_id: input.topic_id,
    subject_id: str(access.topic.subject_id),
    class_id: str(access.topic.class_id),
    rating: input.rating,
    review_comment: input.review_comment,
    created_at: now,
    updated_at: now,
  };
  await withRetry(() => createReview(review));
  return publicReview(review, userId);
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
 * An answer as learners see it: staff answers carry `is_staff` (set by the server when the admin
 * pool answered) and the school's name; a learner's answer shows their name, never one reserved
 * for staff, however they named themselves.
 */
const publicAnswer = (a: Answer, me: string) => ({
  answer: a.answer,
  answered_by: a.is_staff === true ? STAFF_LABEL : shownLearnerName(a.answered_by),
  answered_at: a.answered_at,
  is_staff: a.is_staff === true,
  mine: a.is_staff !== true && a.user_id === me,
});

/** A question as learners see it: explicit public fields, `mine` instead of anyone's id. */
const publicQuestion = (q: Question, me: string) => ({
  qna_id: q.qna_id,
  user_name: shownLearnerName(q.user_name),
  topic_id: q.topic_id,
  posted_date: q.posted_date,
  mine: q.user_id === me,
  questionanswers: q.questionanswers.map((qa) => ({
    question: qa.question,
    answers: qa.answers.map((a) => publicAnswer(a, me)),
  })),
});

/** One page of a topic's questions, newest first, for a learner who may watch the topic. */
export async function listQuestions(userId: string, query: QnaPageQuery) {
  // The page is read beside the entitlement check, and shown only once the check has passed.
  const [, page] = await Promise.all([
    requireTopicAccess(userId, query.topic_id),
    topicQuestions(query.topic_id, query.limit, query.cursor).catch((err: unknown) => {
      throw err instanceof InvalidCursorError ? new ValidationError(M.invalidCursor) : err;
    }),
  ]);
  return { items: page.items.map((q) => publicQuestion(q, userId)), nextCursor: page.nextCursor };
}

/** Posts a question about a topic the learner may watch. */
export async function postQuestion(userId: string, topicId: string, question: string) {
  await requireTopicAccess(userId, topicId);
  const q: Question = {
    qna_id: ulid(),
    user_id: userId,
    user_name: await learnerName(userId),
    topic_id: topicId,
    posted_date: new Date().toISOString(),
    questionanswers: [{ question, answers: [] }],
  };
  await putQuestion(q);
  return publicQuestion(q, userId);
}

/** The answer a refused answer gives: a clear 4xx naming the cap. */
function answerRefusal(err: unknown): unknown {
  if (!(err instanceof AnswerRefused)) return err;
  if (err.reason === 'missing') return new NotFoundError(M.questionNotFound);
  if (err.reason === 'author-limit') return new ConflictError(M.answersPerLearner);
  return new ConflictError(M.answersFull);
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

/** A question as the admin desk sees it (staff may see who asked). */
const adminQuestion = (q: Question) => ({
  ...publicQuestion(q, ''),
  user_id: q.user_id,
  user_name: q.user_name,
});

/** The admin screen's list of questions (optionally only unanswered ones). */
export const adminQuestions = async (unansweredOnly: boolean) =>
  (await questionsForAdmin(unansweredOnly)).map(adminQuestion);

/**
 * An admin's answer: flagged `is_staff` by the server (only the admin pool reaches this route),
 * shown under the school's name; staff keep a few places beyond the learners' cap.
 */
export async function adminAnswer(adminId: string, qnaId: string, answer: string) {
  const q = await questionById(qnaId);
  if (!q) throw new NotFoundError(M.questionNotFound);
  await appendAnswer(
    q,
    {
      answer,
      answered_by: STAFF_LABEL,
      answered_at: new Date().toISOString(),
      user_id: adminId,
      is_staff: true,
    },
    { maxAnswers: QNA_LIMITS.answersPerQuestion + QNA_LIMITS.staffReserve },
  ).catch((err: unknown) => {
    throw answerRefusal(err);
  });
  return adminQuestion((await questionById(qnaId)) ?? q);
}
