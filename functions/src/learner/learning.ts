import { ulid } from 'ulid';
import { LEARNING_MESSAGES as M } from '@gia/shared';
import { getLearnerProfile, getAdmin } from '../db/accounts.ts';
import {
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
} from '../db/learning.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { requireTopicAccess } from './topic-access.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

const publicReview = (r: {
  id: string;
  user_id: string;
  user_name: string;
  topic_id: string;
  rating: number;
  review_comment: string;
  created_at: string;
}) => ({
  id: r.id,
  user_id: r.user_id,
  user_name: r.user_name,
  topic_id: r.topic_id,
  rating: r.rating,
  review_comment: r.review_comment,
  created_at: r.created_at,
});

/** A topic's reviews, newest first, with the average and count. */
export async function listReviews(topicId: string) {
  const { reviews, summary } = await topicReviews(topicId);
  return { reviews: reviews.map(publicReview), summary };
}

async function learnerName(userId: string) {
  return (await getLearnerProfile(userId))?.user_name || 'Learner';
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
  try {
    await createReview(review);
  } catch (err) {
    if (err instanceof ReviewRefused && err.reason === 'duplicate')
      throw new ConflictError(M.reviewTwice);
    throw err;
  }
  return publicReview(review);
}

async function ownReview(userId: string, id: string) {
  const review = await reviewById(id);
  if (!review) throw new NotFoundError(M.reviewNotFound);
  if (review.user_id !== userId) throw new ForbiddenError(M.reviewNotOwner);
  return review;
}

/** A retry after a concurrent change of the same review keeps the aggregates exact. */
async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof ReviewRefused) || err.reason !== 'changed' || attempt >= 3) throw err;
    }
  }
}

export async function updateReview(
  userId: string,
  input: { id: string; rating: number; review_comment: string },
) {
  return withRetry(async () => {
    const review = await ownReview(userId, input.id);
    const now = new Date().toISOString();
    await changeReview(review, input.rating, input.review_comment, now);
    return publicReview({ ...review, rating: input.rating, review_comment: input.review_comment });
  });
}

export async function deleteReview(userId: string, id: string) {
  await withRetry(async () => removeReview(await ownReview(userId, id)));
}

/** A topic's questions, newest first. */
export async function listQuestions(topicId: string) {
  return topicQuestions(topicId);
}

/** Posts a question about a topic the learner may watch. */
export async function postQuestion(userId: string, topicId: string, question: string) {
  await requireTopicAccess(userId, topicId);
  const q = {
    qna_id: ulid(),
    user_id: userId,
    user_name: await learnerName(userId),
    topic_id: topicId,
    posted_date: new Date().toISOString(),
    questionanswers: [{ question, answers: [] }],
  };
  await putQuestion(q);
  return q;
}

/**
 * `updateqna`: the author may edit the question; anyone who may watch the topic may add an
 * answer.
 */
export async function updateQuestion(
  userId: string,
  input: { qna_id: string; question?: string; answer?: string },
) {
  const q = await questionById(input.qna_id);
  if (!q) throw new NotFoundError(M.questionNotFound);
  if (input.question !== undefined) {
    if (q.user_id !== userId) throw new ForbiddenError(M.questionNotOwner);
    const text = input.question.trim();
    if (!text) throw new ValidationError(M.questionEmpty);
    await editQuestion(q, text.slice(0, 2000));
  }
  if (input.answer !== undefined) {
    await requireTopicAccess(userId, q.topic_id);
    const text = input.answer.trim();
    if (!text) throw new ValidationError(M.answerEmpty);
    await appendAnswer(q, {
      answer: text.slice(0, 2000),
      answered_by: await learnerName(userId),
      answered_at: new Date().toISOString(),
    });
  }
  return (await questionById(input.qna_id)) ?? q;
}

/** The admin screen's list of questions (optionally only unanswered ones). */
export const adminQuestions = (unansweredOnly: boolean) => questionsForAdmin(unansweredOnly);

/** An admin's answer. */
export async function adminAnswer(adminId: string, qnaId: string, answer: string) {
  const q = await questionById(qnaId);
  if (!q) throw new NotFoundError(M.questionNotFound);
  const name = (await getAdmin(adminId))?.name ?? 'Admin';
  await appendAnswer(q, {
    answer,
    answered_by: `${name} (GIA School)`,
    answered_at: new Date().toISOString(),
  });
  return (await questionById(qnaId)) ?? q;
}
